import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PriceUpdatePayload } from '@klik/api';
import { createContract, createCustomer, createUser } from '../../../test/builders';
import { bearer, login, testConfig } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { enqueueEvent } from '../../kernel/events/event-outbox';
import { RedisEventBus } from '../../kernel/events/redis-event-bus';
import { TestSocket } from './ws-test-client';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEY = 'ingest-key-for-tests-0123456789abcdef';

/**
 * Two instances need one shared database: PGlite lives inside one process, so these tests run
 * on PostgreSQL (TEST_DATABASE_URL) only.
 */
describe.skipIf(!onPostgres || redisUrl === '')(
  'two instances on one PostgreSQL database and one Redis',
  () => {
    let database: TestDatabase;
    const apps: FastifyInstance[] = [];
    const clock = new TestClock();
    // A channel of this run's own keeps parallel runs on one Redis apart.
    const channel = `klik:test:${randomBytes(6).toString('hex')}`;

    async function instance(): Promise<FastifyInstance> {
      const url = database.url!;
      const bus = new RedisEventBus(redisUrl, undefined, channel);
      await bus.ready();
      const app = await buildApp(
        testConfig({
          DATABASE_URL: url,
          MARKET_FEED: 'simulated',
          MARKET_FEED_SEED: '5',
          MARKET_INGEST_KEY: KEY,
        }),
        {
          db: await createDatabase({ databaseUrl: url, dataDir: null }),
          bus,
          now: clock.now,
          delay: async () => {},
        },
      );
      // The test owns db and bus: close them with the app.
      app.addHook('onClose', async () => {
        await app.deps.bus.close();
        await app.deps.db.destroy();
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      return app;
    }

    const wsUrl = (app: FastifyInstance, token: string) =>
      `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/${token}`;

    beforeAll(async () => {
      database = await createTestDatabase();
    });

    afterAll(async () => {
      for (const app of apps) await app.close();
      await database.drop();
    });

    it('delivers what happens on one instance to a client connected to the other', async () => {
      const first = await instance();
      const second = await instance();
      const customer = await createCustomer(database.db);
      const contract = await createContract(database.db, {
        customerId: customer.id,
        commodity: 'Gas',
      });
      const user = await createUser(database.db, { customerIds: [customer.id] });
      const admin = await createUser(database.db, { role: 'admin' });

      const { token } = await login(second, user.username, user.password);
      const socket = await TestSocket.open(wsUrl(second, token));
      await socket.next('socketUpdate');

      // A price pushed to the first instance.
      const pushed = await first.inject({
        method: 'POST',
        url: '/rest/market/prices',
        headers: bearer(KEY),
        payload: {
          prices: [
            {
              product: 'TTF_GAS',
              yearOfSupply: 2027,
              maturity: 'Y',
              market: 'OTC',
              price: '33.3',
              at: '2026-03-02T08:59:00Z',
            },
          ],
        },
      });
      expect(pushed.statusCode).toBe(200);
      const price = (await socket.next('priceUpdate')).payload as PriceUpdatePayload;
      expect(price.prices.map((p) => p.price)).toEqual(['33.3']);

      // A pause set on the first instance.
      const adminSession = await login(first, admin.username, admin.password);
      await first.inject({
        method: 'PUT',
        url: '/rest/tradingstatus',
        headers: bearer(adminSession.token),
        payload: { pauzeActive: true },
      });
      expect((await socket.next('tradingStatusUpdate')).payload).toEqual({ pauzeActive: true });

      // A click committed on the first instance leaves through its outbox.
      await first.deps.db.transaction().execute((trx) =>
        enqueueEvent(trx, 'clickUpdate', {
          contractId: contract.contractId,
          customerId: customer.id,
        }),
      );
      await first.outbox.flush();
      expect((await socket.next('clickUpdate')).payload).toEqual({
        contractId: contract.contractId,
      });

      // The admin on the first instance counts the session on the second.
      const adminSocket = await TestSocket.open(wsUrl(first, adminSession.token));
      await first.realtime.reportCount();
      await second.realtime.reportCount();
      await vi.waitFor(() => {
        const counts = adminSocket.received.filter((e) => e.name === 'sessionCountUpdate');
        expect(counts.at(-1)?.payload).toEqual({ count: 2 });
      });

      // Logout through the first instance ends the socket on the second.
      await first.inject({
        method: 'POST',
        url: '/rest/authentication/logout',
        headers: { 'content-type': 'text/plain' },
        payload: token,
      });
      expect((await socket.next('terminateSession')).payload).toEqual({ reason: 'LOGOUT' });
      expect((await socket.closed).code).toBe(4001);
      adminSocket.close();
    });

    it('runs the feed on exactly one instance, and another takes over when the leader stops', async () => {
      const [first, second] = apps.length >= 2 ? apps : [await instance(), await instance()];
      const a = first!.market.feed;
      const b = second!.market.feed;
      const results = await Promise.all([a.tryLead(), b.tryLead()]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const [leader, follower] = results[0] ? [a, b] : [b, a];
      expect(leader.leading).toBe(true);
      expect(follower.leading).toBe(false);
      expect(await follower.tryLead()).toBe(false);
      expect(await follower.tick()).toBe(0);
      expect(await leader.tick()).toBeGreaterThan(0);

      await leader.stop();
      expect(leader.leading).toBe(false);
      expect(await follower.tryLead()).toBe(true);
      expect(await leader.tryLead()).toBe(false);
      await follower.stop();
    });

    it('stops feeding when its lock connection dies, so another instance can lead', async () => {
      const [first, second] = apps.length >= 2 ? apps : [await instance(), await instance()];
      const a = first!.market.feed;
      const b = second!.market.feed;
      expect(await a.tryLead()).toBe(true);
      expect(await b.tryLead()).toBe(false);
      // As if the leader's connection were cut (network, database restart).
      await sql`
        select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory'
          and database = (select oid from pg_database where datname = current_database())
      `.execute(database.db);
      await vi.waitFor(() => expect(a.leading).toBe(false));
      expect(await a.tick()).toBe(0);
      expect(await b.tryLead()).toBe(true);
      await b.stop();
    });

    it('runs every once-only job on exactly one instance, as /metrics says, and the other takes them all over when it stops', async () => {
      const pair = [await instance(), await instance()];
      for (const app of pair) app.startBackgroundJobs();
      /** Per job, how many of the pair say they run it (klik_job_leader). */
      const leaders = async (of: readonly FastifyInstance[]) => {
        const counts = new Map<string, number>();
        for (const app of of) {
          const { body } = await app.inject({ url: '/metrics' });
          for (const [, job, value] of body.matchAll(/^klik_job_leader\{job="([^"]+)"\} (\d)$/gm)) {
            counts.set(job!, (counts.get(job!) ?? 0) + Number(value));
          }
        }
        return Object.fromEntries(counts);
      };
      const everyJobOnce = {
        'market feed': 1,
        'click desk': 1,
        'mail worker': 1,
        'deadline reminders': 1,
        'hedge policy checks': 1,
        'price watch price-alerts': 1,
        'price watch budgets': 1,
        'price watch standing-orders': 1,
        'webhook worker': 1,
      };
      // The jobs try their locks every few seconds; the first tries decide the leaders.
      await vi.waitFor(async () => expect(await leaders(pair)).toEqual(everyJobOnce), {
        timeout: 20_000,
        interval: 500,
      });

      const [stopping, staying] = pair as [FastifyInstance, FastifyInstance];
      await stopping.close();
      apps.splice(apps.indexOf(stopping), 1);
      await vi.waitFor(async () => expect(await leaders([staying])).toEqual(everyJobOnce), {
        timeout: 20_000,
        interval: 500,
      });
    });
  },
);

describe.runIf(!onPostgres)('two instances on PGlite', () => {
  it.skip('need TEST_DATABASE_URL: PGlite lives inside one process, so two instances cannot share it', () => {});
});
