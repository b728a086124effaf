import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PATHS,
  AdminDashboardSchema,
  AdminSearchResultSchema,
  PendingApprovalListSchema,
} from '@klik/api';
import { sql } from 'kysely';
import { createClick, createContract } from '../../../test/builders';
import { adminWorld, call, quickUser, type AdminWorld } from './admin-test-kit';
import { onPostgres } from '../../../test/test-database';

let w: AdminWorld;
let ownContract: string;

beforeAll(async () => {
  // The test clock stands at 2026-03-02 10:00 in Amsterdam.
  w = await adminWorld();
  const own = await createContract(w.t.db, { customerId: w.own.id, contractId: 'KL-EIGEN-01' });
  const foreign = await createContract(w.t.db, {
    customerId: w.foreign.id,
    contractId: 'KL-VREEMD-01',
  });
  ownContract = own.contractId;
  const click = (contractId: number, status: 'COMPLETED' | 'PENDING_APPROVAL', at: string) =>
    createClick(w.t.db, {
      contractId,
      yearOfSupply: 2027,
      maturity: 'M1',
      parts: [{ part: 'Gas', volume: '1', price: '30' }],
      status,
      createdAt: new Date(at),
    });
  await click(own.id, 'COMPLETED', '2026-03-02T08:00:00Z');
  await click(own.id, 'PENDING_APPROVAL', '2026-03-02T08:30:00Z');
  // Yesterday in Amsterdam (22:59 UTC on 1 March is 23:59 there).
  await click(own.id, 'COMPLETED', '2026-03-01T22:59:00Z');
  await click(foreign.id, 'PENDING_APPROVAL', '2026-03-02T08:45:00Z');
  await quickUser(w.t.db, { customerIds: [w.foreign.id], name: 'Zoekbare Vreemde' });
  await quickUser(w.t.db, { customerIds: [w.own.id], name: 'Zoekbare Eigen' });
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

async function figures(token: string) {
  const response = await call(w, token, 'GET', ADMIN_PATHS.dashboard);
  expect(response.statusCode, response.body).toBe(200);
  return AdminDashboardSchema.parse(response.json());
}

describe(`the admin dashboard on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('counts customers, users, clicks today and approvals; shows the feed, the pause and events', async () => {
    const all = await figures(w.callers.admin.token);
    expect(all.customers).toEqual({ active: 2, inactive: 0 });
    // Eight callers and two more users; the callers are signed in.
    expect(all.users).toEqual({ active: 10, signedIn: 8 });
    expect(all.clicksToday).toEqual({ total: 3, completed: 1 });
    expect(all.pendingApprovals).toBe(2);
    expect(all.pauzeActive).toBe(false);
    expect(all.feed.source).toBe('none');
    expect(all.recentEvents.length).toBeGreaterThan(0);
    expect(all.recentEvents[0]?.action).toBe('login');

    // The account manager: their portfolio's customer, its users and clicks.
    const portfolio = await figures(w.callers.accountmanager.token);
    expect(portfolio.customers).toEqual({ active: 1, inactive: 0 });
    // The customer-side callers (user manager, consultant, TPI consultant, customer, viewer) and
    // one more.
    expect(portfolio.users.active).toBe(6);
    expect(portfolio.clicksToday).toEqual({ total: 2, completed: 1 });
    expect(portfolio.pendingApprovals).toBe(1);
    for (const event of portfolio.recentEvents) {
      expect(event.customerIds).toContain(w.own.id);
    }
  });

  it('lists the clicks awaiting approval within reach, the nearest deadline first', async () => {
    await sql`update clicks set approval_deadline = created_at + interval '30 minutes'
      where status = 'PENDING_APPROVAL'`.execute(w.t.db);
    const approvals = async (token: string) => {
      const response = await call(w, token, 'GET', ADMIN_PATHS.approvals);
      expect(response.statusCode, response.body).toBe(200);
      return PendingApprovalListSchema.parse(response.json()).data;
    };
    const all = await approvals(w.callers.admin.token);
    expect(all.map((click) => [click.customerName, click.approvalDeadline])).toEqual([
      [w.own.name, '2026-03-02T09:00:00.000Z'],
      [w.foreign.name, '2026-03-02T09:15:00.000Z'],
    ]);
    expect(all.every((click) => click.mayDecide)).toBe(true);

    const portfolio = await approvals(w.callers.accountmanager.token);
    expect(portfolio.map((click) => click.customerId)).toEqual([w.own.id]);
    const seenReadOnly = await approvals(w.callers.readOnlyAccountmanager.token);
    expect(seenReadOnly.map((click) => click.mayDecide)).toEqual([false]);
  });

  it('finds customers, users and contracts by name or id within reach', async () => {
    const search = async (q: string, token = w.callers.admin.token) => {
      const response = await call(w, token, 'GET', `${ADMIN_PATHS.search}?q=${q}`);
      expect(response.statusCode, response.body).toBe(200);
      return AdminSearchResultSchema.parse(response.json());
    };
    const byName = await search('zoekbare');
    expect(byName.users.map((user) => user.name)).toEqual(['Zoekbare Eigen', 'Zoekbare Vreemde']);
    const byContract = await search('kl-');
    expect(byContract.contracts.map((contract) => contract.contractId)).toEqual([
      ownContract,
      'KL-VREEMD-01',
    ]);
    expect((await search(String(w.foreign.id))).customers.map((c) => c.id)).toContain(w.foreign.id);
    const manager = w.callers.accountmanager.token;
    expect((await search('zoekbare', manager)).users.map((user) => user.name)).toEqual([
      'Zoekbare Eigen',
    ]);
    expect((await search('kl-', manager)).contracts.map((c) => c.contractId)).toEqual([
      ownContract,
    ]);
    // The id finds the customer for an admin, never for someone it does not belong to.
    expect((await search(String(w.foreign.id), manager)).customers.map((c) => c.id)).not.toContain(
      w.foreign.id,
    );
    const empty = await call(w, w.callers.admin.token, 'GET', `${ADMIN_PATHS.search}?q=`);
    expect(empty.statusCode).toBe(400);
  });
});
