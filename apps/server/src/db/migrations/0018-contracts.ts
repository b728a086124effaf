import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What managecontract keeps beyond 0002/0004 (docs/contracts.md).
  await db.schema
    .alterTable('contracts')
    // Raised by every edit of the contract, never by a click (version is raised by both): an
    // edit is checked against it, and a quote records it so a change lapses the quote.
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
    // The power contract's Off-peak part may be priced apart; null: as mark_up/transaction_fee.
    .addColumn('off_peak_mark_up', sql`numeric(12, 4)`, (col) =>
      col.check(sql`off_peak_mark_up >= 0`),
    )
    .addColumn('off_peak_transaction_fee', sql`numeric(12, 4)`, (col) =>
      col.check(sql`off_peak_transaction_fee >= 0`),
    )
    .addColumn('max_click_percentage', sql`numeric(5, 2)`, (col) =>
      col
        .notNull()
        .defaultTo(100)
        .check(sql`max_click_percentage >= 0 and max_click_percentage <= 100`),
    )
    // Per period type, the Nth trading day before delivery is the last to click (domain DeadlineRule).
    .addColumn('deadline_rule', 'jsonb', (col) =>
      col.notNull().defaultTo(sql`'{"YEAR":1,"QUARTER":1,"MONTH":1}'::jsonb`),
    )
    // null: as the customer says.
    .addColumn('require_sms', 'boolean')
    .addColumn('require_approval', 'boolean')
    .execute();
  await sql`alter table contracts add constraint contracts_click_share_range
    check (min_click_percentage <= max_click_percentage)`.execute(db);
  // managemargins adds it with its foreign key in 0016; this only covers a database without it.
  await sql`alter table contracts add column if not exists margin_scenario_id integer`.execute(db);
  await db.schema.alterTable('purchase_quotes').addColumn('contract_revision', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchase_quotes').dropColumn('contract_revision').execute();
  await sql`alter table contracts drop constraint contracts_click_share_range`.execute(db);
  await db.schema
    .alterTable('contracts')
    .dropColumn('revision')
    .dropColumn('off_peak_mark_up')
    .dropColumn('off_peak_transaction_fee')
    .dropColumn('max_click_percentage')
    .dropColumn('deadline_rule')
    .dropColumn('require_sms')
    .dropColumn('require_approval')
    .execute();
}
