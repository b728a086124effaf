import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An attempt is written before its password is checked, so attempts in flight count too
  // (docs/security.md): succeeded is null until the check is done.
  await db.schema
    .alterTable('login_attempts')
    .alterColumn('succeeded', (col) => col.dropNotNull())
    .execute();
  // Counted per (account, address) pair and per account; no longer per address alone.
  await db.schema.dropIndex('login_attempts_ip_at_idx').execute();
  await db.schema
    .createIndex('login_attempts_pair_at_idx')
    .on('login_attempts')
    .columns(['username_key', 'ip', 'at'])
    .execute();
  // Expired rows of every account are pruned by time.
  await db.schema.createIndex('login_attempts_at_idx').on('login_attempts').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_attempts_at_idx').execute();
  await db.schema.dropIndex('login_attempts_pair_at_idx').execute();
  await db.schema
    .createIndex('login_attempts_ip_at_idx')
    .on('login_attempts')
    .columns(['ip', 'at'])
    .execute();
  await sql`delete from login_attempts where succeeded is null`.execute(db);
  await db.schema
    .alterTable('login_attempts')
    .alterColumn('succeeded', (col) => col.setNotNull())
    .execute();
}
