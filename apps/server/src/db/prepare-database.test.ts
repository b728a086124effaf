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
    expect(await prepareDatabase(database.db, { seedDemo: true })).toEqual({
      applied: ['0001-foundation'],
      seeded: true,
    });
    expect(await prepareDatabase(database.db, { seedDemo: true })).toEqual({
      applied: [],
      seeded: false,
    });
  });

  it('migrates without demo data when SEED_DEMO is off', async () => {
    database = await createTestDatabase({ migrate: false });
    expect(await prepareDatabase(database.db, { seedDemo: false })).toEqual({
      applied: ['0001-foundation'],
      seeded: false,
    });
    expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
