import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/builders';
import { testConfig } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { InProcessEventBus } from '../../kernel/events/event-bus';
import { notifyUsers, SmtpPeer } from './mail-test-kit';
import type { MailRun } from './mail-worker';

/**
 * Two portal instances on one database, each with its own MailWorker, sending to one mail
 * server. PGlite lives inside one process, so this runs on PostgreSQL (TEST_DATABASE_URL) only.
 */
describe.skipIf(!onPostgres)('two mail workers on one PostgreSQL database', () => {
  const peer = new SmtpPeer();
  const clock = new TestClock();
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function instance(): Promise<FastifyInstance> {
    const url = database.url!;
    const app = await buildApp(testConfig({ DATABASE_URL: url, SMTP_URL: peer.url }), {
      db: await createDatabase({ databaseUrl: url, dataDir: null }),
      bus: new InProcessEventBus(),
      now: clock.now,
      delay: async () => {},
    });
    // The test owns the db: close it with the app.
    app.addHook('onClose', async () => {
      await app.deps.db.destroy();
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    await peer.up();
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
    await peer.down();
  });

  async function users(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) ids.push((await createUser(database.db)).id);
    return ids;
  }

  function total(runs: MailRun[]): MailRun {
    return runs.reduce(
      (sum, run) => ({
        sent: sum.sent + run.sent,
        retried: sum.retried + run.retried,
        failed: sum.failed + run.failed,
      }),
      { sent: 0, retried: 0, failed: 0 },
    );
  }

  function receivedPerAddress(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of peer.received) {
      for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    return counts;
  }

  it('sends every job exactly once, by whichever instance holds the lock, and the other takes over', async () => {
    const first = await instance();
    const second = await instance();
    // More than one batch of the worker (50), so a round reads the table more than once.
    const recipients = await users(70);
    await notifyUsers(database.db, {
      userIds: recipients,
      kind: 'CLICK_COMPLETED',
      at: clock.now(),
    });

    // Both instances run their rounds at the same time, several times over.
    const runs: MailRun[][] = [];
    for (let round = 0; round < 3; round += 1) {
      runs.push(await Promise.all([first.mailWorker.tick(), second.mailWorker.tick()]));
    }
    expect(total(runs.flat())).toEqual({ sent: 70, retried: 0, failed: 0 });
    // One instance sent all of them; the other never led.
    const byInstance = [0, 1].map((i) => total(runs.map((round) => round[i]!)).sent);
    expect([...byInstance].sort((a, b) => a - b)).toEqual([0, 70]);

    expect(peer.received).toHaveLength(70);
    expect([...receivedPerAddress().values()].every((count) => count === 1)).toBe(true);
    expect(receivedPerAddress().size).toBe(70);
    const states = await database.db
      .selectFrom('mail_jobs')
      .select(['status', 'attempts'])
      .distinct()
      .execute();
    expect(states).toEqual([{ status: 'sent', attempts: 1 }]);

    // The leading instance stops (its lock is released); the other sends what comes next.
    const leader = byInstance[0] === 70 ? first : second;
    const other = leader === first ? second : first;
    await leader.close();
    apps.splice(apps.indexOf(leader), 1);
    const later = await users(5);
    await notifyUsers(database.db, { userIds: later, kind: 'CLICK_EXPIRED', at: clock.now() });
    expect(await other.mailWorker.tick()).toEqual({ sent: 5, retried: 0, failed: 0 });
    expect(await other.mailWorker.tick()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(peer.received).toHaveLength(75);
    expect([...receivedPerAddress().values()].every((count) => count === 1)).toBe(true);
  }, 120_000);
});
