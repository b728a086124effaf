import { Dec, fromDec, toDec } from '../decimal';
import { AVERAGE_PRICE_DECIMALS, MONEY_DECIMALS } from '../pricing';
import { cacheOf, type YearCache } from './internal';
import type { AttributionParts, BacktestYear, ReplayClick } from './types';

/*
 * Why the actual clicks cost more or less than a reference strategy. The clicks are grouped in
 * cells (instrument and calendar month); each cell has a benchmark price B. Timing is what each
 * side paid against B within its cells (choosing the day within the month), volume what each
 * side fixed in which cell valued at B (choosing the month), margin the mark-up and fees. B
 * cancels out of timing + volume, so the three parts always add up to the total, whatever B is.
 */

interface Cell {
  benchmark: Dec | null;
  /** Both sides' market value and volume, for the benchmark when the month has no history. */
  value: Dec;
  volume: Dec;
  actual: Side;
  reference: Side;
}

interface Side {
  /** Sum of volume x market price. */
  market: Dec;
  volume: Dec;
}

/**
 * The mean of the instrument's daily market prices in the window within the month, to 4
 * decimals (a benchmark fixed to 4 decimals keeps every product below exact, so the parts add
 * up to the cent and beyond); null when the month has no price.
 */
function monthMean(cache: YearCache, click: ReplayClick, month: string): Dec | null {
  return cache.monthMean(click.maturity, click.part, month);
}

function cellKey(click: ReplayClick): string {
  return `${click.part} ${click.maturity} ${click.day.slice(0, 7)}`;
}

function addSide(side: Side, volume: Dec, market: Dec): void {
  side.market = side.market.plus(volume.times(market));
  side.volume = side.volume.plus(volume);
}

const emptySide = (): Side => ({ market: new Dec(0), volume: new Dec(0) });

function totalCost(clicks: readonly ReplayClick[]): Dec {
  return clicks.reduce(
    (sum, each) => sum.plus(toDec(each.volume).times(toDec(each.price))),
    new Dec(0),
  );
}

/**
 * Splits actual − reference into timing, volume and margin, exactly (no rounding). Cells are
 * (part, maturity, calendar month of the click); B of a cell is the mean of that instrument's
 * daily market prices in the window within the month, or, when it has none, the volume-weighted
 * market price of both sides' clicks in the cell.
 *
 * timing = sum over cells of [sum_actual v(p − B) − sum_reference w(q − B)];
 * volume = sum over cells of (V_actual − V_reference) x B;
 * total = sum_actual v x price − sum_reference w x price;
 * margin = total − timing − volume, which is sum_actual v x margin − sum_reference w x margin
 * whenever each click's price is its market price + margin (so for every replayed click); a
 * stored click that does not add up lands its difference in margin, so the parts still sum to
 * the total.
 */
export function attribute(
  year: BacktestYear,
  actual: readonly ReplayClick[],
  reference: readonly ReplayClick[],
): AttributionParts {
  const cache = cacheOf(year);
  const cells = new Map<string, Cell>();
  const place = (click: ReplayClick, side: 'actual' | 'reference') => {
    const key = cellKey(click);
    let cell = cells.get(key);
    if (cell === undefined) {
      cell = {
        benchmark: monthMean(cache, click, click.day.slice(0, 7)),
        value: new Dec(0),
        volume: new Dec(0),
        actual: emptySide(),
        reference: emptySide(),
      };
      cells.set(key, cell);
    }
    const volume = cache.dec(click.volume);
    const market = cache.dec(click.marketPrice);
    cell.value = cell.value.plus(volume.times(market));
    cell.volume = cell.volume.plus(volume);
    addSide(cell[side], volume, market);
  };
  actual.forEach((click) => place(click, 'actual'));
  reference.forEach((click) => place(click, 'reference'));

  let timing = new Dec(0);
  let volume = new Dec(0);
  for (const cell of cells.values()) {
    const b = cell.benchmark ?? fallbackBenchmark(cell);
    // sum v(p − B) = sum v·p − V·B: the same figure without a product per click.
    timing = timing
      .plus(cell.actual.market.minus(cell.actual.volume.times(b)))
      .minus(cell.reference.market.minus(cell.reference.volume.times(b)));
    volume = volume.plus(cell.actual.volume.minus(cell.reference.volume).times(b));
  }
  const total = totalCost(actual).minus(totalCost(reference));
  return {
    total: fromDec(total),
    timing: fromDec(timing),
    volume: fromDec(volume),
    margin: fromDec(total.minus(timing).minus(volume)),
  };
}

/** Both sides' volume-weighted market price in the cell, to 4 decimals; 0 for no volume at all. */
function fallbackBenchmark(cell: Cell): Dec {
  if (cell.volume.isZero()) return new Dec(0);
  return cell.value.div(cell.volume).toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP);
}

/**
 * The parts to cents for display: total, timing and volume half-up, and margin = total − timing
 * − volume, so the rounded parts still add up. Margin absorbs the rounding: it differs from the
 * exact margin rounded to cents by at most one cent.
 */
export function roundAttribution(parts: AttributionParts): AttributionParts {
  const cents = (value: string) => toDec(value).toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP);
  const total = cents(parts.total);
  const timing = cents(parts.timing);
  const volume = cents(parts.volume);
  return {
    total: total.toFixed(MONEY_DECIMALS),
    timing: timing.toFixed(MONEY_DECIMALS),
    volume: volume.toFixed(MONEY_DECIMALS),
    margin: total.minus(timing).minus(volume).toFixed(MONEY_DECIMALS),
  };
}
