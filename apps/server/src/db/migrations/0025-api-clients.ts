import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // API clients (docs/integrations.md): a customer's machine credentials for the OAuth 2.0
  // client credentials grant. Only the SHA-256 of the secret is kept (secret_hash): the secret is
  // 256 random bits, so a fast hash is enough (no dictionary to try) and a leaked database holds
  // no working secret. secret_version counts rotations; an access token names the version it was
  // issued under, so a rotation ends the tokens of the old secret at once.
  await db.schema
    .createTable('api_clients')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('secret_version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('scopes', sql`text[]`, (col) => col.notNull())
    .addColumn('ip_allow_list', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint('api_clients_secret_hash', sql`secret_hash ~ '^[0-9a-f]{64}$'`)
    .execute();
  await db.schema
    .createIndex('api_clients_customer')
    .on('api_clients')
    .columns(['customer_id', 'id'])
    .execute();

  // The key access tokens are signed with when API_TOKEN_SECRET is not set: made once by the
  // first instance that needs it (one row, id 1), so every instance of a cluster signs and checks
  // with the same key.
  await db.schema
    .createTable('api_token_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('secret', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_token_keys').execute();
  await db.schema.dropTable('api_clients').execute();
}
