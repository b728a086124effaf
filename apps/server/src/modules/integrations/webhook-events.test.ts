import { describe, expect, it } from 'vitest';
import { TRADING_PATHS } from '@klik/api';
import { createUser } from '../../../test/builders';
import { bearer, buildTestApp, login } from '../../../test/test-app';
import { executeOk, purchaseWorlds, quoteOk } from '../purchase/purchase-test-kit';
import { createEndpoint, Receiver, webhookWorld, type WebhookWorld } from './webhooks-test-kit';

/*
 * The portal's own changes reach a real receiver: a click made through the purchase path and a
 * pause of trading, each written in its change's transaction and signed on the way out.
 */
const openWorld = purchaseWorlds();

describe('events of the portal as webhooks', () => {
  it('delivers a click and a pause, signed, with their data', async () => {
    const w = await openWorld();
    const { t } = w;
    const manager = await createUser(t.db, { customerIds: [w.customer.id] });
    await t.db
      .updateTable('users')
      .set({ manage_users: true })
      .where('id', '=', manager.id)
      .execute();
    const admin = await createUser(t.db, { role: 'admin' });
    const world = {
      customerId: w.customer.id,
      otherCustomerId: w.customer.id,
      manager,
      user: w.user,
      otherManager: manager,
      admin,
      token: async (user) => (await login(t.app, user.username, user.password)).token,
    } satisfies WebhookWorld;
    const receiver = new Receiver();
    await receiver.start();
    try {
      const endpoint = await createEndpoint(t, world, receiver.url, [
        'click.created',
        'click.completed',
        'trading.paused',
      ]);
      receiver.secrets = [endpoint.secret];

      const quote = await quoteOk(w);
      const click = await executeOk(w, quote.quoteId);
      const clickedAt = t.clock.now().toISOString();
      t.clock.advance(10_000);
      expect((await t.app.purchase.desk.runOnce()).completed).toBe(1);
      const pause = await t.app.inject({
        method: 'PUT',
        url: TRADING_PATHS.status,
        headers: bearer(await world.token(admin)),
        payload: { pauzeActive: true },
      });
      expect(pause.statusCode).toBe(200);
      await t.app.webhookWorker.settle();

      expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
      const bodies = receiver.unique.map((delivery) => JSON.parse(delivery.body) as object);
      expect(bodies).toEqual([
        {
          type: 'click.created',
          timestamp: clickedAt,
          customerId: w.customer.id,
          data: expect.objectContaining({
            clickId: click.id,
            contractId: w.contract.contractId,
            yearOfSupply: 2027,
            maturity: 'Q1',
            market: 'OTC',
            status: 'IN_PROGRESS',
            totalCost: expect.any(String),
            quote: expect.objectContaining({ id: quote.quoteId }),
          }),
        },
        {
          type: 'click.completed',
          timestamp: t.clock.now().toISOString(),
          customerId: w.customer.id,
          data: expect.objectContaining({
            clickId: click.id,
            status: 'COMPLETED',
            completedAt: t.clock.now().toISOString(),
            execution: expect.objectContaining({ parts: expect.any(Array) }),
            confirmation: {
              kind: 'clickConfirmation',
              ref: click.id,
              sentAt: t.clock.now().toISOString(),
            },
          }),
        },
        {
          type: 'trading.paused',
          timestamp: t.clock.now().toISOString(),
          customerId: w.customer.id,
          data: { paused: true, at: t.clock.now().toISOString() },
        },
      ]);
    } finally {
      await receiver.stop();
    }
  });

  it('wakes the running worker on a commit, without waiting for its poll', async () => {
    const t = await buildTestApp({ env: { WEBHOOK_POLL_MS: '60000' } });
    const receiver = new Receiver();
    await receiver.start();
    try {
      const world = await webhookWorld(t);
      const endpoint = await createEndpoint(t, world, receiver.url, ['trading.paused']);
      receiver.secrets = [endpoint.secret];
      t.app.startBackgroundJobs();
      // The first pass takes the lead; from then on commits wake it.
      await t.app.webhookWorker.tick();
      const arrived = new Promise<void>((resolve) => {
        const answer = receiver.answer;
        receiver.answer = (delivery) => {
          resolve();
          return answer(delivery);
        };
      });
      await t.app.inject({
        method: 'PUT',
        url: TRADING_PATHS.status,
        headers: bearer(await world.token(world.admin)),
        payload: { pauzeActive: true },
      });
      await arrived;
      expect(receiver.unique.map((delivery) => delivery.type)).toEqual(['trading.paused']);
    } finally {
      await receiver.stop();
      await t.close();
    }
  });
});
