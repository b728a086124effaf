import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('margin_scenarios')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // Every change is a new version and none is ever changed or deleted, so the version that priced
  // a quote (purchase_quotes.margin_scenario_version) can always be read back.
  await db.schema
    .createTable('margin_scenario_versions')
    .addColumn('scenario_id', 'integer', (col) =>
      col.notNull().references('margin_scenarios.id').onDelete('restrict'),
    )
    .addColumn('version', 'integer', (col) => col.notNull().check(sql`version >= 1`))
    .addColumn('name', 'text', (col) => col.notNull())
    // Amsterdam days; valid_until inclusive, null = open-ended.
    .addColumn('valid_from', 'date', (col) => col.notNull())
    .addColumn('valid_until', 'date')
    .addColumn('effective_at', 'timestamptz', (col) => col.notNull())
    .addColumn('lines', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('margin_scenario_versions_pk', ['scenario_id', 'version'])
    .addCheckConstraint(
      'margin_scenario_versions_validity',
      sql`valid_until is null or valid_until >= valid_from`,
    )
    .execute();
  // A customer has at most one scenario of its own.
  await db.schema
    .createTable('margin_scenario_customers')
    .addColumn('customer_id', 'integer', (col) =>
      col.primaryKey().references('customers.id').onDelete('cascade'),
    )
    .addColumn('scenario_id', 'integer', (col) =>
      col.notNull().references('margin_scenarios.id').onDelete('restrict'),
    )
    .execute();
  // The contract model may already carry the column (managecontract); it is the same column.
  await sql`alter table contracts add column if not exists margin_scenario_id integer
    references margin_scenarios(id) on delete set null`.execute(db);
  // Pricing IDs: which market product prices a part of a contract product. '*' stands for every
  // product without rows of its own; it is seeded with the mapping the code used to hold.
  await db.schema
    .createTable('pricing_ids')
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('part', 'text', (col) =>
      col.notNull().check(sql`part in ('Gas', 'Peak', 'OffPeak')`),
    )
    .addColumn('market_product', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pricing_ids_pk', ['product', 'part'])
    .execute();
  await sql`insert into pricing_ids (product, part, market_product) values
    ('*', 'Gas', 'TTF_GAS'), ('*', 'Peak', 'NL_POWER_PEAK'), ('*', 'OffPeak', 'NL_POWER_OFFPEAK')`.execute(
    db,
  );
  // Which scenario version priced a quote; null: the contract's own mark-up and fee. Each part
  // also names its own in purchase_quotes.parts (a level without a line for a part falls through).
  await db.schema
    .alterTable('purchase_quotes')
    .addColumn('margin_scenario_id', 'integer')
    .addColumn('margin_scenario_version', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('purchase_quotes')
    .dropColumn('margin_scenario_id')
    .dropColumn('margin_scenario_version')
    .execute();
  await sql`alter table contracts drop constraint if exists contracts_margin_scenario_id_fkey`.execute(
    db,
  );
  await db.schema.dropTable('pricing_ids').execute();
  await db.schema.dropTable('margin_scenario_customers').execute();
  await db.schema.dropTable('margin_scenario_versions').execute();
  await db.schema.dropTable('margin_scenarios').execute();
}
