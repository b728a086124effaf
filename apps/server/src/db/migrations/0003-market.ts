import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every price ever accepted, for the charts and for tracing what a click was priced at.
  await db.schema
    .createTable('market_prices')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
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
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('SIMULATED', 'CSV', 'INGEST')`),
    )
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The charts read one instrument over a time range.
  await db.schema
    .createIndex('market_prices_instrument_at_idx')
    .on('market_prices')
    .columns(['product', 'year_of_supply', 'maturity', 'market', 'at'])
    .execute();
  // Feed health asks for the newest price of all.
  await db.schema.createIndex('market_prices_at_idx').on('market_prices').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('market_prices').execute();
}
