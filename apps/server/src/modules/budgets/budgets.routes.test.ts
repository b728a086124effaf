import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUDGET_PATHS,
  BudgetDetailSchema,
  BudgetYearListSchema,
  type PriceQuote,
  pathTo,
} from '@klik/api';
import {
  createClick,
  createContract,
  createCustomer,
  createOffers,
  createUser,
} from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { BudgetWatcher } from './budget-watcher';
import { onPostgres } from '../../../test/test-database';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function yearQuote(price: string): PriceQuote {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity: 'Y',
    market: 'OTC',
    price,
    at: '2026-11-23T09:00:00Z',
  };
}

/**
 * A gas customer with 1200 MWh in 2027 (mark-up 2, fee 0.25), half of it clicked at 30 and the
 * year offered at 40: the open half costs 42.25 today, the year is expected at 36.125.
 */
async function world() {
  t = await buildTestApp({ clock: new TestClock(new Date('2026-11-23T10:00:00Z')) });
  const customer = await createCustomer(t.db);
  const other = await createCustomer(t.db);
  const user = await createUser(t.db, { customerIds: [customer.id] });
  const colleague = await createUser(t.db, { customerIds: [customer.id], locale: 'en' });
  const viewer = await createUser(t.db, { customerIds: [customer.id], readOnly: true });
  const stranger = await createUser(t.db, { customerIds: [other.id] });
  const admin = await createUser(t.db, { role: 'admin' });
  const contract = await createContract(t.db, { customerId: customer.id, years: [2027] });
  await createOffers(t.db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '40' });
  await createClick(t.db, {
    contractId: contract.id,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '600', price: '30' }],
  });
  const token = async (u: { username: string; password: string }) =>
    (await login(t!.app, u.username, u.password)).token;
  return {
    t,
    customerId: customer.id,
    contractId: contract.contractId,
    users: { user, colleague, viewer, stranger, admin },
    token,
    path: pathTo(BUDGET_PATHS.budget, {
      customerId: customer.id,
      contractId: contract.contractId,
      yearOfSupply: 2027,
    }),
  };
}

async function notifications(w: Awaited<ReturnType<typeof world>>) {
  const result = await sql<{ user_id: number; params: Record<string, unknown> }>`
    select user_id, params from notifications where kind = 'BUDGET_BANDWIDTH'
    order by id`.execute(w.t.db);
  return result.rows;
}

