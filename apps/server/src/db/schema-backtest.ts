import type { ColumnType } from 'kysely';
import type { Numeric } from './schema-columns';
import type { MarketProduct } from './schema-trading';

// The tables of the backtest (migration 0027, docs/backtest.md).

/** Where a day of price history came from: an imported settlement file, or the demo's generator. */
export type PriceHistorySourceColumn = 'IMPORT' | 'SYNTHETIC';

/** One settlement price per instrument and Amsterdam day. */
export interface PriceHistoryTable {
  /** date: read as "YYYY-MM-DD" text through to_char, written as text. */
  day: ColumnType<string, string, string>;
  product: MarketProduct;
  year_of_supply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  price: Numeric;
  source: PriceHistorySourceColumn;
  imported_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
