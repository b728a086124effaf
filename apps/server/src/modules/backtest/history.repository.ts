import { sql } from 'kysely';
import { addDays, amsterdamInstant, type LocalDate } from '@klik/domain';
import type { HistoryCoverage } from '@klik/api';
import type { Db } from '../../db/database';
import type { MarketProduct, PriceHistorySourceColumn } from '../../db/schema';

/*
 * The price history's SQL (docs/backtest.md, "Price history"): the only writes of price_history,
 * its coverage, and the reader the replay prices its days with. Every statement takes whole arrays
 * (unnest), so a file of 200,000 rows or a replay of hundreds of instruments costs a fixed
 * number of round trips, not one per row.
 */

/** One instrument: a product's delivery period in a year of supply. */
export interface HistoryInstrument {
  product: MarketProduct;
  yearOfSupply: number;
  maturity: string;
}

/** One settlement price of an instrument on a market and an Amsterdam day (EUR/MWh, ≤ 4 decimals). */
export interface HistoryRow extends HistoryInstrument {
  market: 'OTC' | 'ICE';
  day: LocalDate;
  price: string;
}

/** The key findDailyPrices answers per instrument: `product/yearOfSupply/maturity`. */
export function instrumentKeyOf(instrument: HistoryInstrument): string {
  return `${instrument.product}/${instrument.yearOfSupply}/${instrument.maturity}`;
}

// Arrays bound as one parameter each; a chunk bounds the memory of one statement.
const WRITE_CHUNK = 10_000;

/** NUMERIC(12,4) comes back as "98.4500"; the API and the replay speak plain decimals ("98.45"). */
function plain(price: string): string {
  return price.includes('.') ? price.replace(/\.?0+$/, '') : price;
}

function columns(rows: readonly HistoryRow[]) {
  return {
    products: rows.map((row) => row.product),
    years: rows.map((row) => row.yearOfSupply),
    maturities: rows.map((row) => row.maturity),
    markets: rows.map((row) => row.market),
    days: rows.map((row) => row.day),
    prices: rows.map((row) => row.price),
  };
}

export interface HistoryCounts {
  created: number;
  changed: number;
  unchanged: number;
}

/**
 * What writing the rows as `source` would do: instrument days new to the history, kept with
 * another price or source (a corrected settlement, or an import over a synthetic day), or kept
 * as they are. The rows have no duplicate instrument day (the parser refuses them).
 */
export async function countHistoryChanges(
  db: Db,
  rows: readonly HistoryRow[],
  source: PriceHistorySourceColumn,
): Promise<HistoryCounts> {
  const counts: HistoryCounts = { created: 0, changed: 0, unchanged: 0 };
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const c = columns(rows.slice(start, start + WRITE_CHUNK));
    const result = await sql<{ created: string; changed: string; unchanged: string }>`
      select
        count(*) filter (where h.price is null) as created,
        count(*) filter (where h.price is not null
          and (h.price <> f.price or h.source <> ${source})) as changed,
        count(*) filter (where h.price = f.price and h.source = ${source}) as unchanged
      from unnest(
        ${c.products}::text[], ${c.years}::int[], ${c.maturities}::text[], ${c.markets}::text[],
        ${c.days}::date[], ${c.prices}::numeric[]
      ) as f(product, year_of_supply, maturity, market, day, price)
      left join price_history h
        on h.product = f.product and h.year_of_supply = f.year_of_supply
        and h.maturity = f.maturity and h.market = f.market and h.day = f.day`.execute(db);
    const row = result.rows[0];
    counts.created += Number(row?.created ?? 0);
    counts.changed += Number(row?.changed ?? 0);
    counts.unchanged += Number(row?.unchanged ?? 0);
  }
  return counts;
}

/**
 * Keeps concurrent imports apart for the rest of the transaction (reads go on): the second waits,
 * then counts against what the first wrote.
 */
export async function lockHistoryForImport(trx: Db): Promise<void> {
  await sql`lock table price_history in share row exclusive mode`.execute(trx);
}

/** Writes the rows as `source`: new days inserted, a day with another price or source updated. */
export async function upsertHistory(
  trx: Db,
  rows: readonly HistoryRow[],
  source: PriceHistorySourceColumn,
  at: Date,
): Promise<void> {
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const c = columns(rows.slice(start, start + WRITE_CHUNK));
    await sql`
      insert into price_history
        (product, year_of_supply, maturity, market, day, price, source, imported_at)
      select f.*, ${source}, ${at}::timestamptz from unnest(
        ${c.products}::text[], ${c.years}::int[], ${c.maturities}::text[], ${c.markets}::text[],
        ${c.days}::date[], ${c.prices}::numeric[]
      ) as f(product, year_of_supply, maturity, market, day, price)
      on conflict (product, year_of_supply, maturity, market, day) do update set
        price = excluded.price, source = excluded.source, imported_at = excluded.imported_at
      where price_history.price <> excluded.price
        or price_history.source <> excluded.source`.execute(trx);
  }
}