describe(`budgets on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('sets a budget and shows where the year stands, audited', async () => {
    const w = await world();
    const auth = bearer(await w.token(w.users.user));
    const put = await w.t.app.inject({
      method: 'PUT',
      url: w.path,
      headers: auth,
      payload: { budgetPrice: '40', lowerBound: '35', upperBound: '45.0' },
    });
    expect(put.statusCode).toBe(200);
    const detail = BudgetDetailSchema.parse(put.json());
    expect(detail.budget).toMatchObject({ budgetPrice: '40', lowerBound: '35', upperBound: '45' });
    expect(detail.standing).toMatchObject({
      fixedVolume: '600',
      fixedAveragePrice: '30',
      openVolume: '600',
      openAveragePrice: '42.25',
      expectedPrice: '36.125',
      zone: 'WITHIN',
      deviation: '-3.875',
    });
    expect(detail.standing.parts).toEqual([
      {
        name: 'Gas',
        totalVolume: '1200',
        fixedVolume: '600',
        fixedAveragePrice: '30',
        openVolume: '600',
        clickPrice: '42.25',
      },
    ]);
    expect(detail.history).toEqual([{ day: '2026-11-23', expectedPrice: '36.125' }]);

    const list = BudgetYearListSchema.parse(
      (
        await w.t.app.inject({
          url: pathTo(BUDGET_PATHS.budgets, { customerId: w.customerId }),
          headers: auth,
        })
      ).json(),
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ contractId: w.contractId, yearOfSupply: 2027 });

    const audit = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'customer_ids'])
      .where('action', 'like', 'budget.%')
      .execute();
    expect(audit).toEqual([
      { action: 'budget.set', outcome: 'success', customer_ids: [w.customerId] },
    ]);
    // Setting a budget tells nobody: the user sees the standing on the screen.
    expect(await notifications(w)).toEqual([]);
  });

  it('refuses a budget outside its bounds or not above 0 at the field, storing nothing', async () => {
    const w = await world();
    const auth = bearer(await w.token(w.users.user));
    const cases = [
      [
        { budgetPrice: '40', lowerBound: '41', upperBound: '45' },
        'BUDGET_BOUNDS_INVALID',
        'lowerBound',
      ],
      [
        { budgetPrice: '40', lowerBound: '35', upperBound: '39' },
        'BUDGET_BOUNDS_INVALID',
        'upperBound',
      ],
      [
        { budgetPrice: '0', lowerBound: '0', upperBound: '1' },
        'BUDGET_PRICE_INVALID',
        'budgetPrice',
      ],
      [
        { budgetPrice: '40', lowerBound: '0', upperBound: '41' },
        'BUDGET_PRICE_INVALID',
        'lowerBound',
      ],
      [{ budgetPrice: 'x', lowerBound: '35', upperBound: '45' }, 'PRICE_INVALID', 'budgetPrice'],
      [{ budgetPrice: '', lowerBound: '35', upperBound: '45' }, 'PRICE_REQUIRED', 'budgetPrice'],
    ] as const;
    for (const [payload, code, field] of cases) {
      const response = await w.t.app.inject({ method: 'PUT', url: w.path, headers: auth, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code, details: { field } });
    }
    expect(await w.t.db.selectFrom('budgets').selectAll().execute()).toEqual([]);
  });

  it('lets read-only users and staff see but not change, and strangers nothing', async () => {
    const w = await world();
    const payload = { budgetPrice: '40', lowerBound: '35', upperBound: '45' };
    const owner = bearer(await w.token(w.users.user));
    expect(
      (await w.t.app.inject({ method: 'PUT', url: w.path, headers: owner, payload })).statusCode,
    ).toBe(200);
    for (const who of [w.users.viewer, w.users.admin]) {
      const auth = bearer(await w.token(who));
      expect((await w.t.app.inject({ url: w.path, headers: auth })).statusCode).toBe(200);
      expect(
        (await w.t.app.inject({ method: 'PUT', url: w.path, headers: auth, payload })).statusCode,
      ).toBe(403);
      expect(
        (await w.t.app.inject({ method: 'DELETE', url: w.path, headers: auth })).statusCode,
      ).toBe(403);
    }
    const stranger = bearer(await w.token(w.users.stranger));
    expect((await w.t.app.inject({ url: w.path, headers: stranger })).statusCode).toBe(403);
    expect(
      (await w.t.app.inject({ method: 'PUT', url: w.path, headers: stranger, payload })).statusCode,
    ).toBe(403);
    const refused = await w.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('outcome', '=', 'refused')
      .where('action', 'like', 'budget.%')
      .execute();
    expect(refused.length).toBe(5);
    // A contract year the customer does not have.
    const missing = pathTo(BUDGET_PATHS.budget, {
      customerId: w.customerId,
      contractId: w.contractId,
      yearOfSupply: 2030,
    });
    expect(
      (await w.t.app.inject({ method: 'PUT', url: missing, headers: owner, payload })).statusCode,
    ).toBe(404);
    // Deleting: once, then there is nothing to delete.
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: w.path, headers: owner })).statusCode,
    ).toBe(204);
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: w.path, headers: owner })).statusCode,
    ).toBe(404);
    const after = BudgetDetailSchema.parse(
      (await w.t.app.inject({ url: w.path, headers: owner })).json(),
    );
    expect(after.budget).toBeNull();
    expect(after.standing.zone).toBeNull();
  });

  it('tells the users once per crossing as prices enter, and never again on a replay', async () => {
    const w = await world();
    const auth = bearer(await w.token(w.users.user));
    await w.t.app.inject({
      method: 'PUT',
      url: w.path,
      headers: auth,
      payload: { budgetPrice: '40', lowerBound: '35', upperBound: '45' },
    });
    const watch = w.t.app.priceWatches.get('budgets')!;
    await watch.drain();
    const record = async (price: string) => {
      await w.t.app.market.recorder.record([yearQuote(price)], 'INGEST');
      await watch.drain();
    };
    // 60 + 2.25: (600 x 30 + 600 x 62.25) / 1200 = 46.125, above 45.
    await record('60');
    // Every user of the customer hears of it, read-only ones too.
    let told = await notifications(w);
    expect(told).toHaveLength(3);
    expect(told[0]!.params).toMatchObject({
      crossing: 'LEFT_ABOVE',
      yearOfSupply: 2027,
      expectedPrice: '46.125',
    });
    // Still above: nothing new; a price of another product or maturity moves nothing.
    await record('61');
    await w.t.app.market.recorder.record([{ ...yearQuote('1'), maturity: 'Q1' }], 'INGEST');
    await watch.drain();
    expect(await notifications(w)).toHaveLength(3);
    // Back within, then below.
    await record('40');
    await record('20');
    told = await notifications(w);
    expect(told.map((row) => row.params.crossing)).toEqual([
      ...Array<string>(3).fill('LEFT_ABOVE'),
      ...Array<string>(3).fill('BACK_WITHIN'),
      ...Array<string>(3).fill('LEFT_BELOW'),
    ]);
    // The batch handed again (a crash before the cursor moved) finds the zone stored.
    const again = new BudgetWatcher({
      db: w.t.db,
      flushEvents: async () => {},
      log: { error: () => {} },
    });
    await again.handle(
      [
        {
          id: '1',
          product: 'TTF_GAS',
          yearOfSupply: 2027,
          maturity: 'Y',
          market: 'OTC',
          price: '20',
          at: new Date(),
        },
      ],
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(await notifications(w)).toHaveLength(9);
    const detail = BudgetDetailSchema.parse(
      (await w.t.app.inject({ url: w.path, headers: auth })).json(),
    );
    expect(detail.standing.zone).toBe('BELOW_LOWER');
    expect(detail.history).toEqual([{ day: '2026-11-23', expectedPrice: '26.125' }]);
  });

  it("evaluates a contract's budgets when a click is made, not only at the next price", async () => {
    const w = await world();
    const auth = bearer(await w.token(w.users.user));
    await w.t.app.inject({
      method: 'PUT',
      url: w.path,
      headers: auth,
      payload: { budgetPrice: '40', lowerBound: '35', upperBound: '45' },
    });
    const contract = await w.t.db
      .selectFrom('contracts')
      .select('id')
      .where('contract_id', '=', w.contractId)
      .executeTakeFirstOrThrow();
    // The open half fixed at 80: (600 x 30 + 600 x 80) / 1200 = 55, above 45.
    await createClick(w.t.db, {
      contractId: contract.id,
      yearOfSupply: 2027,
      maturity: 'Y',
      parts: [{ part: 'Gas', volume: '600', price: '80' }],
    });
    const watcher = new BudgetWatcher({
      db: w.t.db,
      flushEvents: async () => {},
      log: { error: () => {} },
    });
    const at = new Date('2026-11-23T11:00:00Z');
    await watcher.clicked(w.customerId, w.contractId, at);
    await watcher.clicked(w.customerId, w.contractId, at);
    const told = await notifications(w);
    expect(told.map((row) => [row.params.crossing, row.params.expectedPrice])).toEqual(
      Array(3).fill(['LEFT_ABOVE', '55']),
    );
    // Another customer's contract id, or one without a budget, moves nothing.
    await watcher.clicked(w.customerId + 1, w.contractId, at);
    expect(await notifications(w)).toHaveLength(3);
  });
});
