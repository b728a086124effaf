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

/** Opens the database the configuration names. Closing the Kysely instance closes it. */
export async function createDatabase(
  options: DatabaseOptions,
  onPoolError: (error: Error) => void = () => {},
): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolSize ?? 10,
    });
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on('error', onPoolError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, 'pglite');
  }
  return databaseOnPGlite(await PGlite.create({ dataDir, parsers: PGLITE_PARSERS }));
}

/** Kysely over an already opened PGlite, which the Kysely instance then owns. */
export function databaseOnPGlite(pglite: PGlite): Db {
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
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
