import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A user's deadline calendar feed (modules/deadlines): one per user, found by the digest of its
  // secret token, which is never stored itself. Renewing replaces the row, revoking deletes it.
  await db.schema
    .createTable('deadline_calendar_feeds')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deadline_calendar_feeds').execute();
}
