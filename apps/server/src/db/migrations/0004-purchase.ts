import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What each customer requires before a click counts (docs/purchase.md).
  await db.schema
    .alterTable('customers')
    .addColumn('require_sms', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('require_approval', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('users').addColumn('mobile', 'text').execute();
  // The smallest click per part, in percent of the position's total volume.
  await db.schema
    .alterTable('contracts')
    .addColumn('min_click_percentage', sql`numeric(5, 2)`, (col) =>
      col
        .notNull()
        .defaultTo(5)
        .check(sql`min_click_percentage >= 0 and min_click_percentage <= 100`),
    )
    .execute();

  await db.schema
    .createTable('purchase_quotes')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'integer', (col) => col.references('sessions.id').onDelete('set null'))
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('maturity', 'text', (col) => col.notNull())
    .addColumn('market', 'text', (col) => col.notNull().check(sql`market in ('OTC', 'ICE')`))
    .addColumn('price_source', 'text', (col) => col.notNull())
    // Per part: volume, prices and cost as decimal strings.
    .addColumn('parts', 'jsonb', (col) => col.notNull())
    .addColumn('total_cost', sql`numeric(16, 2)`, (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consumed_at', 'timestamptz')
    // A newer quote of the same user replaced this one.
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('purchase_quotes_user_idx')
    .on('purchase_quotes')
    .columns(['user_id', 'expires_at'])
    .execute();

  await db.schema
    .alterTable('clicks')
    .addColumn('quote_id', 'uuid', (col) => col.references('purchase_quotes.id').unique())
    .addColumn('idempotency_key', 'uuid')
    .addColumn('price_source', 'text')
    .addColumn('total_cost', sql`numeric(16, 2)`)
    .addColumn('in_progress_at', 'timestamptz')
    // ICE clicks: when the price they fix at is known (settlement or overnight fixing).
    .addColumn('fixing_at', 'timestamptz')
    .addColumn('approval_deadline', 'timestamptz')
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute();
  // The same confirmation sent twice (or racing itself) makes one click: the index decides.
  await db.schema
    .createIndex('clicks_idempotency_key')
    .on('clicks')
    .columns(['created_by', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  // The click desk looks for unfinished clicks only.
  await db.schema
    .createIndex('clicks_unfinished_idx')
    .on('clicks')
    .columns(['status', 'created_at'])
    .where(sql.ref('status'), 'in', ['PENDING_APPROVAL', 'IN_PROGRESS'])
    .execute();

  await db.schema
    .createTable('terms_versions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // Null: the default terms for every customer without terms of its own.
    .addColumn('customer_id', 'integer', (col) =>
      col.references('customers.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull().check(sql`version > 0`))
    .addColumn('body_nl', 'text', (col) => col.notNull())
    .addColumn('body_en', 'text', (col) => col.notNull())
    .addColumn('published_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('terms_versions_customer_version_key')
    .on('terms_versions')
    .unique()
    .expression(sql`coalesce(customer_id, 0), version`)
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('terms_acceptances_pkey', ['user_id', 'customer_id', 'version'])
    .execute();

  await db.schema
    .createTable('sms_verifications')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('quote_id', 'uuid', (col) =>
      col.notNull().references('purchase_quotes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verified_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sms_verifications_quote_idx')
    .on('sms_verifications')
    .columns(['quote_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'integer', (col) =>
      col.references('customers.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('message_key', 'text', (col) => col.notNull())
    .addColumn('params', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('publish_date', 'timestamptz', (col) => col.notNull())
    .addColumn('read', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'publish_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notifications',
    'sms_verifications',
    'terms_acceptances',
    'terms_versions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('clicks_unfinished_idx').execute();
  await db.schema.dropIndex('clicks_idempotency_key').execute();
  await db.schema
    .alterTable('clicks')
    .dropColumn('quote_id')
    .dropColumn('idempotency_key')
    .dropColumn('price_source')
    .dropColumn('total_cost')
    .dropColumn('in_progress_at')
    .dropColumn('fixing_at')
    .dropColumn('approval_deadline')
    .dropColumn('decided_by')
    .dropColumn('decided_at')
    .dropColumn('ended_at')
    .execute();
  await db.schema.dropTable('purchase_quotes').execute();
  await db.schema.alterTable('contracts').dropColumn('min_click_percentage').execute();
  await db.schema.alterTable('users').dropColumn('mobile').execute();
  await db.schema
    .alterTable('customers')
    .dropColumn('require_sms')
    .dropColumn('require_approval')
    .execute();
}
