import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_PARSERS } from '../db/database';
import { DataDirLock, InstanceConflictError } from '../instance-guard';
import {
  BackupError,
  backupKindOf,
  databaseName,
  runTool,
  splitPassword,
  verifyEmbeddedArchive,
  verifyPostgresDump,
  type BackupKind,
} from './backup-file';
import { BACKUP_REQUEST_PATH, backupSocketPath } from './backup-socket';

/** Which database: PostgreSQL when databaseUrl is set, else the embedded one in dataDir. */
export interface BackupTarget {
  databaseUrl: string | null;
  dataDir: string | null;
}

export interface BackupReport {
  kind: BackupKind;
  file: string;
  bytes: number;
  /** How the copy was made: through the running portal, with the folder held, or by pg_dump. */
  how: 'online' | 'offline' | 'pg_dump';
}

export interface RestoreReport {
  kind: BackupKind;
  /** The data folder's database or the PostgreSQL database restored into. */
  target: string;
  /** Where the database that was replaced (--replace) was kept; null when there was none. */
  keptAs: string | null;
}

/** The embedded database's own folder inside DATA_DIR (db/database.ts). */
function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

function isNonEmptyDir(path: string): boolean {
  return existsSync(path) && readdirSync(path).length > 0;
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
}

async function bytesOf(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/** Writes to `<to>.partial-<pid>`, verifies, then renames: a backup file is whole or absent. */
async function writeVerified(
  to: string,
  make: (partial: string) => Promise<void>,
  verify: (partial: string) => Promise<unknown>,
): Promise<number> {
  const partial = `${to}.partial-${process.pid}`;
  try {
    await make(partial);
    await verify(partial);
    const bytes = await bytesOf(partial);
    await rename(partial, to);
    return bytes;
  } finally {
    await rm(partial, { force: true });
  }
}

/** Asks the portal holding DATA_DIR for a copy; false when no portal answers on its socket. */
function requestOnline(dataDir: string, partial: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const call = request(
      { socketPath: backupSocketPath(dataDir), method: 'POST', path: BACKUP_REQUEST_PATH },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode !== 200) {
            reject(
              new BackupError(body.toString('utf8').trim() || `answer ${response.statusCode}`),
            );
            return;
          }
          open(partial, 'w')
            .then(async (handle) => {
              try {
                await handle.writeFile(body);
              } finally {
                await handle.close();
              }
            })
            .then(() => resolve(true), reject);
        });
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
    call.end();
  });
}

