import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Standing orders (docs/standing-orders.md): a click the server makes for the customer when the
  // click price reaches a limit or a stop. click_id is unique and set exactly when it executed, in
  // the click's own transaction, so an order holds at most one click.
  await db.schema
    .createTable('standing_orders')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('maturity', 'text', (col) => col.notNull())
    .addColumn('market', 'text', (col) => col.notNull().check(sql`market in ('OTC', 'ICE')`))
    .addColumn('percentage', sql`numeric(5, 2)`)
    .addColumn('volumes', 'jsonb')
    .addColumn('limit_price', sql`numeric(12, 4)`)
    .addColumn('stop_price', sql`numeric(12, 4)`)
    .addColumn('valid_until', 'date', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status in ('ACTIVE', 'EXECUTED', 'CANCELLED', 'LAPSED')`),
    )
    .addColumn('waiting_reason', 'text')
    .addColumn('lapse_reason', 'text')
    // How the second factor was given when placing: 'sms', 'totp', or null (not required).
    .addColumn('second_factor', 'text')
    .addColumn('terms_version', 'integer')
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('ended_by', 'integer', (col) => col.references('users.id'))
    .addColumn('click_id', 'integer', (col) => col.unique().references('clicks.id'))
    .addColumn('quote_id', 'uuid')
    .addColumn('triggered_by', 'text')
    .addColumn('trigger_click_price', sql`numeric(16, 4)`)
    .addColumn('trigger_market_price', sql`numeric(12, 4)`)
    .addColumn('trigger_price_id', 'bigint')
    // The market prices (per product) of the last quote that did not meet the order, and when:
    // a later price that is no better than those cannot meet it either, so it is not quoted again.
    .addColumn('checked_prices', 'jsonb')
    .addColumn('checked_at', 'timestamptz')
    .addCheckConstraint(
      'standing_orders_threshold',
      sql`limit_price is not null or stop_price is not null`,
    )
    .addCheckConstraint('standing_orders_share', sql`(percentage is null) <> (volumes is null)`)
    .addCheckConstraint(
      'standing_orders_executed_click',
      sql`(status = 'EXECUTED') = (click_id is not null)`,
    )
    .execute();
  // The watcher looks up the active orders of a position on every price.
  await db.schema
    .createIndex('standing_orders_active_idx')
    .on('standing_orders')
    .columns(['contract_id', 'year_of_supply', 'maturity'])
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();
  await db.schema
    .createIndex('standing_orders_customer_idx')
    .on('standing_orders')
    .columns(['customer_id', 'created_at'])
    .execute();

  // SMS codes that confirm placing an order (the click path's codes belong to a quote). Only a
  // SHA-256 digest of a random nonce and the code is kept.
  await db.schema
    .createTable('standing_order_codes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('nonce', 'uuid', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('standing_order_codes_user_idx')
    .on('standing_order_codes')
    .columns(['user_id', 'customer_id', 'created_at'])
    .execute();

  // The quotes a standing order makes: they neither count as the user's click in progress nor
  // replace the user's own quotes (modules/purchase).
  await db.schema
    .alterTable('purchase_quotes')
    .addColumn('standing_order_id', 'integer', (col) =>
      col.references('standing_orders.id').onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchase_quotes').dropColumn('standing_order_id').execute();
  await db.schema.dropTable('standing_order_codes').execute();
  await db.schema.dropTable('standing_orders').execute();
}
