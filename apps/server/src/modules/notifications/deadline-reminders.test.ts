import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationPageSchema } from '@klik/api';
import {
  createClick,
  createContract,
  createCustomer,
  createUser,
  type BuiltUser,
} from '../../../test/builders';
import { bearer, buildTestApp, login, testConfig, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { createDatabase, type Db } from '../../db/database';
import { InProcessEventBus } from '../../kernel/events/event-bus';
import { createDeadlineReminders, tradingDaysLeft } from './deadline-reminders';

// M4 2026 starts delivery on Wednesday 1 April: its deadline is Tuesday 31 March (16:00). The
// five trading days up to it are 25, 26, 27, 30 and 31 March.
const SIX_DAYS_BEFORE = '2026-03-24T09:00:00Z';
const FIVE_DAYS_BEFORE = '2026-03-25T09:00:00Z';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface World {
  t: TestApp;
  customerId: number;
  userIds: number[];
  users: BuiltUser[];
  contractId: string;
}

/** A gas customer with two users and a monthly contract (only months can be clicked). */
async function world(): Promise<World> {
  t = await buildTestApp({ clock: new TestClock(new Date(SIX_DAYS_BEFORE)) });
  const customer = await createCustomer(t.db);
  const users = [
    await createUser(t.db, { customerIds: [customer.id] }),
    await createUser(t.db, { customerIds: [customer.id], locale: 'en' }),
  ];
  const contract = await createContract(t.db, {
    customerId: customer.id,
    clickType: 'MONTH',
    years: [2026],
    monthlyVolume: '100.125',
  });
  return {
    t,
    customerId: customer.id,
    userIds: users.map((user) => user.id),
    users,
    contractId: contract.contractId,
  };
}

async function reminders(db: Db) {
  const result = await sql<{
    user_id: number;
    kind: string;
    params: Record<string, unknown>;
    contract_id: string;
    customer_id: number;
  }>`select user_id, kind, params, contract_id, customer_id from notifications
     where kind = 'DEADLINE_APPROACHING' order by user_id, id`.execute(db);
  return result.rows;
}

describe(`deadline reminders on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('counts the trading days left, today only before the close', () => {
    expect(tradingDaysLeft(new Date(FIVE_DAYS_BEFORE), '2026-03-31', 5)).toBe(5);
    expect(tradingDaysLeft(new Date(SIX_DAYS_BEFORE), '2026-03-31', 5)).toBe(6);
    // 16:30 in Amsterdam (CET): today's clicking is over, five trading days remain.
    expect(tradingDaysLeft(new Date('2026-03-24T15:30:00Z'), '2026-03-31', 5)).toBe(5);
    // A Saturday does not count.
    expect(tradingDaysLeft(new Date('2026-03-28T09:00:00Z'), '2026-03-31', 5)).toBe(2);
    expect(tradingDaysLeft(new Date('2026-03-31T09:00:00Z'), '2026-03-31', 5)).toBe(1);
  });

  it('reminds every user of the customer once within the trading days, not before', async () => {
    const w = await world();
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 0 });
    expect(await reminders(w.t.db)).toEqual([]);

    w.t.clock.set(FIVE_DAYS_BEFORE);
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 1 });
    const sent = await reminders(w.t.db);
    expect(sent.map((row) => row.user_id)).toEqual(w.userIds);
    for (const row of sent) {
      expect(row).toMatchObject({ contract_id: w.contractId, customer_id: w.customerId });
      expect(row.params).toEqual({
        contractId: w.contractId,
        yearOfSupply: 2026,
        maturity: 'M4',
        deadline: '2026-03-31',
        tradingDaysLeft: 5,
        openVolume: '100.125',
      });
    }
    // By e-mail too: the kind's default delivery.
    const mails = await sql<{ n: number }>`
      select count(*)::int as n from mail_jobs j join notifications n on n.id = j.notification_id
      where n.kind = 'DEADLINE_APPROACHING'`.execute(w.t.db);
    expect(mails.rows[0]?.n).toBe(2);

    // Through the notification backend, as the web reads it.
    const session = await login(w.t.app, w.users[0]!.username, w.users[0]!.password);
    const page = await w.t.app.inject({
      method: 'GET',
      url: '/rest/notifications?page=0',
      headers: bearer(session.token),
    });
    const [listed] = NotificationPageSchema.parse(page.json()).data;
    expect(listed).toMatchObject({
      kind: 'DEADLINE_APPROACHING',
      localeId: 'notification.DEADLINE_APPROACHING',
      contractId: w.contractId,
      params: { maturity: 'M4', tradingDaysLeft: 5 },
    });
  });

  it('never reminds twice: a second run, a later day, a restart', async () => {
    const w = await world();
    w.t.clock.set(FIVE_DAYS_BEFORE);
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 1 });
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 0 });
    w.t.clock.set('2026-03-27T09:00:00Z');
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 0 });
    // A restarted instance knows nothing in memory: the table says it was sent.
    const restarted = createDeadlineReminders({
      config: w.t.config,
      db: w.t.db,
      now: w.t.clock.now,
      flushEvents: async () => {},
      log: { info: () => {}, error: () => {} },
    });
    expect(await restarted.tick()).toEqual({ sent: 0 });
    await restarted.stop();
    expect(await reminders(w.t.db)).toHaveLength(2);
  });

  it('skips fully clicked positions and reminds of the exact open volume', async () => {
    const w = await world();
    const other = await createContract(w.t.db, {
      customerId: w.customerId,
      years: [2026],
      monthlyVolume: '100',
    });
    // M4 fully clicked on the monthly contract; on the other, Q2 partly and M4 not at all.
    const first = await w.t.db
      .selectFrom('contracts')
      .select('id')
      .where('contract_id', '=', w.contractId)
      .executeTakeFirstOrThrow();
    for (const [contractId, maturity, volume] of [
      [first.id, 'M4', '100.125'],
      [other.id, 'Q2', '63.25'],
    ] as const) {
      await createClick(w.t.db, {
        contractId,
        yearOfSupply: 2026,
        maturity,
        parts: [{ part: 'Gas', volume, price: '30' }],
      });
    }
    w.t.clock.set(FIVE_DAYS_BEFORE);
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 2 });
    const sent = (await reminders(w.t.db)).filter((row) => row.user_id === w.userIds[0]);
    expect(
      sent.map((row) => [row.contract_id, row.params.maturity, row.params.openVolume]),
    ).toEqual(
      expect.arrayContaining([
        [other.contractId, 'M4', expect.any(String)],
        [other.contractId, 'Q2', '236.75'],
      ]),
    );
    expect(sent).toHaveLength(2);
  });

  it("follows the contract's own deadline rule where contracts store one", async () => {
    const w = await world();
    const column = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_name = 'contracts' and column_name = 'deadline_rule'`.execute(w.t.db);
    // Before migration 0018 every contract has the default rule (tested above).
    if (column.rows[0]?.n !== 1) return;
    // Months close on the third trading day before delivery: Friday 27 March for M4.
    await sql`update contracts set deadline_rule = '{"YEAR":1,"QUARTER":1,"MONTH":3}'::jsonb
      where contract_id = ${w.contractId}`.execute(w.t.db);
    w.t.clock.set('2026-03-20T09:00:00Z');
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 0 });
    w.t.clock.set('2026-03-23T09:00:00Z');
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 1 });
    expect((await reminders(w.t.db))[0]?.params).toMatchObject({
      deadline: '2026-03-27',
      tradingDaysLeft: 5,
    });
  });

  it('does not remind of a passed deadline or of a deactivated customer', async () => {
    const w = await world();
    w.t.clock.set('2026-03-31T15:30:00Z'); // 17:30 in Amsterdam (CEST): M4 closed at 16:00
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 0 });
    w.t.clock.set(FIVE_DAYS_BEFORE);
    await w.t.db
      .updateTable('customers')
      .set({ active: false })
      .where('id', '=', w.customerId)
      .execute();
    expect(await w.t.app.deadlineReminders.runOnce()).toEqual({ sent: 0 });
  });
});

