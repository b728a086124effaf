import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Reset and invitation links (docs/security.md): only the token's SHA-256 is kept, so a leaked
  // database holds no working link.
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('reset', 'invitation')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    // Set when the link was used, or voided by a newer link or a reset.
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();
  // forgotPassword requests, counted per account and per address for the throttle.
  await db.schema
    .createTable('password_reset_requests')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('account_key', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_requests_account_idx')
    .on('password_reset_requests')
    .columns(['account_key', 'at'])
    .execute();
  await db.schema
    .createIndex('password_reset_requests_ip_idx')
    .on('password_reset_requests')
    .columns(['ip', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_requests').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
}
