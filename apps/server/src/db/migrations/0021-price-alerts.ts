import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Price alerts (docs/price-alerts.md): a threshold on the market price of one part of one
  // position (contract, year, maturity) on one market. `last_met` remembers whether the last price
  // the alert saw met it, and `last_price_id` which price changed that, both written in the
  // transaction that notifies, so a retried batch or a restart never fires twice.
  await db.schema
    .createTable('price_alerts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('part', 'text', (col) =>
      col.notNull().check(sql`part in ('Gas', 'Peak', 'OffPeak')`),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('maturity', 'text', (col) => col.notNull())
    .addColumn('market', 'text', (col) => col.notNull().check(sql`market in ('OTC', 'ICE')`))
    .addColumn('direction', 'text', (col) =>
      col.notNull().check(sql`direction in ('EQUAL_OR_LOWER', 'EQUAL_OR_HIGHER')`),
    )
    .addColumn('price', sql`numeric(12, 4)`, (col) =>
      col.notNull().check(sql`price > 0 and price < 99999999`),
    )
    .addColumn('expires_on', 'date', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('last_met', 'boolean')
    .addColumn('last_price_id', 'bigint')
    .addColumn('last_fired_at', 'timestamptz')
    // Any price the feed records, whatever its precision.
    .addColumn('last_fired_price', 'numeric')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('price_alerts_position')
    .on('price_alerts')
    .columns(['year_of_supply', 'maturity', 'market', 'expires_on'])
    .execute();
  await db.schema
    .createIndex('price_alerts_customer')
    .on('price_alerts')
    .columns(['customer_id', 'expires_on'])
    .execute();
  await db.schema
    .createTable('price_alert_recipients')
    .addColumn('alert_id', 'integer', (col) =>
      col.notNull().references('price_alerts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('price_alert_recipients_pk', ['alert_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_alert_recipients').execute();
  await db.schema.dropTable('price_alerts').execute();
}
