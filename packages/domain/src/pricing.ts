import type { ContractPartName } from './contract';
import { Dec, fromDec, toDec, type DecimalString } from './decimal';

/** Costs are in euros and rounded to cents. */
export const MONEY_DECIMALS = 2;
/** Average prices are given to 4 decimals (EUR/MWh). */
export const AVERAGE_PRICE_DECIMALS = 4;

/** What one contract part's click price is made of, all in EUR/MWh. */
export interface PriceComponents {
  marketPrice: DecimalString;
  markUp: DecimalString;
  transactionFees: DecimalString;
}

/** Click price = market price + mark-up + transaction fees (EUR/MWh), exact, never rounded. */
export function clickPrice(components: PriceComponents): DecimalString {
  return fromDec(
    toDec(components.marketPrice)
      .plus(toDec(components.markUp))
      .plus(toDec(components.transactionFees)),
  );
}

/** One contract part of a click. */
export interface ClickPartInput extends PriceComponents {
  name: ContractPartName;
  /** MWh. */
  volume: DecimalString;
}

export interface ClickPartCost {
  name: ContractPartName;
  volume: DecimalString;
  /** EUR/MWh, exact. */
  price: DecimalString;
  /** EUR: volume x price rounded half-up to cents. */
  cost: DecimalString;
}

export interface ClickCost {
  parts: ClickPartCost[];
  /** EUR: the sum of the parts' costs, so the parts always add up to the total. */
  totalCost: DecimalString;
}

/**
 * The price and cost of a click per contract part and in total. Each part's cost is
 * volume x click price rounded half-up to cents; the total is the sum of those part costs.
 */
export function clickCost(parts: readonly ClickPartInput[]): ClickCost {
  const lines = parts.map((part) => {
    const price = clickPrice(part);
    const cost = toDec(part.volume)
      .times(toDec(price))
      .toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP);
    return { name: part.name, volume: part.volume, price, cost };
  });
  const total = lines.reduce((acc, line) => acc.plus(line.cost), new Dec(0));
  return {
    parts: lines.map((line) => ({ ...line, cost: line.cost.toFixed(MONEY_DECIMALS) })),
    totalCost: total.toFixed(MONEY_DECIMALS),
  };
}

/**
 * The average price of a clicked volume from what it cost in all (amount / volume), rounded
 * half-up to 4 decimals; null when there is no clicked volume. Use it wherever a stored cost and
 * volume are summed, so every screen shows the same average.
 */
export function averagePrice(totals: {
  volume: DecimalString;
  amount: DecimalString;
}): DecimalString | null {
  const volume = toDec(totals.volume);
  if (volume.lte(0)) return null;
  return fromDec(
    toDec(totals.amount).div(volume).toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP),
  );
}

/**
 * The volume-weighted average price of clicks (sum of volume x price / sum of volume), rounded
 * half-up to 4 decimals; null when there is no clicked volume.
 */
export function weightedAveragePrice(
  clicks: readonly { volume: DecimalString; price: DecimalString }[],
): DecimalString | null {
  let volume = new Dec(0);
  let amount = new Dec(0);
  for (const click of clicks) {
    volume = volume.plus(toDec(click.volume));
    amount = amount.plus(toDec(click.volume).times(toDec(click.price)));
  }
  return averagePrice({ volume: volume.toFixed(), amount: amount.toFixed() });
}
