import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLock } from '../instance-guard';
import { purchaseWorld, type PurchaseWorld } from '../modules/purchase/purchase-test-kit';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../test/test-database';
import { backup, restore } from './backup';
import { serveBackups, type BackupSocket } from './backup-socket';
import {
  clickDuringBackup,
  embeddedDatabase,
  hasPgDump,
  postgresAdminUrl,
  startOnRestored,
} from './backup-test-kit';

// The proof of docs/operations.md "Backups": a backup taken while clicks are being made, restored
// into an empty database, holds every click acknowledged before it began, and the portal starts
// on it with the ledger whole.

let world: PurchaseWorld | undefined;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  await world?.t.close();
  world = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  // Short: the backup socket's path must fit a Unix socket address (108 bytes).
  const dir = mkdtempSync(join(tmpdir(), 'klik-bk-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// Runs in the PGlite pass; the PostgreSQL pass (TEST_DATABASE_URL) would only repeat it.
describe.skipIf(onPostgres)('backup of the embedded database (a PGlite data folder)', () => {
  it('taken from the running portal while clicks are made, restores every acknowledged click', async () => {
    const source = tempDir();
    const lock = DataDirLock.acquire(source);
    cleanups.push(() => lock.release());
    world = await purchaseWorld({ database: await embeddedDatabase(source) });
    const socket = (await serveBackups(source, world.t.db, world.t.app.log)) as BackupSocket;
    expect(socket).not.toBeNull();
    cleanups.push(() => socket.close());
    const file = join(tempDir(), 'klik.tar.gz');

    let how: string | undefined;
    const run = await clickDuringBackup(world, async () => {
      how = (await backup({ databaseUrl: null, dataDir: source }, file)).how;
    });
    // The portal held the folder: the copy came from it, and clicking went on after it.
    expect(how).toBe('online');
    expect(run.after.length).toBeGreaterThan(0);

    const target = tempDir();
    const report = await restore({ databaseUrl: null, dataDir: target }, file);
    expect(report).toEqual({ kind: 'embedded', target, keptAs: null });
    const restored = await embeddedDatabase(target);
    const { listed, invariant } = await startOnRestored(world, world.t.clock, restored);
    expect(listed).toEqual(expect.arrayContaining(run.before));
    expect(invariant).toEqual({ overfilled: '0', mismatch: '0' });
  }, 120_000);
});

describe.skipIf(!hasPgDump || !postgresAdminUrl)(
  `backup of PostgreSQL with pg_dump and pg_restore${
    hasPgDump ? '' : ' (skipped: pg_dump is not installed)'
  }${postgresAdminUrl ? '' : ' (skipped: no PostgreSQL, set TEST_DATABASE_URL)'}`,
  () => {
    async function postgres(migrate: boolean): Promise<TestDatabase> {
      const database = await createTestDatabase({ adminUrl: postgresAdminUrl, migrate });
      return database;
    }

    it('taken while clicks are made, restored into an empty database, holds every acknowledged click', async () => {
      world = await purchaseWorld({ database: await postgres(true) });
      const url = world.t.database.url as string;
      const file = join(tempDir(), 'klik.dump');

      const run = await clickDuringBackup(world, () =>
        backup({ databaseUrl: url, dataDir: null }, file),
      );
      expect(run.after.length).toBeGreaterThan(0);

      const target = await postgres(false);
      const report = await restore({ databaseUrl: target.url, dataDir: null }, file);
      expect(report.kind).toBe('postgresql');
      const { listed, invariant } = await startOnRestored(world, world.t.clock, target);
      expect(listed).toEqual(expect.arrayContaining(run.before));
      expect(invariant).toEqual({ overfilled: '0', mismatch: '0' });
    }, 120_000);
  },
);
