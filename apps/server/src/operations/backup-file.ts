import { execFile } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/** A backup or restore that cannot be done; the message is one line for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** An embedded database's archive (PGlite's data folder, tar.gz) or a pg_dump custom-format file. */
export type BackupKind = 'embedded' | 'postgresql';

/** What a backup file holds, by its first bytes; refuses anything else. */
export async function backupKindOf(file: string): Promise<BackupKind> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(5);
      const { bytesRead } = await handle.read(head, 0, 5, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.length === 0) throw new BackupError(`${file} is empty: not a Klik backup.`);
  if (head.toString('latin1') === 'PGDMP') return 'postgresql';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  throw new BackupError(
    `${file} is not a Klik backup (neither an embedded database's archive nor a pg_dump file).`,
  );
}

function field(header: Buffer, start: number, end: number): string {
  const text = header.toString('utf8', start, end);
  const nul = text.indexOf('\0');
  return (nul === -1 ? text : text.slice(0, nul)).trim();
}

/** The entries of a tar archive; throws when a header is damaged or the archive ends early. */
function tarEntries(tar: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return names;
    let sum = 0;
    for (let index = 0; index < 512; index += 1) {
      sum += index >= 148 && index < 156 ? 32 : (header[index] as number);
    }
    if (sum !== parseInt(field(header, 148, 156), 8)) {
      throw new BackupError(`damaged archive header at byte ${offset}`);
    }
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 500);
    names.push(prefix ? `${prefix}/${name}` : name);
    const size = parseInt(field(header, 124, 136) || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new BackupError('the archive ends before its last entry (truncated)');
}

/**
 * Reads an embedded database's archive whole: the gzip checksum and length, every tar header, and
 * the files a PostgreSQL data folder cannot be without. Answers the archive (uncompressed).
 */
export async function verifyEmbeddedArchive(file: string): Promise<Buffer> {
  try {
    // At once rather than streamed: a command of its own, and within a minute for any portal's data.
    const tar = gunzipSync(await readFile(file));
    const names = tarEntries(tar);
    for (const required of ['PG_VERSION', 'global/pg_control']) {
      if (!names.some((name) => name.split('/').slice(1).join('/') === required)) {
        throw new BackupError(`it has no ${required}: not a database folder`);
      }
    }
    return tar;
  } catch (error) {
    throw new BackupError(`${file} is damaged or not a Klik backup (${(error as Error).message}).`);
  }
}

/** A PostgreSQL URL without its password, and the password apart (for PGPASSWORD, not argv). */
export function splitPassword(databaseUrl: string): { url: string; password: string | null } {
  const parsed = new URL(databaseUrl);
  const password = parsed.password ? decodeURIComponent(parsed.password) : null;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** Where a database URL points, without its password: for messages. */
export function databaseName(databaseUrl: string): string {
  const parsed = new URL(databaseUrl);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** Runs a PostgreSQL client tool; a missing tool or a failure is a BackupError with its last words. */
export function runTool(
  tool: 'pg_dump' | 'pg_restore' | 'psql',
  args: string[],
  password: string | null = null,
): Promise<string> {
  const env = { ...process.env, ...(password === null ? {} : { PGPASSWORD: password }) };
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) {
        resolve(stdout);
        return;
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(
          new BackupError(
            `${tool} is not installed: install the PostgreSQL client tools of the server's ` +
              'version or newer (Debian: apt-get install postgresql-client).',
          ),
        );
        return;
      }
      const lines = stderr.trim().split('\n').filter(Boolean);
      const cause = lines.find((line) => /error/i.test(line)) ?? lines.at(-1) ?? error.message;
      reject(new BackupError(`${tool} failed: ${cause}`));
    });
  });
}

/**
 * Reads a pg_dump custom-format file whole (pg_restore to nowhere), and checks that it is a Klik
 * database (it has the migrations' table).
 */
export async function verifyPostgresDump(file: string): Promise<void> {
  try {
    const list = await runTool('pg_restore', ['--list', file]);
    if (!/ TABLE public kysely_migration /.test(list)) {
      throw new BackupError('it holds no Klik database');
    }
    await runTool('pg_restore', ['--file=/dev/null', file]);
  } catch (error) {
    if (error instanceof BackupError && error.message.includes('not installed')) throw error;
    throw new BackupError(`${file} is damaged or not a Klik backup (${(error as Error).message}).`);
  }
}
