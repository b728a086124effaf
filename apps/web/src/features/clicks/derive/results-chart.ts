import { fromDec, toDec } from '@klik/domain';
import type { Results } from '@klik/api';

type ResultPart = Results['data'][number]['parts'][number];

export interface ChartRow {
  at: string;
  /** For the drawing only; the table shows the exact decimals. */
  market: number | null;
  fixed: number | null;
}

/** At most this many market points are drawn; every fix is always drawn. */
export const MAX_MARKET_POINTS = 200;

function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = points.length / max;
  const kept: T[] = [];
  for (let index = 0; index < max; index += 1) {
    const point = points[Math.floor(index * step)];
    if (point !== undefined) kept.push(point);
  }
  const last = points[points.length - 1];
  if (last !== undefined && kept[kept.length - 1] !== last) kept.push(last);
  return kept;
}

/** The market line and the fixed prices of one part on one time axis, oldest first. */
export function chartRows(part: ResultPart): ChartRow[] {
  const rows: ChartRow[] = [
    ...thin(part.market, MAX_MARKET_POINTS).map((point) => ({
      at: point.at,
      market: Number(point.price),
      fixed: null,
    })),
    ...part.fixes.map((fix) => ({ at: fix.at, market: null, fixed: Number(fix.price) })),
  ];
  return rows.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The market price last known at an instant (for the table next to each fix), or null. */
export function marketPriceAt(part: ResultPart, at: string): string | null {
  const instant = Date.parse(at);
  let price: string | null = null;
  for (const point of part.market) {
    if (Date.parse(point.at) <= instant) price = point.price;
    else break;
  }
  return price;
}

export interface MarketSummary {
  from: string;
  to: string;
  low: string;
  high: string;
  last: string;
}

/** The market line in words, for the chart's text alternative; null without market prices. */
export function marketSummary(part: ResultPart): MarketSummary | null {
  const [first] = part.market;
  const last = part.market[part.market.length - 1];
  if (first === undefined || last === undefined) return null;
  const prices = part.market.map((point) => toDec(point.price));
  const low = prices.reduce((a, b) => (b.lt(a) ? b : a));
  const high = prices.reduce((a, b) => (b.gt(a) ? b : a));
  return { from: first.at, to: last.at, low: fromDec(low), high: fromDec(high), last: last.price };
}

/** Every price the chart draws, market and fixed, for scaling its axis. */
export function chartPrices(part: ResultPart): string[] {
  return [...part.market.map((point) => point.price), ...part.fixes.map((fix) => fix.price)];
}
