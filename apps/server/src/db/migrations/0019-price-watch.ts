import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The transaction that recorded each price (modules/market/price-watch.ts). Ids are handed out
  // before commit, so two recorders can commit them out of order; the transaction id says which
  // prices are surely committed (below the oldest transaction still running), so a watcher that
  // reads by it never skips a price.
  await sql`alter table market_prices add column tx xid8 not null default pg_current_xact_id()`.execute(
    db,
  );
  await db.schema
    .createIndex('market_prices_tx_idx')
    .on('market_prices')
    .columns(['tx', 'id'])
    .execute();
  // How far each watcher (price alerts, budgets, standing orders) has read the prices.
  await db.schema
    .createTable('price_watch_cursors')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('tx', sql`xid8`, (col) => col.notNull())
    .addColumn('price_id', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_watch_cursors').execute();
  await db.schema.dropIndex('market_prices_tx_idx').execute();
  await sql`alter table market_prices drop column tx`.execute(db);
}
