import { afterEach, describe, expect, it } from 'vitest';
import { createCustomer } from '../../test/builders';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';
import { verifyPassword } from '../kernel/passwords/password-hasher';
import { findAllowedCustomers, findUserByUsername } from '../modules/auth/auth.repository';
import { DEMO_PORTFOLIO } from '../db/migrations/0007-administration';

let database: TestDatabase | null = null;

afterEach(async () => {
  await database?.drop();
  database = null;
});

describe('demo seed', () => {
  it('creates the demo accounts with the demo password on an empty database', async () => {
    database = await createTestDatabase();
    const { db } = database;
    expect(await seedDemo(db)).toBe(true);
    const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((u) => [u.username, u.role, u.read_only, u.allow_tpi_page])).toEqual([
      ['admin', 'admin', false, false],
      ['accountmanager', 'accountmanager', false, false],
      ['consultant', 'consultant', false, false],
      ['tpi', 'consultant', false, true],
      ['customer', 'customer', false, false],
      ['viewer', 'customer', true, false],
      ['zuivel', 'customer', false, false],
    ]);
    for (const user of users) {
      expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    const customer = await findUserByUsername(db, 'customer');
    const allowed = await findAllowedCustomers(db, customer!.id);
    expect(allowed.length).toBeGreaterThanOrEqual(2);
    for (const entry of allowed) expect(entry.dashboards.length).toBeGreaterThanOrEqual(2);
    for (const name of ['consultant', 'tpi']) {
      const consultant = await findUserByUsername(db, name);
      expect((await findAllowedCustomers(db, consultant!.id)).length).toBeGreaterThan(1);
    }
    // The account manager's portfolio: three of the five customers, as migration 0007 gives a
    // demo database that existed before it.
    const manager = await findUserByUsername(db, 'accountmanager');
    const portfolio = await findAllowedCustomers(db, manager!.id);
    expect(portfolio.map((entry) => entry.name).sort()).toEqual([...DEMO_PORTFOLIO].sort());
    expect(customer!.manage_users).toBe(true);
  });

  it('leaves a database that already holds data alone', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await createCustomer(db, { name: 'Bestaande Klant B.V.' });
    expect(await seedDemo(db)).toBe(false);
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('does nothing the second time', async () => {
    database = await createTestDatabase();
    const { db } = database;
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false);
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(7);
  });
});
