import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../test/test-database';
import { createDatabase } from '../db/database';
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

  // Instances of a deployment start together: each migrates and seeds the one database.
  it.runIf(onPostgres)(
    'three instances starting at once migrate once and seed once, and all start',
    async () => {
      database = await createTestDatabase({ migrate: false });
      const url = database.url as string;
      const instances = await Promise.all(
        [1, 2, 3].map(() => createDatabase({ databaseUrl: url, dataDir: null })),
      );
      try {
        const prepared = await Promise.all(
          instances.map((db) => prepareDatabase(db, { seedDemo: true })),
        );
        expect(prepared.filter((one) => one.seeded)).toHaveLength(1);
        const migrations = prepared.flatMap((one) => one.applied);
        expect(new Set(migrations).size).toBe(migrations.length);
        expect(migrations).toContain('0001-foundation');
        const names = await database.db.selectFrom('customers').select('name').execute();
        expect(new Set(names.map((row) => row.name)).size).toBe(names.length);
      } finally {
        await Promise.all(instances.map((db) => db.destroy()));
      }
    },
  );
});
