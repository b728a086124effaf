import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A user's authenticator app (TOTP, docs/account.md): the secret (AES-256-GCM sealed when
  // TOTP_ENCRYPTION_KEY is set), on once a first code proved the app holds it, and the last time
  // step a code was accepted for, so no code is accepted twice.
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_used_step', 'integer')
    .execute();
  // The customer lets its users confirm clicks with the app instead of an SMS code.
  await db.schema
    .alterTable('customers')
    .addColumn('allow_totp', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // A quote's second factor: an SMS code, or a code from the app (counted like SMS attempts).
  await db.schema
    .alterTable('sms_verifications')
    .addColumn('factor', 'text', (col) => col.notNull().defaultTo('sms'))
    .execute();
  // An administrator signed in while ADMIN_SECOND_FACTOR=required without an app: the session
  // may only set one up (docs/security.md).
  await db.schema
    .alterTable('sessions')
    .addColumn('second_factor_pending', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('second_factor_pending').execute();
  await db.schema.alterTable('sms_verifications').dropColumn('factor').execute();
  await db.schema.alterTable('customers').dropColumn('allow_totp').execute();
  await db.schema.dropTable('user_totp').execute();
}
