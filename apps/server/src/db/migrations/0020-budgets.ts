import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A budget per contract and year of supply (docs/budgets.md). last_zone is where the expected
  // price stood when last evaluated: the watcher notifies only when it changes, in the same
  // transaction that stores the new zone, so a replayed batch of prices notifies nobody again.
  await db.schema
    .createTable('budgets')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('budget_price', sql`numeric(12,4)`, (col) => col.notNull())
    .addColumn('lower_bound', sql`numeric(12,4)`, (col) => col.notNull())
    .addColumn('upper_bound', sql`numeric(12,4)`, (col) => col.notNull())
    .addColumn('last_zone', 'text')
    .addColumn('last_expected_price', sql`numeric(12,4)`)
    .addColumn('evaluated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('budgets_contract_year_uq', ['contract_id', 'year_of_supply'])
    .addCheckConstraint(
      'budgets_bounds_ck',
      sql`lower_bound > 0 and lower_bound <= budget_price and budget_price <= upper_bound`,
    )
    .addCheckConstraint(
      'budgets_zone_ck',
      sql`last_zone is null or last_zone in ('BELOW_LOWER', 'WITHIN', 'ABOVE_UPPER')`,
    )
    .execute();
  // The expected price's history for the chart: the last value of each Amsterdam day.
  await db.schema
    .createTable('budget_expected_prices')
    .addColumn('budget_id', 'integer', (col) =>
      col.notNull().references('budgets.id').onDelete('cascade'),
    )
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('expected_price', sql`numeric(12,4)`, (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('budget_expected_prices_pk', ['budget_id', 'day'])
    .execute();

  // A hedge policy per contract and year: its points as JSON [{date, minShare, maxShare}], dates
  // increasing (checked by the domain before it is stored).
  await db.schema
    .createTable('hedge_policies')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('points', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('hedge_policies_contract_year_uq', ['contract_id', 'year_of_supply'])
    .execute();
  // A behind-the-corridor notification sent, once per policy and point in force.
  await db.schema
    .createTable('hedge_policy_alerts')
    .addColumn('policy_id', 'integer', (col) =>
      col.notNull().references('hedge_policies.id').onDelete('cascade'),
    )
    .addColumn('point_date', 'date', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('hedge_policy_alerts_pk', ['policy_id', 'point_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hedge_policy_alerts').execute();
  await db.schema.dropTable('hedge_policies').execute();
  await db.schema.dropTable('budget_expected_prices').execute();
  await db.schema.dropTable('budgets').execute();
}
