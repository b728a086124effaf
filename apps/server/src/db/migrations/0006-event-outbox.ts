import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Events that follow a committed change (a click, a pause), written in the same transaction
  // and published from here, so a bus outage delays them but never loses them.
  await db.schema
    .createTable('event_outbox')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_outbox').execute();
}
