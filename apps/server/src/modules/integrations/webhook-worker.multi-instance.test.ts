import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../test/builders';
import { testConfig } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import {
  adminQuery,
  createTestDatabase,
  onPostgres,
  type TestDatabase,
} from '../../../test/test-database';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { InProcessEventBus } from '../../kernel/events/event-bus';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';
import { newWebhookSecret, sealWebhookSecret } from './webhook-signing';
import { insertEndpoint } from './webhooks.repository';
import { Receiver } from './webhooks-test-kit';

/**
 * An instance killed while it delivers: its leader lock goes with its connections, another
 * instance takes the worker over and sends what was not recorded again. PGlite lives inside one
 * process, so this runs on PostgreSQL (TEST_DATABASE_URL) only.
 */
describe.skipIf(!onPostgres)('the webhook worker across instances', () => {
  const clock = new TestClock();
  const receiver = new Receiver();
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function instance(): Promise<FastifyInstance> {
    const url = database.url as string;
    // A long timeout: the killed instance's attempt must still be under way when it dies.
    const config = testConfig({ DATABASE_URL: url, WEBHOOK_ATTEMPT_TIMEOUT_SECONDS: '120' });
    const db = await createDatabase({ databaseUrl: url, dataDir: null });
    const app = await buildApp(config, {
      db,
      bus: new InProcessEventBus(),
      now: clock.now,
      delay: async () => {},
    });
    app.addHook('onClose', async () => {
      await app.deps.db.destroy();
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await receiver.start();
  });

  afterAll(async () => {
    // Lets the dead instance's attempt end before the apps close (it waits for it).
    await receiver.stop();
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('loses nothing when the delivering instance dies mid-attempt', async () => {
    const first = await instance();
    const customer = await createCustomer(database.db);
    const secret = newWebhookSecret();
    receiver.secrets = [secret];
    await insertEndpoint(database.db, {
      customerId: customer.id,
      url: receiver.url,
      description: '',
      eventTypes: ['click.created'],
      secret: sealWebhookSecret(secret, null),
      userId: null,
      at: clock.now(),
    });
    for (let n = 1; n <= 5; n += 1) {
      await database.db.transaction().execute((trx) =>
        enqueueWebhook(trx, {
          customerId: customer.id,
          type: 'click.created',
          data: { n },
          at: clock.now(),
        }),
      );
    }
    const numbers = () =>
      receiver.unique.map(
        (delivery) => (JSON.parse(delivery.body) as { data: { n: number } }).data.n,
      );

    // The 3rd is taken in and never answered: the first instance is in the middle of it.
    let arrived: () => void = () => {};
    const third = new Promise<void>((resolve) => (arrived = resolve));
    receiver.answer = (delivery) => {
      const n = (JSON.parse(delivery.body) as { data: { n: number } }).data.n;
      if (n === 3 && receiver.received.filter((seen) => seen.id === delivery.id).length === 1) {
        arrived();
        return 'hang';
      }
      return 204;
    };
    void first.webhookWorker.tick();
    await third;
    expect(numbers()).toEqual([1, 2, 3]);

    // Killed: every connection of the database ends, the first instance's leader lock with it.
    const name = new URL(database.url as string).pathname.slice(1);
    await adminQuery(
      process.env.TEST_DATABASE_URL as string,
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = '${name}' and pid <> pg_backend_pid()`,
    );

    const second = await instance();
    await second.webhookWorker.settle();
    expect(second.webhookWorker.leading).toBe(true);
    expect(numbers()).toEqual([1, 2, 3, 4, 5]);
    // The 3rd twice, under one webhook-id; every delivery signed.
    expect(receiver.received).toHaveLength(6);
    expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
  });
});
