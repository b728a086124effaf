import { sql } from 'kysely';
import { fromDec, MATURITIES, toDec, type Maturity } from '@klik/domain';
import type { BoardEntry, Instrument, PriceOrigin, PricePoint, PriceQuote } from '@klik/api';
import type { Db } from '../../db/database';
import { instrumentKey } from './price-source';

/** NUMERIC(12,4) comes back as "98.4500"; the API speaks plain decimals ("98.45"). */
export function plainDecimal(value: string): string {
  return fromDec(toDec(value));
}

// Kysely binds one parameter per value; PostgreSQL allows 65535 per statement.
const INSERT_CHUNK = 2000;

/** Appends prices to the history; call inside the transaction that updates the offers. */
export async function insertPrices(
  db: Db,
  quotes: readonly PriceQuote[],
  origin: PriceOrigin,
): Promise<void> {
  for (let start = 0; start < quotes.length; start += INSERT_CHUNK) {
    await db
      .insertInto('market_prices')
      .values(
        quotes.slice(start, start + INSERT_CHUNK).map((quote) => ({
          product: quote.product,
          year_of_supply: quote.yearOfSupply,
          maturity: quote.maturity,
          market: quote.market,
          price: quote.price,
          at: new Date(quote.at),
          source: origin,
        })),
      )
      .execute();
  }
}

/** The newest quote per instrument of a batch (a later line wins a tie). */
export function latestPerInstrument(quotes: readonly PriceQuote[]): PriceQuote[] {
  const latest = new Map<string, PriceQuote>();
  for (const quote of quotes) {
    const key = instrumentKey(quote);
    const known = latest.get(key);
    if (!known || Date.parse(quote.at) >= Date.parse(known.at)) latest.set(key, quote);
  }
  return [...latest.values()];
}

/**
 * Makes each quote the instrument's offer unless the offer already holds a newer price, so a
 * late or replayed batch never moves the offers back in time. One statement: the offers' data
 * version moves once per batch.
 */
export async function upsertOffers(db: Db, quotes: readonly PriceQuote[]): Promise<void> {
  const latest = latestPerInstrument(quotes);
  for (let start = 0; start < latest.length; start += INSERT_CHUNK) {
    await db
      .insertInto('market_offers')
      .values(
        latest.slice(start, start + INSERT_CHUNK).map((quote) => ({
          product: quote.product,
          year_of_supply: quote.yearOfSupply,
          maturity: quote.maturity,
          market: quote.market,
          price: quote.price,
          quoted_at: new Date(quote.at),
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['product', 'year_of_supply', 'maturity', 'market'])
          .doUpdateSet({
            price: sql`excluded.price`,
            quoted_at: sql`excluded.quoted_at`,
          })
          .where(sql<boolean>`market_offers.quoted_at <= excluded.quoted_at`),
      )
      .execute();
  }
}

export async function priceHistory(
  db: Db,
  instrument: Instrument,
  range: { from: Date; to: Date },
  limit: number,
): Promise<PricePoint[]> {
  // The newest points when the range holds more than the limit, answered oldest first.
  const rows = await db
    .selectFrom('market_prices')
    .select(['at', 'price'])
    .where('product', '=', instrument.product)
    .where('year_of_supply', '=', instrument.yearOfSupply)
    .where('maturity', '=', instrument.maturity)
    .where('market', '=', instrument.market)
    .where('at', '>=', range.from)
    .where('at', '<=', range.to)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows
    .reverse()
    .map((row) => ({ at: row.at.toISOString(), price: plainDecimal(row.price) }));
}

const MATURITY_ORDER = new Map<string, number>(
  MATURITIES.map((maturity, index) => [maturity, index]),
);

/** Every offer with its price and age, in product, year, maturity, market order. */
export async function marketBoard(db: Db, now: Date): Promise<BoardEntry[]> {
  const rows = await db.selectFrom('market_offers').selectAll().execute();
  const entries = rows.map((row) => ({
    product: row.product,
    yearOfSupply: row.year_of_supply,
    maturity: row.maturity as Maturity,
    market: row.market,
    price: row.price === null ? null : plainDecimal(row.price),
    at: row.price === null ? null : row.quoted_at.toISOString(),
    ageSeconds:
      row.price === null
        ? null
        : Math.max(0, Math.floor((now.getTime() - row.quoted_at.getTime()) / 1000)),
  }));
  return entries.sort(
    (a, b) =>
      a.product.localeCompare(b.product) ||
      a.yearOfSupply - b.yearOfSupply ||
      (MATURITY_ORDER.get(a.maturity) ?? 0) - (MATURITY_ORDER.get(b.maturity) ?? 0) ||
      a.market.localeCompare(b.market),
  );
}

/** The latest offered price per instrument key, where a walk or replay carries on from. */
export async function latestOfferPrices(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('market_offers')
    .select(['product', 'year_of_supply', 'maturity', 'market', 'price'])
    .where('price', 'is not', null)
    .execute();
  const latest = new Map<string, string>();
  for (const row of rows) {
    if (row.price === null) continue;
    const key = instrumentKey({
      product: row.product,
      yearOfSupply: row.year_of_supply,
      maturity: row.maturity,
      market: row.market,
    });
    latest.set(key, plainDecimal(row.price));
  }
  return latest;
}

/** The newest stored price of any instrument, for feed health. */
export async function newestPrice(db: Db): Promise<{ at: Date; source: PriceOrigin } | undefined> {
  return db
    .selectFrom('market_prices')
    .select(['at', 'source'])
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