/** Whether the history holds no day at all (the demo seed fills only an empty one). */
export async function isHistoryEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('price_history').select('day').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * What history there is, per product, market, year of supply and source: the kept settlements
 * (IMPORT, SYNTHETIC) and the intraday prices the portal recorded (RECORDED, counted in
 * Amsterdam days with a price).
 */
export async function findCoverage(db: Db): Promise<HistoryCoverage> {
  const result = await sql<{
    product: string;
    market: 'OTC' | 'ICE';
    year_of_supply: number;
    from: string;
    to: string;
    days: string;
    source: 'IMPORT' | 'SYNTHETIC' | 'RECORDED';
  }>`
    select product, market, year_of_supply, to_char(min(day), 'YYYY-MM-DD') as "from",
      to_char(max(day), 'YYYY-MM-DD') as "to", count(distinct day) as days, source
    from price_history
    group by product, market, year_of_supply, source
    union all
    select product, market, year_of_supply, min(day) as "from", max(day) as "to",
      count(distinct day) as days, 'RECORDED' as source
    from (
      select product, market, year_of_supply,
        to_char(at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as day
      from market_prices
    ) as recorded
    group by product, market, year_of_supply
    order by product, market, year_of_supply, source`.execute(db);
  return result.rows.map((row) => ({
    product: row.product,
    market: row.market,
    yearOfSupply: row.year_of_supply,
    from: row.from,
    to: row.to,
    days: Number(row.days),
    source: row.source,
  }));
}

export interface DailyPriceQuery {
  instruments: readonly HistoryInstrument[];
  market: 'OTC';
  /** Amsterdam days, both inclusive. */
  from: LocalDate;
  to: LocalDate;
}

const MIDNIGHT = { hour: 0, minute: 0 };

/**
 * Per instrument (`instrumentKeyOf`), its price on every Amsterdam day from `from` to `to` that
 * has one, in day order: the kept settlement (imported or synthetic) where there is one, else the
 * daily close the portal recorded (the last intraday price of that day in market_prices, as the
 * risk figures read it). Two queries whatever the number of instruments. An instrument without
 * any price is absent from the map.
 */
export async function findDailyPrices(
  db: Db,
  query: DailyPriceQuery,
): Promise<Map<string, { day: string; price: string }[]>> {
  const answer = new Map<string, { day: string; price: string }[]>();
  const unique = new Map(query.instruments.map((i) => [instrumentKeyOf(i), i]));
  if (unique.size === 0 || query.from > query.to) return answer;
  const instruments = [...unique.values()];
  const products = instruments.map((i) => i.product);
  const years = instruments.map((i) => i.yearOfSupply);
  const maturities = instruments.map((i) => i.maturity);
  type Row = {
    product: string;
    year_of_supply: number;
    maturity: string;
    day: string;
    price: string;
  };
  const [kept, recorded] = await Promise.all([
    sql<Row>`
      select h.product, h.year_of_supply, h.maturity, to_char(h.day, 'YYYY-MM-DD') as day,
        h.price::text as price
      from unnest(${products}::text[], ${years}::int[], ${maturities}::text[])
        as i(product, year_of_supply, maturity)
      join price_history h
        on h.product = i.product and h.year_of_supply = i.year_of_supply
        and h.maturity = i.maturity
      where h.market = ${query.market} and h.day >= ${query.from}::date
        and h.day <= ${query.to}::date`.execute(db),
    sql<Row>`
      select distinct on (product, year_of_supply, maturity, day)
        product, year_of_supply, maturity, day, price::text as price
      from (
        select p.product, p.year_of_supply, p.maturity, p.price, p.at, p.id,
          to_char(p.at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as day
        from unnest(${products}::text[], ${years}::int[], ${maturities}::text[])
          as i(product, year_of_supply, maturity)
        join market_prices p
          on p.product = i.product and p.year_of_supply = i.year_of_supply
          and p.maturity = i.maturity
        where p.market = ${query.market}
          and p.at >= ${amsterdamInstant(query.from, MIDNIGHT)}
          and p.at < ${amsterdamInstant(addDays(query.to, 1), MIDNIGHT)}
      ) as quotes
      order by product, year_of_supply, maturity, day, at desc, id desc`.execute(db),
  ]);
  const byKey = new Map<string, Map<string, string>>();
  const put = (row: Row) => {
    const key = `${row.product}/${row.year_of_supply}/${row.maturity}`;
    let days = byKey.get(key);
    if (!days) byKey.set(key, (days = new Map()));
    days.set(row.day, plain(row.price));
  };
  // Recorded closes first: a kept settlement of the same day overwrites its close.
  for (const row of recorded.rows) put(row);
  for (const row of kept.rows) put(row);
  for (const [key, days] of byKey) {
    const series = [...days].map(([day, price]) => ({ day, price }));
    series.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    answer.set(key, series);
  }
  return answer;
}
