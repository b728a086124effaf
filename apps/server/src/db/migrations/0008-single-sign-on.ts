import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An administrator lets a customer's users be linked by their verified e-mail on their first
  // single sign-on; off by default, since it trusts the provider's word about the address.
  await db.schema
    .alterTable('customers')
    .addColumn('sso_link_by_email', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  // Which Klik user an identity of a provider is: subjects are unique per issuer only.
  await db.schema
    .createTable('sso_identities')
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sso_identities_pkey', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('sso_identities_user_idx')
    .on('sso_identities')
    .column('user_id')
    .execute();

  // A sign-in on its way through the provider: kept in the database, not in one instance's
  // memory, so the browser may come back to any instance. Single use (used_at).
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sso_logins_expires_idx')
    .on('sso_logins')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_logins').execute();
  await db.schema.dropTable('sso_identities').execute();
  await db.schema.alterTable('customers').dropColumn('sso_link_by_email').execute();
}
