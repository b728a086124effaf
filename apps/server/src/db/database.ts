import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL server; when null, PGlite is used. */
  databaseUrl: string | null;
  /** PGlite's directory; null keeps the database in memory. */
  dataDir: string | null;
  /** PostgreSQL only: the pool's most connections (10 when not given). */
  databasePoolSize?: number;
}

// pg reads int8 and numeric as strings; PGlite is told to do the same so that both
// databases hand the code identical values (no silent float conversion of big numbers).
export const PGLITE_PARSERS = {
  [types.INT8]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
};

/**
 * How long a new PostgreSQL connection may take. Without a limit a request would wait for a
 * server that does not answer (a network cut) as long as TCP does; with one it answers 503
 * DATABASE_UNAVAILABLE (kernel/db-errors.ts) and /readyz says the database is down.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens the database the configuration names. Closing the Kysely instance closes it.
 *
 * On PostgreSQL a connection the server drops (a restart, a crash, an administrator) must never
 * crash the process: the pool reports a dropped idle connection itself, and a connection in use
 * (a transaction between two statements) gets a listener here, since pg emits an 'error' with
 * nobody listening then. The statement that uses it fails (503), the pool discards it on
 * release, and the next request gets a fresh connection once the server is back.
 */
export async function createDatabase(
  options: DatabaseOptions,
  onPoolError: (error: Error) => void = () => {},
): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    pool.on('error', onPoolError);
    pool.on('connect', (client) => client.on('error', onPoolError));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, 'pglite');
  }
  return databaseOnPGlite(await PGlite.create({ dataDir, parsers: PGLITE_PARSERS }));
}

const embedded = new WeakMap<Db, PGlite>();

/** Kysely over an already opened PGlite, which the Kysely instance then owns. */
export function databaseOnPGlite(pglite: PGlite): Db {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  embedded.set(db, pglite);
  return db;
}

/** The PGlite under a database opened here; null on PostgreSQL (for the online backup). */
export function embeddedPGlite(db: Db): PGlite | null {
  return embedded.get(db) ?? null;
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
