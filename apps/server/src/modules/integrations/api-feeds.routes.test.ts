import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClickChangesPageSchema,
  INTEGRATION_PATHS,
  IntegrationNotificationPageSchema,
  pathTo,
} from '@klik/api';
import { createClick, createUser } from '../../../test/builders';
import { bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';
import { apiWorld, clientWithToken, type ApiWorld } from './api-clients-test-kit';

let t: TestApp;
let w: ApiWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await apiWorld(t);
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** A click of the contract with ledger events, as the click would append them. */
async function clickWithEvents(contract: { id: number; customerId: number }, events: string[]) {
  const clickId = await createClick(t.db, {
    contractId: contract.id,
    yearOfSupply: 2027,
    maturity: 'Q1',
    parts: [{ part: 'Gas', volume: '100', price: '80' }],
  });
  for (const event of events) {
    await t.db
      .insertInto('click_ledger')
      .values({
        at: t.clock.now(),
        click_id: clickId,
        customer_id: contract.customerId,
        event: event as never,
        actor_user_id: null,
        actor_username: null,
        impersonator_user_id: null,
        impersonator_username: null,
        facts: JSON.stringify({ status: event }),
      })
      .execute();
  }
  return clickId;
}

describe(`the machine API's own reads on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("pages the click events after a cursor in ledger order, the customer's only", async () => {
    const { token } = await clientWithToken(t, w, ['clicks:read']);
    const first = await clickWithEvents(w.contract, ['PENDING_APPROVAL', 'APPROVED']);
    await clickWithEvents(w.otherContract, ['CREATED']);
    const second = await clickWithEvents(w.contract, ['CREATED', 'COMPLETED']);

    const page = async (cursor?: string) => {
      const query = cursor === undefined ? '?size=3' : `?size=3&cursor=${cursor}`;
      const response = await t.app.inject({
        url: `${pathTo(INTEGRATION_PATHS.clickChanges, { customerId: w.customer.id })}${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return ClickChangesPageSchema.parse(response.json());
    };
    const one = await page();
    expect(one.data.map((change) => [change.clickId, change.event])).toEqual([
      [first, 'PENDING_APPROVAL'],
      [first, 'APPROVED'],
      [second, 'CREATED'],
    ]);
    expect(one.data[0]?.facts).toEqual({ status: 'PENDING_APPROVAL' });
    expect(one.hasMore).toBe(true);
    const two = await page(one.nextCursor);
    expect(two.data.map((change) => [change.clickId, change.event])).toEqual([
      [second, 'COMPLETED'],
    ]);
    expect(two.hasMore).toBe(false);
    const none = await page(two.nextCursor);
    expect(none).toEqual({ data: [], nextCursor: two.nextCursor, hasMore: false });

    const bad = await t.app.inject({
      url: `${pathTo(INTEGRATION_PATHS.clickChanges, { customerId: w.customer.id })}?cursor=-1`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists a notification once per event, not once per recipient', async () => {
    const { token } = await clientWithToken(t, w, ['notifications:read']);
    const colleague = await createUser(t.db, { customerIds: [w.customer.id] });
    const event = {
      customer_id: w.customer.id,
      kind: 'PRICE_ALERT',
      message_key: 'notification.priceAlert',
      params: JSON.stringify({ price: '79.85' }),
      publish_date: new Date('2026-03-02T08:00:00Z'),
      contract_id: w.contract.contractId,
    };
    await t.db
      .insertInto('notifications')
      .values([
        { ...event, user_id: w.manager.id },
        { ...event, user_id: colleague.id },
        { ...event, user_id: w.otherManager.id, customer_id: w.other.id },
      ])
      .execute();
    const response = await t.app.inject({
      url: pathTo(INTEGRATION_PATHS.notifications, { customerId: w.customer.id }),
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(IntegrationNotificationPageSchema.parse(response.json())).toEqual({
      data: [
        {
          kind: 'PRICE_ALERT',
          localeId: 'notification.priceAlert',
          params: { price: '79.85' },
          publishDate: '2026-03-02T08:00:00.000Z',
          clickId: null,
          contractId: w.contract.contractId,
        },
      ],
      page: 0,
      size: 20,
      total: 1,
    });
  });
});