/** With the folder held (no portal may start meanwhile): open, dump, close. */
async function dumpOffline(dataDir: string, partial: string): Promise<void> {
  let lock: DataDirLock;
  try {
    lock = DataDirLock.acquire(dataDir);
  } catch (error) {
    if (!(error instanceof InstanceConflictError)) throw error;
    throw new BackupError(
      `${error.message.replace(/: stop it.*$/, '')} but it does not answer on ` +
        `${backupSocketPath(dataDir)}: restart that portal, or stop it and back up again.`,
    );
  }
  try {
    if (!existsSync(join(pgliteDir(dataDir), 'PG_VERSION'))) {
      throw new BackupError(`DATA_DIR ${dataDir} holds no database: nothing to back up.`);
    }
    const pglite = await PGlite.create({ dataDir: pgliteDir(dataDir), parsers: PGLITE_PARSERS });
    try {
      const archive = await pglite.dumpDataDir('gzip');
      const handle = await open(partial, 'w');
      try {
        await handle.writeFile(Buffer.from(await archive.arrayBuffer()));
      } finally {
        await handle.close();
      }
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

async function backupEmbedded(dataDir: string, to: string): Promise<BackupReport> {
  let how: BackupReport['how'] = 'online';
  const bytes = await writeVerified(
    to,
    async (partial) => {
      if (await requestOnline(dataDir, partial)) return;
      how = 'offline';
      await dumpOffline(dataDir, partial);
    },
    verifyEmbeddedArchive,
  );
  return { kind: 'embedded', file: to, bytes, how };
}

async function backupPostgres(databaseUrl: string, to: string): Promise<BackupReport> {
  const { url, password } = splitPassword(databaseUrl);
  const bytes = await writeVerified(
    to,
    (partial) =>
      runTool(
        'pg_dump',
        ['--format=custom', `--file=${partial}`, `--dbname=${url}`],
        password,
      ).then(() => undefined),
    verifyPostgresDump,
  );
  return { kind: 'postgresql', file: to, bytes, how: 'pg_dump' };
}

/** Backs the configured database up into one file: `npm run backup -- --to <file>`. */
export async function backup(target: BackupTarget, to: string): Promise<BackupReport> {
  if (target.databaseUrl) return backupPostgres(target.databaseUrl, to);
  if (!target.dataDir) {
    throw new BackupError(
      'DATA_DIR is memory://: the database lives in memory, nothing to back up.',
    );
  }
  return backupEmbedded(target.dataDir, to);
}

/** Opens an unpacked copy and asks it for the migrations' table: it is a Klik database. */
async function loadAndCheck(folder: string, archive: Buffer, file: string): Promise<void> {
  const pglite = await PGlite.create({
    dataDir: folder,
    loadDataDir: new Blob([new Uint8Array(archive)]),
    parsers: PGLITE_PARSERS,
  });
  try {
    await pglite.query('select count(*) from kysely_migration');
  } catch (error) {
    throw new BackupError(`${file} does not hold a Klik database (${(error as Error).message}).`);
  } finally {
    await pglite.close();
  }
}

async function restoreEmbedded(
  dataDir: string,
  from: string,
  replace: boolean,
): Promise<RestoreReport> {
  const archive = await verifyEmbeddedArchive(from);
  // While the folder is held no portal can start on it, and none may be running.
  let lock: DataDirLock;
  try {
    lock = DataDirLock.acquire(dataDir);
  } catch (error) {
    if (error instanceof InstanceConflictError) {
      throw new BackupError(`${error.message.replace(/: stop it.*$/, '')}: stop it, then restore.`);
    }
    throw error;
  }
  const target = pgliteDir(dataDir);
  const staging = `${target}.restoring-${process.pid}`;
  try {
    if (isNonEmptyDir(target) && !replace) {
      throw new BackupError(
        `DATA_DIR ${dataDir} already holds a database: restore into an empty DATA_DIR, or add ` +
          '--replace to put the backup in its place (the current one is kept beside it).',
      );
    }
    rmSync(staging, { recursive: true, force: true });
    await loadAndCheck(staging, archive, from);
    let keptAs: string | null = null;
    if (isNonEmptyDir(target)) {
      keptAs = `${target}.before-restore-${stamp()}`;
      renameSync(target, keptAs);
    }
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
    return { kind: 'embedded', target: dataDir, keptAs };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `DATABASE_URL: cannot reach ${databaseName(databaseUrl)} (${(error as Error).message}); ` +
        'create the database first (createdb) to restore into it.',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Refuses while anyone else is connected, or (without replace) when the database has tables.
 * Answers whether it has tables.
 */
async function checkTarget(databaseUrl: string, replace: boolean): Promise<boolean> {
  const name = databaseName(databaseUrl);
  return withClient(databaseUrl, async (client) => {
    const others = await client.query<{ count: string }>(
      `select count(*) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const sessions = Number(others.rows[0]?.count ?? 0);
    if (sessions > 0) {
      throw new BackupError(
        `${name} has ${sessions} other connection(s) (a running portal?): stop them, then restore.`,
      );
    }
    const tables = await client.query<{ count: string }>(
      `select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const hasTables = Number(tables.rows[0]?.count ?? 0) > 0;
    if (hasTables && !replace) {
      throw new BackupError(
        `${name} is not empty: restore into an empty database (createdb), or add --replace ` +
          'to put the backup in place of everything in its public schema.',
      );
    }
    return hasTables;
  });
}

/**
 * --replace: the public schema dropped and the backup restored in one transaction (psql running
 * pg_restore's script), so a failure leaves the database as it was.
 */
async function replaceInOneTransaction(
  url: string,
  password: string | null,
  from: string,
): Promise<void> {
  // The script holds every row (password hashes too): a folder of this user's only.
  const folder = await mkdtemp(join(tmpdir(), 'klik-restore-'));
  const script = join(folder, 'restore.sql');
  try {
    await runTool('pg_restore', ['--no-owner', `--file=${script}`, from]);
    await runTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        '--command=drop schema public cascade; create schema public',
        `--file=${script}`,
        `--dbname=${url}`,
      ],
      password,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function restorePostgres(
  databaseUrl: string,
  from: string,
  replace: boolean,
): Promise<RestoreReport> {
  await verifyPostgresDump(from);
  const hasTables = await checkTarget(databaseUrl, replace);
  const { url, password } = splitPassword(databaseUrl);
  if (hasTables) {
    await replaceInOneTransaction(url, password, from);
  } else {
    await runTool(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${url}`, from],
      password,
    );
  }
  return { kind: 'postgresql', target: databaseName(databaseUrl), keptAs: null };
}

/** Restores a backup into the configured database: `npm run restore -- --from <file>`. */
export async function restore(
  target: BackupTarget,
  from: string,
  options: { replace?: boolean } = {},
): Promise<RestoreReport> {
  const kind = await backupKindOf(from);
  const replace = options.replace ?? false;
  if (target.databaseUrl) {
    if (kind !== 'postgresql') {
      throw new BackupError(
        `${from} is a backup of an embedded database; DATABASE_URL names PostgreSQL. Unset ` +
          'DATABASE_URL to restore it into DATA_DIR.',
      );
    }
    return restorePostgres(target.databaseUrl, from, replace);
  }
  if (!target.dataDir) {
    throw new BackupError('DATA_DIR is memory://: set DATA_DIR to the folder to restore into.');
  }
  if (kind !== 'embedded') {
    throw new BackupError(
      `${from} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the empty database to ` +
        'restore it into.',
    );
  }
  return restoreEmbedded(target.dataDir, from, replace);
}

export { BackupError } from './backup-file';
