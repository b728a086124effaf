import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickListSchema, UserSessionSchema } from '@klik/api';
import { createUser } from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import {
  executeOk,
  purchaseWorld,
  quoteOk,
  type PurchaseWorld,
} from '../purchase/purchase-test-kit';

/*
 * A click made on consultantdashboard is the customer user's, made by the TPI consultant: the
 * audit names the consultant as impersonator, the click overview says who acted for whom, and
 * the TPI figures follow it.
 */

let world: PurchaseWorld;
let actingToken: string;

beforeAll(async () => {
  world = await purchaseWorld();
  const tpi = await createUser(world.t.db, {
    role: 'consultant',
    name: 'Joost Mulder',
    allowTPIPage: true,
    customerIds: [world.customer.id],
  });
  const own = await login(world.t.app, tpi.username, tpi.password);
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/rest/authentication/loginAs',
    headers: { ...bearer(own.token), 'content-type': 'text/plain' },
    payload: world.user.username,
  });
  actingToken = UserSessionSchema.parse(response.json()).token;
});

afterAll(async () => {
  await world.t.close();
});

describe('a click made by a TPI consultant for a customer', () => {
  it('is recorded as made by the consultant for the customer user', async () => {
    const quote = await quoteOk(world, { maturity: 'Q2', percentage: '10' }, actingToken);
    const click = await executeOk(world, quote.quoteId, actingToken);

    const overview = await world.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${world.customer.id}`,
      headers: bearer(world.token),
    });
    const [listed] = ClickListSchema.parse(overview.json()).data.filter(
      (row) => row.id === click.id,
    );
    expect(listed).toMatchObject({
      createdBy: `Test ${world.user.username}`,
      createdByImpersonator: 'Joost Mulder',
    });

    const audit = await world.t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_username', 'impersonator_username'])
      .where('subject', '=', `quote:${quote.quoteId}`)
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    for (const row of audit) {
      expect(row).toMatchObject({ actor_username: world.user.username });
      expect(row.impersonator_username).not.toBeNull();
    }
  });

  it('names the consultant in the notifications of every transition of the click', async () => {
    const quote = await quoteOk(world, { maturity: 'Q4', percentage: '10' }, actingToken);
    const click = await executeOk(world, quote.quoteId, actingToken);
    world.t.clock.advance(10_000);
    await world.t.app.purchase.desk.runOnce();
    const stored = await world.t.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('click_id', '=', click.id)
      .where('user_id', '=', world.user.id)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.kind)).toEqual(['CLICK_CREATED', 'CLICK_COMPLETED']);
    for (const row of stored) {
      expect(row.params).toMatchObject({
        actingConsultant: 'Joost Mulder',
        actingUser: `Test ${world.user.username}`,
      });
    }
  });

  it("names the consultant in the click export, and nobody for the user's own clicks", async () => {
    const response = await world.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${world.customer.id}/export?format=csv`,
      headers: bearer(world.token),
    });
    expect(response.statusCode).toBe(200);
    const [header = '', ...rows] = response.body.trim().split('\r\n');
    const columns = header.split(',');
    const acting = columns.indexOf('createdByImpersonator');
    expect(columns[acting - 1]).toBe('createdBy');
    const actedBy = rows.map((row) => row.split(',')[acting]);
    expect(actedBy.length).toBeGreaterThan(0);
    expect(new Set(actedBy)).toEqual(new Set(['Joost Mulder']));

    const own = await executeOk(world, (await quoteOk(world, { maturity: 'M1' })).quoteId);
    const after = await world.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${world.customer.id}/export?format=csv`,
      headers: bearer(world.token),
    });
    const ownRows = after.body
      .trim()
      .split('\r\n')
      .filter((row) => row.startsWith(`${own.id},`));
    expect(ownRows.length).toBeGreaterThan(0);
    for (const row of ownRows) expect(row.split(',')[acting]).toBe('');
  });

  it("answers the customer's own clicks without anyone acting", async () => {
    const quote = await quoteOk(world, { maturity: 'Q3', percentage: '10' });
    const click = await executeOk(world, quote.quoteId);
    const overview = await world.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${world.customer.id}`,
      headers: bearer(world.token),
    });
    const listed = ClickListSchema.parse(overview.json()).data.find((row) => row.id === click.id);
    expect(listed?.createdByImpersonator).toBeNull();
    const stored = await world.t.db
      .selectFrom('notifications')
      .select('params')
      .where('click_id', '=', click.id)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.params).not.toHaveProperty('actingConsultant');
  });
});
