import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One settlement price per instrument and Amsterdam day, for the replay of strategies
  // (docs/backtest.md, "Price history"): imported from the exchanges' files, or synthetic (the
  // demo). The intraday prices the portal records stay in market_prices; the replay reads both.
  await db.schema
    .createTable('price_history')
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('product', 'text', (col) =>
      col
        .notNull()
        .check(sql`product in ('NL_POWER_BASE', 'NL_POWER_PEAK', 'NL_POWER_OFFPEAK', 'TTF_GAS')`),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('maturity', 'text', (col) =>
      col.notNull().check(sql`maturity ~ '^(Y|Q[1-4]|M([1-9]|1[0-2]))$'`),
    )
    .addColumn('market', 'text', (col) => col.notNull().check(sql`market in ('OTC', 'ICE')`))
    .addColumn('price', sql`numeric(12, 4)`, (col) =>
      col.notNull().check(sql`price > 0 and price < 99999999`),
    )
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('IMPORT', 'SYNTHETIC')`),
    )
    .addColumn('imported_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The replay reads one instrument's days in order: the key is its index.
    .addPrimaryKeyConstraint('price_history_pkey', [
      'product',
      'year_of_supply',
      'maturity',
      'market',
      'day',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_history').execute();
}
