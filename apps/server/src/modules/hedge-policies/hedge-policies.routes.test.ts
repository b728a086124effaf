import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { HEDGE_POLICY_PATHS, HedgeYearListSchema, HedgeYearSchema, pathTo } from '@klik/api';
import {
  createClick,
  createContract,
  createCustomer,
  createOffers,
  createUser,
} from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { onPostgres } from '../../../test/test-database';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const POLICY = {
  points: [
    { date: '2026-11-01', minShare: '30', maxShare: null },
    { date: '2027-06-01', minShare: '60', maxShare: '80.5' },
  ],
};

/** A gas customer with 1200 MWh in 2027, a quarter of it clicked (25%), on 23 November 2026. */
async function world() {
  const clock = new TestClock(new Date('2026-11-23T10:00:00Z'));
  t = await buildTestApp({ clock });
  const customer = await createCustomer(t.db);
  const user = await createUser(t.db, { customerIds: [customer.id] });
  const viewer = await createUser(t.db, { customerIds: [customer.id], readOnly: true });
  const admin = await createUser(t.db, { role: 'admin' });
  const contract = await createContract(t.db, { customerId: customer.id, years: [2027] });
  await createOffers(t.db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '40' });
  await createClick(t.db, {
    contractId: contract.id,
    yearOfSupply: 2027,
    maturity: 'Y',
    parts: [{ part: 'Gas', volume: '300', price: '30' }],
  });
  const token = async (u: { username: string; password: string }) =>
    bearer((await login(t!.app, u.username, u.password)).token);
  return {
    t,
    clock,
    contract,
    customerId: customer.id,
    users: { user, viewer, admin },
    token,
    path: pathTo(HEDGE_POLICY_PATHS.policy, {
      customerId: customer.id,
      contractId: contract.contractId,
      yearOfSupply: 2027,
    }),
  };
}

async function behind(t: TestApp) {
  const result = await sql<{ params: Record<string, unknown> }>`
    select params from notifications where kind = 'HEDGE_BEHIND' order by id`.execute(t.db);
  return result.rows.map((row) => row.params);
}

describe(`hedge policies on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('sets a corridor and shows the year behind, on or above it, audited', async () => {
    const w = await world();
    const auth = await w.token(w.users.user);
    const put = await w.t.app.inject({
      method: 'PUT',
      url: w.path,
      headers: auth,
      payload: POLICY,
    });
    expect(put.statusCode).toBe(200);
    expect(HedgeYearSchema.parse(put.json())).toMatchObject({
      contractId: w.contract.contractId,
      yearOfSupply: 2027,
      totalVolume: '1200',
      fixedVolume: '300',
      fixedShare: '25',
      corridor: { min: '30', max: '100' },
      position: 'BEHIND',
      nextPoint: { date: '2027-06-01', minShare: '60', maxShare: '80.5' },
    });
    const list = HedgeYearListSchema.parse(
      (
        await w.t.app.inject({
          url: pathTo(HEDGE_POLICY_PATHS.policies, { customerId: w.customerId }),
          headers: auth,
        })
      ).json(),
    );
    expect(list.map((year) => [year.yearOfSupply, year.position])).toEqual([[2027, 'BEHIND']]);
    // Read-only users and staff see it, and change nothing.
    for (const who of [w.users.viewer, w.users.admin]) {
      const other = await w.token(who);
      expect(
        (
          await w.t.app.inject({
            url: pathTo(HEDGE_POLICY_PATHS.policies, { customerId: w.customerId }),
            headers: other,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await w.t.app.inject({ method: 'PUT', url: w.path, headers: other, payload: POLICY }))
          .statusCode,
      ).toBe(403);
      expect(
        (await w.t.app.inject({ method: 'DELETE', url: w.path, headers: other })).statusCode,
      ).toBe(403);
    }
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: w.path, headers: auth })).statusCode,
    ).toBe(204);
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: w.path, headers: auth })).statusCode,
    ).toBe(404);
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('action', 'like', 'hedgePolicy.%')
      .orderBy('id')
      .execute();
    expect(audit.filter((row) => row.outcome === 'success').map((row) => row.action)).toEqual([
      'hedgePolicy.set',
      'hedgePolicy.delete',
    ]);
    expect(audit.filter((row) => row.outcome === 'refused')).toHaveLength(4);
  });

  it('refuses a corridor that cannot be followed, at the field, storing nothing', async () => {
    const w = await world();
    const auth = await w.token(w.users.user);
    const cases = [
      [{ points: [] }, 'HEDGE_POINTS_INVALID'],
      [{ points: [POLICY.points[1], POLICY.points[0]] }, 'HEDGE_POINTS_INVALID'],
      [
        { points: [{ date: '2026-11-01', minShare: '50', maxShare: '40' }] },
        'HEDGE_SHARES_INVALID',
      ],
      [
        { points: [POLICY.points[1], { date: '2027-07-01', minShare: '50', maxShare: null }] },
        'HEDGE_SHARES_INVALID',
      ],
      [{ points: [{ date: '2026-11-01', minShare: '101', maxShare: null }] }, 'PERCENTAGE_INVALID'],
    ] as const;
    for (const [payload, code] of cases) {
      const response = await w.t.app.inject({ method: 'PUT', url: w.path, headers: auth, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code });
    }
    expect(await w.t.db.selectFrom('hedge_policies').selectAll().execute()).toEqual([]);
  });

  it('tells the users once per point while behind, across rounds', async () => {
    const w = await world();
    const auth = await w.token(w.users.user);
    await w.t.app.inject({ method: 'PUT', url: w.path, headers: auth, payload: POLICY });
    const checks = w.t.app.hedgePolicyChecks;
    expect(await checks.tick()).toEqual({ sent: 1 });
    expect(await checks.tick()).toEqual({ sent: 0 });
    expect(await behind(w.t)).toEqual([
      {
        contractId: w.contract.contractId,
        yearOfSupply: 2027,
        deadline: '2026-11-01',
        minShare: '30',
        fixedShare: '25',
      },
      {
        contractId: w.contract.contractId,
        yearOfSupply: 2027,
        deadline: '2026-11-01',
        minShare: '30',
        fixedShare: '25',
      },
    ]);
    // Clicking up to 50% puts it on the corridor; the next point asks 60% and it is behind again.
    await createClick(w.t.db, {
      contractId: w.contract.id,
      yearOfSupply: 2027,
      maturity: 'Y',
      parts: [{ part: 'Gas', volume: '300', price: '31' }],
    });
    expect(await checks.tick()).toEqual({ sent: 0 });
    w.clock.set('2027-06-02T10:00:00Z');
    expect(await checks.tick()).toEqual({ sent: 1 });
    expect(await checks.tick()).toEqual({ sent: 0 });
    expect((await behind(w.t)).map((params) => params.deadline)).toEqual([
      '2026-11-01',
      '2026-11-01',
      '2027-06-01',
      '2027-06-01',
    ]);
  });
});
