import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, isDatabaseReachable } from './database';
import { migrateToLatest } from './migrate';

const dataDir = mkdtempSync(join(tmpdir(), 'klik-data-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PGlite on disk', () => {
  it('keeps its data in DATA_DIR across restarts', async () => {
    const first = await createDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(first);
    await first.insertInto('customers').values({ name: 'Blijvend B.V.' }).execute();
    await first.destroy();
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);

    const second = await createDatabase({ databaseUrl: null, dataDir });
    expect(await migrateToLatest(second)).toEqual([]);
    const rows = await second.selectFrom('customers').select('name').execute();
    expect(rows).toEqual([{ name: 'Blijvend B.V.' }]);
    expect(await isDatabaseReachable(second)).toBe(true);
    await second.destroy();
    expect(await isDatabaseReachable(second)).toBe(false);
  });

  it('reads bigint and numeric columns as strings, as pg does', async () => {
    const db = await createDatabase({ databaseUrl: null, dataDir: null });
    const { sql } = await import('kysely');
    const result = await sql<{
      big: unknown;
      exact: unknown;
    }>`select 9007199254740993::int8 as big, 0.1::numeric + 0.2::numeric as exact`.execute(db);
    expect(result.rows).toEqual([{ big: '9007199254740993', exact: '0.3' }]);
    await db.destroy();
  });
});
