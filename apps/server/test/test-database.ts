import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

export interface TestDatabase {
  db: Db;
  /** Which database the suite runs on, for test names and diagnostics. */
  kind: 'pglite' | 'postgresql';
  /** The PostgreSQL URL of this test's own database; null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database: in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL
 * server, a uniquely named database created on it and dropped afterwards.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const migrate = options.migrate ?? true;
  if (!adminUrl) {
    const db = await createDatabase({ databaseUrl: null, dataDir: null });
    if (migrate) await migrateToLatest(db);
    return { db, kind: 'pglite', url: null, drop: () => db.destroy() };
  }
  const name = `klik_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
  if (migrate) await migrateToLatest(db);
  return {
    db,
    kind: 'postgresql',
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
