import {
  buildPositionStatus,
  hasPendingOverlappingClick,
  percentageForApi,
  percentagesForApi,
  periodTypeOf,
  summarizeYears,
  type PositionStatus,
} from '@klik/domain';
import type { ContractData, ContractPart, ContractSummary, Status } from '@klik/api';
import type { PricedContract, PricedPart, PricedPosition } from './contract-pricing';
import type { PreparedContract } from './prepared-contract';

/** A position's status as one viewer sees it at one instant, and its JSON. */
interface RenderedStatus {
  /** The priced position it was rendered from. */
  source: PricedPosition;
  status: PositionStatus;
  json: string;
}

/** A contract's data as one viewer sees it at one instant, written as JSON. */
export interface ContractView {
  json: string;
  /** The JSON as bytes, made when first sent on its own. */
  body?: Buffer;
  /** Per position, in the contract's order: what the JSON was made of. */
  statuses: readonly RenderedStatus[];
}

function apiPart(part: PositionStatus['contractParts'][number]): ContractPart {
  const { offerPart, iceOfferPart } = part as unknown as PricedPart;
  return {
    name: part.name,
    clickedVolume: part.clickedVolume,
    totalVolume: part.totalVolume,
    volumeNotClicked: part.volumeNotClicked,
    weightedAvgClickPrice: part.weightedAvgClickPrice,
    offerPart,
    iceOfferPart,
  };
}

function apiStatus(status: PositionStatus): Status {
  return {
    maturity: status.maturity,
    yearOfSupply: status.yearOfSupply,
    clickable: status.clickable,
    disableClickReason: status.disableClickReason,
    clickedPercentage: percentageForApi(status.clickedPercentage),
    autoclickPercentage: percentageForApi(status.autoclickPercentage),
    contractParts: status.contractParts.map(apiPart),
  };
}

/** The JSON of statusPerContract (the domain's groupStatuses), from each status's own JSON. */
function statusesJson(statuses: readonly RenderedStatus[]): string {
  const of = (type: string) =>
    statuses
      .filter(({ status }) => periodTypeOf(status.maturity) === type)
      .map(({ json }) => json)
      .join(',');
  return `{"yearStatuses":[${of('YEAR')}],"quarterStatuses":[${of('QUARTER')}],"monthStatuses":[${of('MONTH')}]}`;
}

/**
 * The contract's data at an instant for a viewer; clickability comes from the domain. `reuse` is
 * an earlier view of the same viewer kind that still holds at `at` (clickability-stability.ts):
 * the positions it rendered from the same priced position are taken over as they are.
 */
export function renderContract(
  priced: PricedContract,
  at: Date,
  context: { paused: boolean; userMayClick: boolean },
  reuse?: ContractView,
): ContractView {
  const { prepared } = priced;
  const { head } = prepared;
  const statuses = priced.positions.map((position, index): RenderedStatus => {
    const kept = reuse?.statuses[index];
    if (kept?.source === position) return kept;
    const status = buildPositionStatus({
      clickType: head.clickType,
      marketOption: head.clickOption,
      period: position.period,
      parts: position.parts,
      autoclickPercentage: position.autoclickPercentage,
      at,
      paused: context.paused,
      userMayClick: context.userMayClick,
      pendingOverlappingClick: hasPendingOverlappingClick(position.period, prepared.pending),
      deadlineRule: head.deadlineRule,
    });
    return { source: position, status, json: JSON.stringify(apiStatus(status)) };
  });
  const data: Omit<ContractData, 'statusPerContract'> = {
    contractId: head.contractId,
    customerId: head.customerId,
    commodity: head.commodity,
    product: head.product,
    clickType: head.clickType,
    clickOption: head.clickOption,
    yearsOfSupply: prepared.yearsOfSupply,
    runOut: head.runOut,
    marketProducts: prepared.products,
    clicks: prepared.clicks,
  };
  // statusPerContract goes last, as the API's schema lists it.
  const json = `${JSON.stringify(data).slice(0, -1)},"statusPerContract":${statusesJson(statuses)}}`;
  return { json, statuses };
}

/**
 * The contract summary as JSON. It depends on volumes only, never on the offers, the instant or
 * the viewer, so it is written once per prepared contract.
 */
export function summaryJsonOf(prepared: PreparedContract, view: ContractView): string {
  return JSON.stringify(
    summarizeContract(
      prepared,
      view.statuses.map(({ status }) => status),
    ),
  );
}

/** The contract summary; it depends on volumes only, never on the instant or the viewer. */
export function summarizeContract(
  prepared: PreparedContract,
  statuses: readonly PositionStatus[],
): ContractSummary {
  const { head } = prepared;
  return {
    contractId: head.contractId,
    commodity: head.commodity,
    product: head.product,
    clickType: head.clickType,
    clickOption: head.clickOption,
    yearsOfSupply: prepared.yearsOfSupply,
    // Computed from the exact percentages, rounded once on the way out.
    ...roundedSummary(summarizeYears(prepared.yearsOfSupply, statuses)),
    runout: head.runOut,
    lastUpdatedDate: prepared.lastUpdatedDate,
  };
}

function roundedSummary(
  summary: ReturnType<typeof summarizeYears>,
): ReturnType<typeof summarizeYears> {
  return {
    clickPercentagePerYear: percentagesForApi(summary.clickPercentagePerYear),
    manualClickPercentagePerYear: percentagesForApi(summary.manualClickPercentagePerYear),
    autoClickPercentagePerYear: percentagesForApi(summary.autoClickPercentagePerYear),
  };
}
