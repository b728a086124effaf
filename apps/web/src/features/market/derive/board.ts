import { MATURITIES, type Maturity } from '@klik/domain';
import type { BoardEntry, MarketProduct, PriceUpdatePayload } from '@klik/api';

type Quote = PriceUpdatePayload['prices'][number];

function instrumentKey(entry: Pick<Quote, 'product' | 'yearOfSupply' | 'maturity' | 'market'>) {
  return `${entry.product}/${entry.yearOfSupply}/${entry.maturity}/${entry.market}`;
}

/**
 * The board after a priceUpdate: each quoted instrument takes the price when it is at least as new
 * as the one shown (as the server's offers do); an instrument not yet on the board is added.
 */
export function applyQuotesToBoard(
  board: readonly BoardEntry[],
  prices: readonly Quote[],
): BoardEntry[] {
  const next = new Map(board.map((entry) => [instrumentKey(entry), entry]));
  for (const quote of prices) {
    const key = instrumentKey(quote);
    const held = next.get(key);
    if (held?.at && Date.parse(quote.at) < Date.parse(held.at)) continue;
    next.set(key, {
      product: quote.product,
      yearOfSupply: quote.yearOfSupply,
      maturity: quote.maturity,
      market: quote.market,
      price: quote.price,
      at: quote.at,
      ageSeconds: null,
    });
  }
  return [...next.values()];
}

export interface BoardRow {
  maturity: Maturity;
  otc: BoardEntry | null;
  ice: BoardEntry | null;
}

/** The years of supply on the board, ascending. */
export function boardYears(board: readonly BoardEntry[]): number[] {
  return [...new Set(board.map((entry) => entry.yearOfSupply))].sort((a, b) => a - b);
}

/** One product's year as rows per maturity (Y, Q1-Q4, M1-M12) with its OTC and ICE prices. */
export function boardRows(
  board: readonly BoardEntry[],
  product: MarketProduct,
  year: number,
): BoardRow[] {
  const ofYear = board.filter((entry) => entry.product === product && entry.yearOfSupply === year);
  return MATURITIES.flatMap((maturity) => {
    const otc = ofYear.find((entry) => entry.maturity === maturity && entry.market === 'OTC');
    const ice = ofYear.find((entry) => entry.maturity === maturity && entry.market === 'ICE');
    return otc || ice ? [{ maturity, otc: otc ?? null, ice: ice ?? null }] : [];
  });
}

/** Whole seconds since an instant, never negative (the clocks of browser and server differ). */
export function ageInSeconds(at: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(at)) / 1000));
}

export type AgeParts =
  | { unit: 'seconds'; s: number }
  | { unit: 'minutes'; m: number; s: number }
  | { unit: 'hours'; h: number; m: number }
  | { unit: 'days'; d: number };

/** An age split for reading: "42 s", "3 min 5 s", "2 h 10 min", "3 days". */
export function ageParts(seconds: number): AgeParts {
  if (seconds < 60) return { unit: 'seconds', s: seconds };
  if (seconds < 3600) return { unit: 'minutes', m: Math.floor(seconds / 60), s: seconds % 60 };
  if (seconds < 86_400) {
    return { unit: 'hours', h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) };
  }
  return { unit: 'days', d: Math.floor(seconds / 86_400) };
}
