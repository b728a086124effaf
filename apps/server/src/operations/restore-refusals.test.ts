import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, processStartTime } from '../instance-guard';
import { adminQuery, createTestDatabase } from '../../test/test-database';
import { backup, BackupError, restore } from './backup';
import { embeddedDatabase, hasPgDump, postgresAdminUrl } from './backup-test-kit';

// What restore refuses (docs/operations.md "Backups"), and that a refusal changes nothing.

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'klik-rs-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function folder(name: string): string {
  return join(root, name);
}

/** Every file under a folder with its size: what "nothing changed" is compared by. */
function listing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => `${name} ${statSync(join(dir, name)).size}`)
    .sort();
}

/** Half of a file: a backup cut off by a full disk or an interrupted copy. */
function truncated(file: string, to: string): string {
  const bytes = readFileSync(file);
  writeFileSync(to, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return to;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

describe('restore of the embedded database refuses', () => {
  let backupFile: string;
  let sleeper: ChildProcess | undefined;

  beforeAll(async () => {
    const source = folder('source');
    const database = await embeddedDatabase(source);
    await database.db.insertInto('customers').values({ name: 'Bewaard B.V.' }).execute();
    await database.drop();
    backupFile = join(root, 'klik.tar.gz');
    // No portal holds the folder: the command holds it and copies it itself.
    expect((await backup({ databaseUrl: null, dataDir: source }, backupFile)).how).toBe('offline');
  }, 60_000);

  afterAll(() => {
    sleeper?.kill();
  });

  it('a DATA_DIR that holds a database, unless --replace, which keeps the old one beside', async () => {
    const target = folder('source');
    const before = listing(target);
    const message = await refusal(restore({ databaseUrl: null, dataDir: target }, backupFile));
    expect(message).toMatch(/already holds a database: .*--replace/);
    expect(listing(target)).toEqual(before);

    const report = await restore({ databaseUrl: null, dataDir: target }, backupFile, {
      replace: true,
    });
    expect(report.keptAs).toMatch(/pglite\.before-restore-\d{8}T\d{6}$/);
    expect(listing(report.keptAs as string)).toEqual(
      before.flatMap((line) => (line.startsWith('pglite/') ? [line.slice(7)] : [])),
    );
    const restored = await embeddedDatabase(target);
    const customers = await restored.db.selectFrom('customers').select('name').execute();
    await restored.drop();
    expect(customers).toEqual([{ name: 'Bewaard B.V.' }]);
  }, 60_000);

  it('a truncated or foreign file, before it touches the DATA_DIR', async () => {
    const target = folder('empty');
    const half = truncated(backupFile, join(root, 'half.tar.gz'));
    expect(await refusal(restore({ databaseUrl: null, dataDir: target }, half))).toBe(
      `${half} is damaged or not a Klik backup (unexpected end of file).`,
    );
    const text = join(root, 'notes.txt');
    writeFileSync(text, 'not a backup\n');
    expect(await refusal(restore({ databaseUrl: null, dataDir: target }, text))).toMatch(
      /is not a Klik backup/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('a DATA_DIR held by a running portal (and backup one that does not answer)', async () => {
    const target = folder('held');
    sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    const pid = sleeper.pid as number;
    const lock = JSON.stringify({ pid, startTime: processStartTime(pid) });
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, LOCK_FILE_NAME), lock);
    const message = await refusal(restore({ databaseUrl: null, dataDir: target }, backupFile));
    expect(message).toBe(
      `DATA_DIR ${target} is in use by another Klik (pid ${pid}): stop it, then restore.`,
    );
    expect(readdirSync(target)).toEqual([LOCK_FILE_NAME]);
    expect(readFileSync(join(target, LOCK_FILE_NAME), 'utf8')).toBe(lock);

    // Nor does backup open a folder a portal holds when that portal does not answer on its socket.
    const copy = join(root, 'held.tar.gz');
    expect(await refusal(backup({ databaseUrl: null, dataDir: target }, copy))).toBe(
      `DATA_DIR ${target} is in use by another Klik (pid ${pid}) but it does not answer on ` +
        `${join(target, 'klik-backup.sock')}: restart that portal, or stop it and back up again.`,
    );
    expect(existsSync(copy)).toBe(false);
    expect(readdirSync(target)).toEqual([LOCK_FILE_NAME]);
  });

  it('a backup of the other kind of database, and a database in memory', async () => {
    const url = 'postgres://postgres@127.0.0.1:1/unused';
    expect(await refusal(restore({ databaseUrl: url, dataDir: null }, backupFile))).toMatch(
      /is a backup of an embedded database; DATABASE_URL names PostgreSQL/,
    );
    expect(await refusal(backup({ databaseUrl: null, dataDir: null }, join(root, 'x')))).toMatch(
      /memory:\/\/.*nothing to back up/,
    );
  });
});

describe.skipIf(!hasPgDump || !postgresAdminUrl)(
  `restore into PostgreSQL refuses${hasPgDump ? '' : ' (skipped: pg_dump is not installed)'}${
    postgresAdminUrl ? '' : ' (skipped: no PostgreSQL, set TEST_DATABASE_URL)'
  }`,
  () => {
    const adminUrl = postgresAdminUrl as string;
    const made: string[] = [];
    let dumpFile: string;

    /** An empty database of this test's own, by URL (no connection kept open). */
    async function emptyDatabase(): Promise<string> {
      const name = `klik_restore_${randomBytes(5).toString('hex')}`;
      await adminQuery(adminUrl, `create database ${name}`);
      made.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    }

    async function sql(url: string, text: string): Promise<Record<string, unknown>[]> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query(text);
        return Array.isArray(result) ? [] : (result.rows as Record<string, unknown>[]);
      } finally {
        await client.end();
      }
    }

    async function tables(url: string): Promise<string[]> {
      const rows = await sql(
        url,
        `select tablename from pg_tables where schemaname = 'public' order by tablename`,
      );
      return rows.map((row) => row.tablename as string);
    }

    beforeAll(async () => {
      const source = await createTestDatabase({ adminUrl });
      dumpFile = join(root, 'klik.dump');
      try {
        await backup({ databaseUrl: source.url, dataDir: null }, dumpFile);
      } finally {
        await source.drop();
      }
    }, 60_000);

    afterAll(async () => {
      for (const name of made) await adminQuery(adminUrl, `drop database if exists ${name}`);
    });

    it('a database that is not empty', async () => {
      const url = await emptyDatabase();
      await restore({ databaseUrl: url, dataDir: null }, dumpFile);
      const before = await tables(url);
      expect(before).toContain('clicks');
      const message = await refusal(restore({ databaseUrl: url, dataDir: null }, dumpFile));
      expect(message).toMatch(/is not empty: restore into an empty database/);
      expect(await tables(url)).toEqual(before);
    }, 60_000);

    it('--replace: all of the backup in place of what was there, or nothing', async () => {
      const url = await emptyDatabase();
      await restore({ databaseUrl: url, dataDir: null }, dumpFile);
      const before = await tables(url);
      await sql(url, `insert into customers (name) values ('Na de back-up B.V.')`);
      // Half-way through, creating the clicks table fails (an event trigger outside public).
      await sql(
        url,
        `create schema guard;
         create function guard.refuse() returns event_trigger language plpgsql as $$
         begin
           if exists (select from pg_event_trigger_ddl_commands() where object_identity = 'public.clicks')
           then raise exception 'no clicks here'; end if;
         end $$;
         create event trigger refuse_clicks on ddl_command_end when tag in ('CREATE TABLE')
           execute function guard.refuse()`,
      );
      const message = await refusal(
        restore({ databaseUrl: url, dataDir: null }, dumpFile, { replace: true }),
      );
      expect(message).toMatch(/^psql failed: .*no clicks here/);
      expect(await tables(url)).toEqual(before);
      expect(await sql(url, `select name from customers`)).toEqual([
        { name: 'Na de back-up B.V.' },
      ]);

      await sql(url, 'drop event trigger refuse_clicks');
      await restore({ databaseUrl: url, dataDir: null }, dumpFile, { replace: true });
      expect(await tables(url)).toEqual(before);
      expect(await sql(url, `select name from customers`)).toEqual([]);
    }, 60_000);

    it('a truncated dump, before it touches the database', async () => {
      const url = await emptyDatabase();
      const half = truncated(dumpFile, join(root, 'half.dump'));
      const message = await refusal(restore({ databaseUrl: url, dataDir: null }, half));
      expect(message).toMatch(/half\.dump is damaged or not a Klik backup \(pg_restore failed: /);
      expect(await tables(url)).toEqual([]);
    });

    it('a database someone is connected to', async () => {
      const url = await emptyDatabase();
      const someone = new pg.Client({ connectionString: url });
      await someone.connect();
      try {
        const message = await refusal(restore({ databaseUrl: url, dataDir: null }, dumpFile));
        expect(message).toMatch(/has 1 other connection\(s\) \(a running portal\?\)/);
      } finally {
        await someone.end();
      }
      expect(await tables(url)).toEqual([]);
    });
  },
);