/**
 * Two portal instances on one database, each with its own reminder job. PGlite lives inside one
 * process, so this runs on PostgreSQL (TEST_DATABASE_URL) only.
 */
describe.skipIf(!onPostgres)(
  'deadline reminders of two instances on one PostgreSQL database',
  () => {
    let database: TestDatabase | undefined;
    const apps: FastifyInstance[] = [];
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
      await database?.drop();
      database = undefined;
    });

    async function instance(clock: TestClock): Promise<FastifyInstance> {
      const url = (database as TestDatabase).url as string;
      const app = await buildApp(testConfig({ DATABASE_URL: url }), {
        db: await createDatabase({ databaseUrl: url, dataDir: null }),
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

    it('sends each reminder once, with the lock and even without it', async () => {
      database = await createTestDatabase();
      const clock = new TestClock(new Date(FIVE_DAYS_BEFORE));
      const customer = await createCustomer(database.db);
      await createUser(database.db, { customerIds: [customer.id] });
      await createContract(database.db, {
        customerId: customer.id,
        clickType: 'MONTH',
        years: [2026],
      });
      const [a, b] = [await instance(clock), await instance(clock)] as const;

      // Both ask at once: one holds the advisory lock and sends, the other waits its turn.
      const runs = await Promise.all([a.deadlineReminders.tick(), b.deadlineReminders.tick()]);
      expect(runs.map((run) => run.sent).sort()).toEqual([0, 1]);

      // Without the lock (both run at once): the unique reminder still lets one through.
      await createContract(database.db, {
        customerId: customer.id,
        clickType: 'MONTH',
        years: [2026],
      });
      const direct = await Promise.all([
        a.deadlineReminders.runOnce(),
        b.deadlineReminders.runOnce(),
      ]);
      expect(direct.map((run) => run.sent).sort()).toEqual([0, 1]);
      expect(await reminders(database.db)).toHaveLength(2);
    });
  },
);
