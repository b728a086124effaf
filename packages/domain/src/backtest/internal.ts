import type { LocalDate } from '../amsterdam-time';
import type { ContractPartName } from '../contract';
import { Dec, toDec } from '../decimal';
import type { BacktestPosition, BacktestYear, MarginStep } from './types';

/*
 * Helpers the backtest's modules share; not part of the package's surface (index.ts does not
 * export this file).
 */

/** Clicks are whole kWh: volumes have 3 decimals (MWh). */
export const VOLUME_DECIMALS = 3;

/** One part of a position with its prices inside a span of days, ready for lookups by day. */
export interface PricedPart {
  part: ContractPartName;
  volume: Dec;
  prices: ReadonlyMap<LocalDate, Dec>;
  /** The days with a price, in order. */
  days: readonly LocalDate[];
}

/**
 * The parts of a position that have volume, each with its prices on the days in [from, until].
 * A part without volume is never clicked, so its missing prices must not hide a day.
 */
export function pricedParts(
  position: BacktestPosition,
  from: LocalDate,
  until: LocalDate,
): PricedPart[] {
  return position.parts
    .filter((part) => toDec(part.volume).gt(0))
    .map((part) => {
      const prices = new Map<LocalDate, Dec>();
      for (const price of position.prices[part.part] ?? []) {
        if (price.day >= from && price.day <= until) prices.set(price.day, toDec(price.price));
      }
      return {
        part: part.part,
        volume: toDec(part.volume),
        prices,
        days: [...prices.keys()].sort(),
      };
    });
}

/** Mark-up + transaction fee of the last step of the part in force on the day. */
export function marginDec(
  margins: readonly MarginStep[],
  part: ContractPartName,
  day: LocalDate,
): Dec {
  let inForce: MarginStep | null = null;
  for (const step of margins) {
    // On a tie the later step wins: a correction is appended after what it corrects.
    if (step.part === part && step.from <= day && (inForce === null || step.from >= inForce.from)) {
      inForce = step;
    }
  }
  if (inForce === null) throw new RangeError(`No margin for ${part} on ${day}`);
  return toDec(inForce.markUp).plus(toDec(inForce.transactionFee));
}

/** What fixing the whole year's volume on one day costs, for each day every part is priced. */
export interface DayAmount {
  day: LocalDate;
  /** MWh: the year's volume. */
  volume: Dec;
  /** EUR, exact: the sum over the parts of volume x (market price + margin). */
  amount: Dec;
}

/** Every day in [from, to] on which every part with volume of every position has a price. */
export function yearDayAmounts(year: BacktestYear): DayAmount[] {
  const parts = year.positions.flatMap((position) => pricedParts(position, year.from, year.to));
  const [first, ...rest] = parts;
  if (first === undefined) return [];
  const volume = parts.reduce((sum, part) => sum.plus(part.volume), new Dec(0));
  return first.days
    .filter((day) => rest.every((part) => part.prices.has(day)))
    .map((day) => {
      // Every position has the same few parts: look each one's margin up once a day.
      const margins = new Map<ContractPartName, Dec>();
      const marginOf = (part: ContractPartName): Dec => {
        const known = margins.get(part);
        if (known !== undefined) return known;
        const margin = marginDec(year.margins, part, day);
        margins.set(part, margin);
        return margin;
      };
      const amount = parts.reduce(
        (sum, part) =>
          sum.plus(part.volume.times((part.prices.get(day) as Dec).plus(marginOf(part.part)))),
        new Dec(0),
      );
      return { day, volume, amount };
    });
}

/** The earlier of two days. */
export function earlier(a: LocalDate, b: LocalDate): LocalDate {
  return a < b ? a : b;
}
