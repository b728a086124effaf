import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_PATHS, pathTo, type WebhookEventType } from '@klik/api';
import { bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';
import { sealWebhookSecret } from './webhook-signing';
import { createEndpoint, Receiver, webhookWorld, type WebhookWorld } from './webhooks-test-kit';

let t: TestApp;
let w: WebhookWorld;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // A second per attempt: the hanging receiver below costs one second, not ten.
  t = await buildTestApp({ env: { WEBHOOK_ATTEMPT_TIMEOUT_SECONDS: '1' } });
  w = await webhookWorld(t);
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.stop();
  // Every test starts without endpoints; their deliveries go with them.
  await t.db.deleteFrom('webhook_endpoints').execute();
});
afterAll(async () => t.close());

async function receiverFor(eventTypes: WebhookEventType[], customerId = w.customerId) {
  const receiver = new Receiver();
  receivers.push(receiver);
  await receiver.start();
  const endpoint = await createEndpoint(t, w, receiver.url, eventTypes, customerId);
  receiver.secrets = [endpoint.secret];
  return { receiver, endpoint };
}

/** Events as changes write them: each in a transaction of its own. */
async function emit(
  type: WebhookEventType,
  count: number,
  customerId: number | null = w.customerId,
) {
  for (let n = 1; n <= count; n += 1) {
    await t.db
      .transaction()
      .execute((trx) => enqueueWebhook(trx, { customerId, type, data: { n }, at: t.clock.now() }));
  }
}

