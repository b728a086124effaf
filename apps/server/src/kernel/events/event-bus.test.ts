import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessEventBus, type BusEvents, type EventBus } from './event-bus';
import { RedisEventBus } from './redis-event-bus';

/** Resolves with the first payloads a subscription receives. */
function collect<N extends keyof BusEvents>(bus: EventBus, name: N, count: number) {
  const received: BusEvents[N][] = [];
  const done = new Promise<BusEvents[N][]>((resolve) => {
    const stop = bus.subscribe(name, (payload) => {
      received.push(payload);
      if (received.length === count) {
        stop();
        resolve(received);
      }
    });
  });
  return done;
}

describe('InProcessEventBus', () => {
  it('delivers published events to the subscribers of that name only', async () => {
    const bus = new InProcessEventBus();
    const status = collect(bus, 'tradingStatusUpdate', 1);
    const clicks: unknown[] = [];
    bus.subscribe('clickUpdate', (payload) => clicks.push(payload));
    await bus.publish('tradingStatusUpdate', { pauzeActive: true });
    expect(await status).toEqual([{ pauzeActive: true }]);
    expect(clicks).toEqual([]);
  });

  it('stops delivering after unsubscribe and keeps other subscribers when one throws', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessEventBus((error) => errors.push(error));
    const seen: number[] = [];
    const stop = bus.subscribe('sessionCountUpdate', ({ count }) => seen.push(count));
    bus.subscribe('sessionCountUpdate', () => {
      throw new Error('subscriber bug');
    });
    const last: number[] = [];
    bus.subscribe('sessionCountUpdate', ({ count }) => last.push(count));
    await bus.publish('sessionCountUpdate', { count: 1 });
    stop();
    await bus.publish('sessionCountUpdate', { count: 2 });
    expect(seen).toEqual([1]);
    expect(last).toEqual([1, 2]);
    expect(errors).toHaveLength(2);
  });

  it('hands subscribers a copy, never the publisher’s object', async () => {
    const bus = new InProcessEventBus();
    const received = collect(bus, 'terminateSession', 1);
    const payload = { sessionIds: [1, 2] };
    await bus.publish('terminateSession', payload);
    const [copy] = await received;
    expect(copy).toEqual(payload);
    expect(copy).not.toBe(payload);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(redisUrl === '')('RedisEventBus', () => {
  const buses: RedisEventBus[] = [];

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('delivers an event published on one instance to the subscribers of both', async () => {
    // A channel of this test's own keeps parallel runs on one Redis apart.
    const channel = `klik:test:${randomBytes(6).toString('hex')}`;
    const first = new RedisEventBus(redisUrl, undefined, channel);
    const second = new RedisEventBus(redisUrl, undefined, channel);
    buses.push(first, second);
    await Promise.all([first.ready(), second.ready()]);

    const onSecond = collect(second, 'clickUpdate', 2);
    const onFirst = collect(first, 'clickUpdate', 2);
    await first.publish('clickUpdate', { contractId: 'C-1001', customerId: 7 });
    await second.publish('clickUpdate', { contractId: 'C-1002', customerId: 8 });

    const expected = [
      { contractId: 'C-1001', customerId: 7 },
      { contractId: 'C-1002', customerId: 8 },
    ];
    expect(await onSecond).toEqual(expected);
    expect(await onFirst).toEqual(expected);
  });

  it('ignores malformed messages on the channel and keeps delivering', async () => {
    const channel = `klik:test:${randomBytes(6).toString('hex')}`;
    const errors: unknown[] = [];
    const bus = new RedisEventBus(redisUrl, (error) => errors.push(error), channel);
    const other = new RedisEventBus(redisUrl, undefined, channel);
    buses.push(bus, other);
    await bus.ready();
    const received = collect(bus, 'priceUpdate', 1);
    const { Redis } = await import('ioredis');
    const raw = new Redis(redisUrl);
    await raw.publish(channel, 'not json');
    await raw.quit();
    await other.publish('priceUpdate', { at: '2026-03-02T10:00:00Z', prices: [] });
    expect(await received).toEqual([{ at: '2026-03-02T10:00:00Z', prices: [] }]);
    expect(errors).toHaveLength(1);
  });
});
