import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { seedDemo } from './seed-demo';
import {
  DEMO_APPROVAL_CUSTOMER,
  DEMO_LIMITED_CUSTOMER,
  DEMO_MAX_CLICKS_PER_YEAR,
  DEMO_SMS_CUSTOMER,
} from './seed-demo-purchase';

let database: TestDatabase | null = null;

afterEach(async () => {
  await database?.drop();
  database = null;
});

describe('demo seed for the click', () => {
  it('one customer requires SMS codes, one approval; users have mobiles; terms version 1', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await seedDemo(db);
    const customers = await db
      .selectFrom('customers')
      .select(['name', 'require_sms', 'require_approval'])
      .where((eb) => eb.or([eb('require_sms', '=', true), eb('require_approval', '=', true)]))
      .orderBy('name')
      .execute();
    expect(customers).toEqual([
      { name: DEMO_SMS_CUSTOMER, require_sms: true, require_approval: false },
      { name: DEMO_APPROVAL_CUSTOMER, require_sms: false, require_approval: true },
    ]);
    const customer = await db
      .selectFrom('users')
      .select('mobile')
      .where('username', '=', 'customer')
      .executeTakeFirstOrThrow();
    expect(customer.mobile).toMatch(/^\+316\d{8}$/);
    const limited = await db
      .selectFrom('contracts')
      .innerJoin('customers', 'customers.id', 'contracts.customer_id')
      .select(['customers.name', 'contracts.commodity', 'contracts.max_clicks_per_year'])
      .where('contracts.max_clicks_per_year', 'is not', null)
      .execute();
    expect(limited.length).toBeGreaterThan(0);
    for (const contract of limited) {
      expect(contract).toEqual({
        name: DEMO_LIMITED_CUSTOMER,
        commodity: 'Gas',
        max_clicks_per_year: DEMO_MAX_CLICKS_PER_YEAR,
      });
    }
    const terms = await db.selectFrom('terms_versions').selectAll().execute();
    expect(terms).toEqual([
      expect.objectContaining({
        customer_id: null,
        version: 1,
        body_nl: expect.stringContaining('Voorwaarden'),
      }),
    ]);
  });
});
