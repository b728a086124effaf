import { chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import { embeddedPGlite, type Db } from '../db/database';

/** The socket in DATA_DIR on which a running portal hands out a backup of its embedded database. */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, 'klik-backup.sock');
}

export const BACKUP_REQUEST_PATH = '/backup';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * A consistent copy of the embedded database while the portal runs: it holds PGlite's one
 * connection (so no transaction is half done and every request waits), writes the committed pages
 * to disk (CHECKPOINT) and dumps the data folder as a gzipped tarball.
 */
export async function dumpEmbedded(db: Db): Promise<Buffer> {
  const pglite = embeddedPGlite(db);
  if (!pglite) throw new Error('not an embedded database');
  return db.connection().execute(async (connection) => {
    await sql`checkpoint`.execute(connection);
    const archive = await pglite.dumpDataDir('gzip');
    return Buffer.from(await archive.arrayBuffer());
  });
}

export interface BackupSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Serves `POST /backup` on a Unix socket in DATA_DIR, readable by the portal's own user only: the
 * backup command asks the running portal, the one process that may open the embedded database.
 * Answers null (and logs why) when the socket cannot be made; the portal runs on without it.
 */
export async function serveBackups(
  dataDir: string,
  db: Db,
  log: Log,
): Promise<BackupSocket | null> {
  if (!embeddedPGlite(db)) return null;
  const path = backupSocketPath(dataDir);
  // Left behind by a portal that is gone: this process holds DATA_DIR now (klik.lock).
  rmSync(path, { force: true });
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== BACKUP_REQUEST_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown request.\n');
      return;
    }
    dumpEmbedded(db).then(
      (archive) => {
        log.info({ bytes: archive.length }, 'online backup of the embedded database taken');
        response
          .writeHead(200, { 'content-type': 'application/gzip', 'content-length': archive.length })
          .end(archive);
      },
      (error: unknown) => {
        log.error({ err: error }, 'online backup failed');
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`The portal could not copy its database: ${(error as Error).message}\n`);
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // Made for this user only from the start (the socket is bound within listen's call).
      const umask = process.umask(0o177);
      try {
        server.listen(path, () => resolve());
      } finally {
        process.umask(umask);
      }
    });
    chmodSync(path, 0o600);
  } catch (error) {
    log.warn(
      { err: error, path },
      'no backup socket: `npm run backup` needs the portal stopped (DATA_DIR path too long?)',
    );
    server.close();
    return null;
  }
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}
