import Decimal from 'decimal.js';
import { PercentageInputSchema, VolumeInputSchema, type QuotePart } from '@klik/api';
import {
  applyRunout,
  clickCost,
  fromDec,
  toDec,
  VOLUME_DECIMALS,
  type ContractPartName,
  type DecimalString,
} from '@klik/domain';
import type { PurchaseDraft } from '../purchase-draft';

/** What the server told us about a part: its volumes, limits and price components. */
export type PartTerms = Pick<
  QuotePart,
  'name' | 'openVolume' | 'totalVolume' | 'marketPrice' | 'markUp' | 'transactionFee' | 'limits'
>;

export type ShareProblem =
  | { kind: 'required' }
  | { kind: 'invalidPercentage' }
  | { kind: 'invalidVolume' }
  | { kind: 'tooLow'; min: DecimalString; max: DecimalString }
  | { kind: 'tooHigh'; min: DecimalString; max: DecimalString };

export interface PartPreview {
  name: ContractPartName;
  /** MWh asked for, before runout; null when the input cannot be read. */
  requested: DecimalString | null;
  /** MWh the click would fix (after runout); null while there is a problem. */
  volume: DecimalString | null;
  runoutApplied: boolean;
  problem: ShareProblem | null;
  terms: PartTerms;
  clickPrice: DecimalString;
  cost: DecimalString | null;
}

export interface SharePreview {
  parts: PartPreview[];
  /** A problem with the percentage field itself (not with one part). */
  percentageProblem: ShareProblem | null;
  totalCost: DecimalString | null;
  valid: boolean;
}

/** Dutch users type a decimal comma; the contract takes a point. */
export function normaliseDecimal(input: string): string {
  return input.trim().replace(',', '.');
}

function problemOf(requested: Decimal, limits: PartTerms['limits']): ShareProblem | null {
  if (requested.lte(0) || requested.lt(toDec(limits.min))) {
    return { kind: 'tooLow', min: limits.min, max: limits.max };
  }
  if (requested.gt(toDec(limits.max))) {
    return { kind: 'tooHigh', min: limits.min, max: limits.max };
  }
  return null;
}

/**
 * The click as the server will price it, for the configure screen: the volume per part (a
 * percentage of the open volume is rounded down to the kWh, as the server does), checked against
 * the limits, after runout, with the domain's click price and cost. The server's quote decides.
 */
export function previewShare(
  draft: Pick<PurchaseDraft, 'mode' | 'percentage' | 'volumes' | 'runOut'>,
  terms: readonly PartTerms[],
): SharePreview {
  let percentageProblem: ShareProblem | null = null;
  let percentage: Decimal | null = null;
  if (draft.mode === 'percentage') {
    const typed = normaliseDecimal(draft.percentage);
    if (typed === '') percentageProblem = { kind: 'required' };
    else if (!PercentageInputSchema.safeParse(typed).success) {
      percentageProblem = { kind: 'invalidPercentage' };
    } else percentage = toDec(typed);
  }

  const parts = terms.map((part): PartPreview => {
    const clickPrice = fromDec(
      toDec(part.marketPrice).plus(toDec(part.markUp)).plus(toDec(part.transactionFee)),
    );
    const base = { name: part.name, terms: part, clickPrice, runoutApplied: false, cost: null };
    let requested: Decimal | null = null;
    if (draft.mode === 'percentage') {
      if (percentage === null) return { ...base, requested: null, volume: null, problem: null };
      requested = toDec(part.openVolume)
        .times(percentage)
        .div(100)
        .toDecimalPlaces(VOLUME_DECIMALS, Decimal.ROUND_DOWN);
    } else {
      const typed = normaliseDecimal(draft.volumes[part.name] ?? '');
      if (typed === '') {
        return { ...base, requested: null, volume: null, problem: { kind: 'required' } };
      }
      if (!VolumeInputSchema.safeParse(typed).success) {
        return { ...base, requested: null, volume: null, problem: { kind: 'invalidVolume' } };
      }
      requested = toDec(typed);
    }
    const problem = problemOf(requested, part.limits);
    if (problem) return { ...base, requested: fromDec(requested), volume: null, problem };
    let volume = fromDec(requested);
    let runoutApplied = false;
    if (draft.runOut) {
      const runout = applyRunout({
        contractedVolume: part.totalVolume,
        openVolume: part.openVolume,
        requestedVolume: volume,
      });
      if (runout.ok) {
        volume = runout.volume;
        runoutApplied = runout.runoutApplied;
      }
    }
    return { ...base, requested: fromDec(requested), volume, runoutApplied, problem: null };
  });

  const valid = percentageProblem === null && parts.every((part) => part.volume !== null);
  if (!valid) return { parts, percentageProblem, totalCost: null, valid };
  const cost = clickCost(
    parts.map((part) => ({
      name: part.name,
      volume: part.volume as DecimalString,
      marketPrice: part.terms.marketPrice,
      markUp: part.terms.markUp,
      transactionFees: part.terms.transactionFee,
    })),
  );
  return {
    parts: parts.map((part, index) => ({ ...part, cost: cost.parts[index]?.cost ?? null })),
    percentageProblem,
    totalCost: cost.totalCost,
    valid,
  };
}
