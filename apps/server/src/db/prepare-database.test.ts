import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { prepareDatabase } from './prepare-database';

let database: TestDatabase | null = null;

afterEach(async () => {
  await database?.drop();
  database = null;
});

describe('prepareDatabase', () => {
  it('migrates and seeds a new database when SEED_DEMO is on, and only once', async () => {
    database = await createTestDatabase({ migrate: false });
    const first = await prepareDatabase(database.db, { seedDemo: true });
    expect(first.applied.slice(0, 2)).toEqual(['0001-foundation', '0002-positions']);
    expect(first.seeded).toBe(true);
    expect(await prepareDatabase(database.db, { seedDemo: true })).toEqual({
      applied: [],
      seeded: false,
    });
  });

  it('migrates without demo data when SEED_DEMO is off', async () => {
    database = await createTestDatabase({ migrate: false });
    const prepared = await prepareDatabase(database.db, { seedDemo: false });
    expect(prepared.applied.slice(0, 2)).toEqual(['0001-foundation', '0002-positions']);
    expect(prepared.seeded).toBe(false);
    expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
