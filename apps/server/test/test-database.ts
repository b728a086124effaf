import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, databaseOnPGlite, PGLITE_PARSERS, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/** Whether the tests run on PostgreSQL (TEST_DATABASE_URL) rather than embedded PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase {
  db: Db;
  /** Which database the suite runs on, for test names and diagnostics. */
  kind: 'pglite' | 'postgresql';
  /** The PostgreSQL URL of this test's own database; null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// Starting PGlite from a snapshot skips initdb and the migrations: about a third of the
// time of a cold start. One snapshot per worker, taken on first use.
const snapshots = new Map<boolean, Promise<Blob>>();

function pgliteSnapshot(migrated: boolean): Promise<Blob> {
  let snapshot = snapshots.get(migrated);
  if (!snapshot) {
    snapshot = (async () => {
      const pglite = await PGlite.create({ parsers: PGLITE_PARSERS });
      const db = databaseOnPGlite(pglite);
      if (migrated) await migrateToLatest(db);
      const dump = await pglite.dumpDataDir('none');
      await db.destroy();
      return dump;
    })();
    snapshots.set(migrated, snapshot);
  }
  return snapshot;
}

/**
 * A fresh, empty database: in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL
 * server, a uniquely named database created on it and dropped afterwards.
 */
export async function createTestDatabase(
  options: {
    migrate?: boolean;
    /** The PostgreSQL server to create it on, instead of TEST_DATABASE_URL's. */
    adminUrl?: string;
  } = {},
): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_URL;
  const migrate = options.migrate ?? true;
  if (!adminUrl) {
    const loadDataDir = await pgliteSnapshot(migrate);
    const db = databaseOnPGlite(await PGlite.create({ loadDataDir, parsers: PGLITE_PARSERS }));
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
