import Decimal from 'decimal.js';
import {
  applyRunout,
  clickCost,
  fromDec,
  openVolume,
  toDec,
  VOLUME_DECIMALS,
  type ContractPartName,
  type DecimalString,
} from '@klik/domain';
import type { MarketProduct, StoredQuotePart } from '../../db/schema';
import { AppError } from '../../kernel/http/app-error';
import type { PartMargins } from '../../kernel/pricing/margin-pricing';

export interface PartForQuote {
  name: ContractPartName;
  totalVolume: DecimalString;
  clickedVolume: DecimalString;
  /** The price the click is quoted at (OTC live, or the last ICE price). */
  marketPrice: DecimalString;
  /** The market product that price is of (the part's pricing ID). */
  marketProduct?: MarketProduct;
}

export interface QuoteRequest {
  /** Percent of each part's open volume. */
  percentage?: DecimalString;
  /** MWh per part. */
  volumes?: Partial<Record<ContractPartName, DecimalString>>;
}

export interface PricingTerms {
  markUp: DecimalString;
  transactionFee: DecimalString;
  /** The smallest click per part in percent of the part's total volume. */
  minClickPercentage: DecimalString;
  /** The largest click per part in percent of the part's total volume; absent: 100 (0018). */
  maxClickPercentage?: DecimalString;
  /** The contract applies the runout rule (spec: runOut). */
  runOut: boolean;
  /**
   * Per part, the mark-up and fee a margin scenario gives it (docs/margins.md); a part without one
   * takes markUp and transactionFee above (the contract's own).
   */
  margins?: PartMargins;
}

function marginOf(terms: PricingTerms, part: ContractPartName) {
  const margin = terms.margins?.[part];
  if (!margin)
    return { markUp: terms.markUp, transactionFee: terms.transactionFee, scenario: null };
  const { source } = margin;
  return {
    markUp: margin.markUp,
    transactionFee: margin.transactionFee,
    scenario:
      source.kind === 'scenario'
        ? { scenarioId: source.scenarioId, version: source.version }
        : null,
  };
}

/**
 * The smallest and largest click of a part: at least minClickPercentage of its total volume
 * (rounded up to the kWh), at most its open volume and maxClickPercentage of its total volume
 * (rounded down to the kWh). When less than the minimum is open, the rest may still be clicked
 * whole.
 */
export function volumeLimits(
  totalVolume: DecimalString,
  open: DecimalString,
  minClickPercentage: DecimalString,
  maxClickPercentage: DecimalString = '100',
): { min: DecimalString; max: DecimalString } {
  const min = toDec(totalVolume)
    .times(toDec(minClickPercentage))
    .div(100)
    .toDecimalPlaces(VOLUME_DECIMALS, Decimal.ROUND_UP);
  const largest = toDec(totalVolume)
    .times(toDec(maxClickPercentage))
    .div(100)
    .toDecimalPlaces(VOLUME_DECIMALS, Decimal.ROUND_DOWN);
  const max = Decimal.min(toDec(open), largest);
  return { min: fromDec(Decimal.min(min, max)), max: fromDec(max) };
}

/**
 * Prices a click request: the volume of every part that has volume (the share of its open
 * volume, or the volume asked for), checked against the limits, after runout, with its click
 * price and cost. Throws VOLUME_TOO_LOW / VOLUME_TOO_HIGH (with the allowed range) or
 * VALIDATION_FAILED for a part the position does not have.
 */
export function priceQuote(
  parts: readonly PartForQuote[],
  request: QuoteRequest,
  terms: PricingTerms,
): { parts: StoredQuotePart[]; totalCost: DecimalString } {
  const withVolume = parts.filter((part) => toDec(part.totalVolume).gt(0));
  for (const name of Object.keys(request.volumes ?? {})) {
    if (!withVolume.some((part) => part.name === name)) throw new AppError('VALIDATION_FAILED');
  }
  const chosen = withVolume.map((part) => {
    const open = openVolume(part);
    const limits = volumeLimits(
      part.totalVolume,
      open,
      terms.minClickPercentage,
      terms.maxClickPercentage,
    );
    const requested =
      request.percentage !== undefined
        ? fromDec(
            toDec(open)
              .times(toDec(request.percentage))
              .div(100)
              .toDecimalPlaces(VOLUME_DECIMALS, Decimal.ROUND_DOWN),
          )
        : (request.volumes?.[part.name] ?? '0');
    const details = { part: part.name, min: limits.min, max: limits.max };
    const messageArgs = [limits.min, part.name];
    if (toDec(requested).lte(0) || toDec(requested).lt(toDec(limits.min))) {
      throw new AppError('VOLUME_TOO_LOW', { details, messageArgs });
    }
    if (toDec(requested).gt(toDec(limits.max))) {
      throw new AppError('VOLUME_TOO_HIGH', {
        details,
        messageArgs: [limits.max, part.name],
      });
    }
    let volume = requested;
    let runoutApplied = false;
    if (terms.runOut) {
      const runout = applyRunout({
        contractedVolume: part.totalVolume,
        openVolume: open,
        requestedVolume: requested,
      });
      // The limits above already refused what applyRunout would refuse.
      if (runout.ok) {
        volume = runout.volume;
        runoutApplied = runout.runoutApplied;
      }
    }
    return { part, open, limits, volume, runoutApplied };
  });
  const cost = clickCost(
    chosen.map(({ part, volume }) => ({
      name: part.name,
      volume,
      marketPrice: part.marketPrice,
      markUp: marginOf(terms, part.name).markUp,
      transactionFees: marginOf(terms, part.name).transactionFee,
    })),
  );
  return {
    parts: chosen.map(({ part, open, limits, volume, runoutApplied }, index) => {
      const line = cost.parts[index] as (typeof cost.parts)[number];
      const margin = marginOf(terms, part.name);
      return {
        name: part.name,
        volume,
        openVolume: open,
        totalVolume: fromDec(toDec(part.totalVolume)),
        marketPrice: fromDec(toDec(part.marketPrice)),
        markUp: fromDec(toDec(margin.markUp)),
        transactionFee: fromDec(toDec(margin.transactionFee)),
        clickPrice: line.price,
        cost: line.cost,
        runoutApplied,
        limits,
        marginScenario: margin.scenario,
        ...(part.marketProduct ? { marketProduct: part.marketProduct } : {}),
      };
    }),
    totalCost: cost.totalCost,
  };
}
