import { decideClickability, type ClickabilityInput } from './clickability';
import type { ContractPartVolumes } from './contract';
import type { DecimalString } from './decimal';
import type { DisableClickReason } from './disable-reasons';
import { periodTypeOf, type Maturity } from './maturity';
import { openVolume } from './open-volume';
import {
  positionAutoClickPercentage,
  positionClickedPercentage,
  yearPercentages,
} from './percentages';

/** A contract part as stored: volumes, offers and the average price of what was clicked. */
export interface ContractPartInput extends ContractPartVolumes {
  /** EUR/MWh; null while nothing was clicked. */
  weightedAvgClickPrice: DecimalString | null;
}

/** A contract part as the portal shows it (the spec's contract part). */
export interface ContractPartStatus extends ContractPartInput {
  volumeNotClicked: DecimalString;
}

/** A position as the portal shows it (the spec's status). */
export interface PositionStatus {
  maturity: Maturity;
  yearOfSupply: number;
  clickable: boolean;
  disableClickReason: DisableClickReason | null;
  clickedPercentage: DecimalString;
  /** The share of the clicked volume that auto-click bought, in percent (as stored). */
  autoclickPercentage: DecimalString;
  contractParts: ContractPartStatus[];
}

export interface PositionStatusInput extends Omit<ClickabilityInput, 'parts'> {
  parts: readonly ContractPartInput[];
  autoclickPercentage: DecimalString;
}

/** Builds the status of one position: clickability, percentages and open volume per part. */
export function buildPositionStatus(input: PositionStatusInput): PositionStatus {
  const { clickable, disableClickReason } = decideClickability(input);
  return {
    maturity: input.period.maturity,
    yearOfSupply: input.period.yearOfSupply,
    clickable,
    disableClickReason,
    clickedPercentage: positionClickedPercentage(input.parts),
    autoclickPercentage: input.autoclickPercentage,
    contractParts: input.parts.map((part) => ({ ...part, volumeNotClicked: openVolume(part) })),
  };
}

/** The spec's statusPerContract: statuses grouped by period type. */
export interface StatusPerContract<S extends { maturity: Maturity }> {
  yearStatuses: S[];
  quarterStatuses: S[];
  monthStatuses: S[];
}

/** Groups statuses into year, quarter and month statuses, keeping their order. */
export function groupStatuses<S extends { maturity: Maturity }>(
  statuses: readonly S[],
): StatusPerContract<S> {
  const of = (type: string) => statuses.filter((s) => periodTypeOf(s.maturity) === type);
  return {
    yearStatuses: of('YEAR'),
    quarterStatuses: of('QUARTER'),
    monthStatuses: of('MONTH'),
  };
}

/** The per-year percentages of a contract summary, keyed by year of supply. */
export interface SummaryPercentages {
  clickPercentagePerYear: Record<string, DecimalString>;
  manualClickPercentagePerYear: Record<string, DecimalString>;
  autoClickPercentagePerYear: Record<string, DecimalString>;
}

/**
 * The contract summary's percentages for every year of supply, from the positions' statuses
 * (see yearPercentages for how a year's figure is taken from its positions). A year without
 * positions gets "0".
 */
export function summarizeYears(
  yearsOfSupply: readonly number[],
  statuses: readonly PositionStatus[],
): SummaryPercentages {
  const summary: SummaryPercentages = {
    clickPercentagePerYear: {},
    manualClickPercentagePerYear: {},
    autoClickPercentagePerYear: {},
  };
  for (const year of yearsOfSupply) {
    const figures = yearPercentages(
      statuses
        .filter((status) => status.yearOfSupply === year)
        .map((status) => ({
          maturity: status.maturity,
          clickedPercentage: status.clickedPercentage,
          autoClickPercentage: positionAutoClickPercentage(
            status.contractParts,
            status.autoclickPercentage,
          ),
        })),
    );
    summary.clickPercentagePerYear[year] = figures.clickPercentage;
    summary.manualClickPercentagePerYear[year] = figures.manualClickPercentage;
    summary.autoClickPercentagePerYear[year] = figures.autoClickPercentage;
  }
  return summary;
}