async function deliveriesOf(endpointId: number) {
  return t.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', 'm.seq', 'd.message_seq')
    .select([
      'm.id',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_response_code',
      'd.last_error',
      'd.failing_since',
      'd.last_attempt_at',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.message_seq')
    .execute();
}

/** Moves the clock to the earliest retry that is waiting, then lets the worker run. */
async function nextRetry(): Promise<boolean> {
  const next = await t.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    // A failed delivery is its endpoint's head; pending ones behind it wait for it.
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  if (!next.at) return false;
  if (new Date(next.at) > t.clock.now()) t.clock.set(new Date(next.at));
  await t.app.webhookWorker.settle();
  return true;
}

const numbers = (receiver: Receiver) =>
  receiver.unique.map((delivery) => (JSON.parse(delivery.body) as { data: { n: number } }).data.n);

describe('the webhook worker', () => {
  it('delivers every event signed, once per webhook-id after dedupe, in order across a receiver outage', async () => {
    const { receiver, endpoint } = await receiverFor(['click.created']);
    await emit('click.created', 5);
    await t.app.webhookWorker.settle();
    expect(numbers(receiver)).toEqual([1, 2, 3, 4, 5]);

    // The receiver takes the 7th in, then dies before answering; it is down for the rest.
    receiver.answer = (delivery) => {
      const n = (JSON.parse(delivery.body) as { data: { n: number } }).data.n;
      if (n === 7) {
        void receiver.stop();
        return 'drop';
      }
      return 204;
    };
    await t.db.transaction().execute(async (trx) => {
      for (let n = 6; n <= 12; n += 1) {
        await enqueueWebhook(trx, {
          customerId: w.customerId,
          type: 'click.created',
          data: { n },
          at: t.clock.now(),
        });
      }
    });
    await t.app.webhookWorker.settle();
    expect(numbers(receiver)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const waiting = await deliveriesOf(endpoint.id);
    // The 7th is retried; the later ones wait behind it, not tried yet.
    expect(waiting[6]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(waiting.slice(7).every((row) => row.attempts === 0)).toBe(true);

    receiver.answer = () => 204;
    await receiver.start();
    while (await nextRetry());
    expect(numbers(receiver)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
    // The 7th came twice (its first answer was lost), with one webhook-id.
    expect(receiver.received.length).toBe(13);
    expect((await deliveriesOf(endpoint.id)).every((row) => row.status === 'succeeded')).toBe(true);
  });

  it('sends only subscribed types, only to the customer, and a pause to every customer', async () => {
    const clicks = await receiverFor(['click.created', 'trading.paused']);
    const alerts = await receiverFor(['price_alert.fired']);
    const others = await receiverFor(['click.created', 'trading.paused'], w.otherCustomerId);
    await emit('click.created', 1);
    await emit('price_alert.fired', 1);
    await emit('trading.paused', 1, null);
    await t.app.webhookWorker.settle();
    expect(clicks.receiver.unique.map((delivery) => delivery.type)).toEqual([
      'click.created',
      'trading.paused',
    ]);
    expect(alerts.receiver.unique.map((delivery) => delivery.type)).toEqual(['price_alert.fired']);
    expect(others.receiver.unique.map((delivery) => delivery.type)).toEqual(['trading.paused']);
    const pause = JSON.parse(others.receiver.unique[0]?.body ?? '{}') as object;
    expect(pause).toMatchObject({ type: 'trading.paused', customerId: w.otherCustomerId });
  });

  it('retries with growing waits for 24 hours, then disables the endpoint and tells its managers', async () => {
    const { receiver, endpoint } = await receiverFor(['click.created', 'click.expired']);
    receiver.answer = () => 503;
    await emit('click.created', 1);
    await emit('click.expired', 1);
    const started = t.clock.now();
    await t.app.webhookWorker.settle();
    const waits: number[] = [];
    let previous = (await deliveriesOf(endpoint.id))[0];
    while (await nextRetry()) {
      const [head, later] = await deliveriesOf(endpoint.id);
      expect(later?.attempts).toBe(0);
      if (head?.status === 'given_up') break;
      waits.push(
        new Date(head?.next_attempt_at ?? 0).getTime() -
          new Date(head?.last_attempt_at ?? 0).getTime(),
      );
      previous = head;
    }
    expect(previous?.status).toBe('failed');
    // Exponential: each wait longer than the one before, up to the cap.
    const growing = waits.slice(0, 5);
    expect(growing).toEqual([...growing].sort((a, b) => a - b));
    const [head] = await deliveriesOf(endpoint.id);
    expect(head).toMatchObject({ status: 'given_up', last_response_code: 503 });
    expect(head?.last_error).toContain('refused with 503');
    expect(t.clock.now().getTime() - started.getTime()).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(head?.attempts).toBe(receiver.received.length);

    const stored = await t.db
      .selectFrom('webhook_endpoints')
      .select(['enabled', 'disabled_reason'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ enabled: false, disabled_reason: 'FAILING' });
    const told = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'params'])
      .where('kind', '=', 'WEBHOOK_DISABLED')
      .execute();
    expect(told.map((row) => row.user_id)).toEqual([w.manager.id]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'customer_ids'])
      .where('subject', '=', `webhookEndpoint:${endpoint.id}`)
      .where('action', '=', 'webhookEndpoint.disable')
      .execute();
    expect(audit).toEqual([{ action: 'webhookEndpoint.disable', customer_ids: [w.customerId] }]);

    // Nothing more goes to a disabled endpoint; a replay after the fix sends the same id again.
    const before = receiver.received.length;
    await nextRetry();
    expect(receiver.received.length).toBe(before);
    receiver.answer = () => 200;
    const token = await w.token(w.manager);
    await t.app.inject({
      method: 'PUT',
      url: pathTo(WEBHOOK_PATHS.endpoint, { customerId: w.customerId, endpointId: endpoint.id }),
      headers: bearer(token),
      payload: { url: receiver.url, description: '', eventTypes: ['click.created'], enabled: true },
    });
    const replay = await t.app.inject({
      method: 'POST',
      url: pathTo(WEBHOOK_PATHS.replay, {
        customerId: w.customerId,
        endpointId: endpoint.id,
        deliveryId: head?.id ?? '',
      }),
      headers: bearer(token),
    });
    expect(replay.statusCode).toBe(202);
    await t.app.webhookWorker.settle();
    expect(receiver.unique.map((delivery) => delivery.id)).toEqual(
      (await deliveriesOf(endpoint.id)).map((row) => row.id),
    );
    expect((await deliveriesOf(endpoint.id)).map((row) => row.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
  });

  it('signs with both secrets while a rotation overlaps, then with the new one only', async () => {
    const { receiver, endpoint } = await receiverFor(['click.created']);
    const token = await w.token(w.manager);
    const rotated = await t.app.inject({
      method: 'POST',
      url: pathTo(WEBHOOK_PATHS.rotateSecret, {
        customerId: w.customerId,
        endpointId: endpoint.id,
      }),
      headers: bearer(token),
    });
    const newSecret = (rotated.json() as { secret: string }).secret;
    await emit('click.created', 1);
    await t.app.webhookWorker.settle();
    const [overlap] = receiver.received;
    expect(overlap?.signature.split(' ')).toHaveLength(2);
    const headers = (delivery: typeof overlap) => ({
      'webhook-id': delivery?.id ?? '',
      'webhook-timestamp': delivery?.timestamp ?? '',
      'webhook-signature': delivery?.signature ?? '',
    });
    for (const secret of [endpoint.secret, newSecret]) {
      expect(() => new Webhook(secret).verify(overlap?.body ?? '', headers(overlap))).not.toThrow();
    }

    t.clock.advance(24 * 3600_000 + 1);
    await emit('click.created', 1);
    await t.app.webhookWorker.settle();
    const after = receiver.received[1];
    expect(after?.signature.split(' ')).toHaveLength(1);
    expect(() => new Webhook(newSecret).verify(after?.body ?? '', headers(after))).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(after?.body ?? '', headers(after))).toThrow();
  });

  it('a hanging endpoint times out in its own slot while another is served; a test event arrives', async () => {
    const slow = await receiverFor(['click.created']);
    const fast = await receiverFor(['click.created']);
    slow.receiver.answer = () => 'hang';
    await emit('click.created', 2);
    const test = await t.app.inject({
      method: 'POST',
      url: pathTo(WEBHOOK_PATHS.test, { customerId: w.customerId, endpointId: fast.endpoint.id }),
      headers: bearer(await w.token(w.manager)),
    });
    expect(test.statusCode).toBe(202);
    await t.app.webhookWorker.settle();
    expect(fast.receiver.unique.map((delivery) => delivery.type)).toEqual([
      'click.created',
      'click.created',
      'webhook.test',
    ]);
    expect(fast.receiver.unique[2]?.id).toBe((test.json() as { id: string }).id);
    const [head] = await deliveriesOf(slow.endpoint.id);
    expect(head).toMatchObject({ status: 'failed', attempts: 1, last_response_code: null });
    expect(head?.last_error).toBe('timeout after 1000 ms');
    expect(slow.receiver.received).toHaveLength(1);

    const log = await t.app.inject({
      method: 'GET',
      url: `${pathTo(WEBHOOK_PATHS.deliveries, { customerId: w.customerId, endpointId: slow.endpoint.id })}?status=failed`,
      headers: bearer(await w.token(w.manager)),
    });
    expect(log.json()).toMatchObject({
      total: 1,
      data: [{ status: 'failed', attempts: 1, lastError: 'timeout after 1000 ms' }],
    });
  });

  it('sends nothing unsigned: a secret sealed under another key fails the attempt on schedule', async () => {
    const { receiver, endpoint } = await receiverFor(['click.created']);
    await t.db
      .updateTable('webhook_endpoints')
      .set({ secret: sealWebhookSecret(endpoint.secret, Buffer.alloc(32, 1)) })
      .where('id', '=', endpoint.id)
      .execute();
    await emit('click.created', 1);
    await t.app.webhookWorker.settle();
    expect(receiver.received).toEqual([]);
    const [head] = await deliveriesOf(endpoint.id);
    expect(head).toMatchObject({ status: 'failed', attempts: 1 });
    expect(head?.last_error).toContain('signing secret cannot be read');
    expect(new Date(head?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('keeps the delivery log for 30 days', async () => {
    const { receiver, endpoint } = await receiverFor(['click.created']);
    await emit('click.created', 1);
    await t.app.webhookWorker.settle();
    expect(receiver.unique).toHaveLength(1);
    t.clock.advance(29 * 24 * 3600_000);
    await t.app.webhookWorker.settle();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    t.clock.advance(2 * 24 * 3600_000);
    await t.app.webhookWorker.settle();
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    const messages = await t.db.selectFrom('webhook_messages').select('id').execute();
    expect(messages).toEqual([]);
  });
});
