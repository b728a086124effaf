import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The deadline reminders sent (modules/notifications/deadline-reminders.ts): one per position
  // and deadline, written in the transaction that notifies, so a restart or a second instance
  // never reminds twice. A changed deadline (a new rule) is a new key: it is reminded of again.
  await db.schema
    .createTable('deadline_reminders')
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('maturity', 'text', (col) => col.notNull())
    .addColumn('deadline', 'date', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deadline_reminders_pk', [
      'contract_id',
      'year_of_supply',
      'maturity',
      'deadline',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deadline_reminders').execute();
}
