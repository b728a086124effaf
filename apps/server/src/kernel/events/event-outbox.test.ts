import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/test-database';
import { createDatabase, type Db } from '../../db/database';
import { executeOk, purchaseWorld, quoteOk } from '../../modules/purchase/purchase-test-kit';
import { InProcessEventBus, type BusEvents, type EventBus } from './event-bus';
import { enqueueEvent, EventOutbox } from './event-outbox';

const quiet = { error: () => {}, info: () => {} };

/** Makes the app's bus refuse every publish, as Redis does while it is away. */
function takeBusDown(bus: EventBus): () => void {
  const publish = vi.spyOn(bus, 'publish').mockRejectedValue(new Error('Connection is closed.'));
  const connected = vi.spyOn(bus, 'connected').mockReturnValue(false);
  return () => {
    publish.mockRestore();
    connected.mockRestore();
  };
}

async function waiting(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('event_outbox').select('name').orderBy('id').execute();
  return rows.map((row) => row.name);
}

const apps: TestApp[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

describe('events of committed changes while the bus is down', () => {
  it('a pause is stored, answered 200 and announced once the bus is back', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const admin = await createUser(t.db, { role: 'admin' });
    const { token } = await login(t.app, admin.username, admin.password);
    const heard: BusEvents['tradingStatusUpdate'][] = [];
    t.app.deps.bus.subscribe('tradingStatusUpdate', (payload) => heard.push(payload));

    const bringBack = takeBusDown(t.app.deps.bus);
    const paused = await t.app.inject({
      method: 'PUT',
      url: '/rest/tradingstatus',
      headers: bearer(token),
      payload: { pauzeActive: true },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ pauzeActive: true });
    expect((await t.app.inject({ method: 'GET', url: '/rest/tradingstatus' })).json()).toEqual({
      pauzeActive: true,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('action', '=', 'setTradingStatus')
      .execute();
    expect(audit).toEqual([{ action: 'setTradingStatus', outcome: 'success' }]);
    expect(heard).toEqual([]);
    // The pause and the admin's new unread count (the pause is a notification too).
    expect(await waiting(t.db)).toEqual(['tradingStatusUpdate', 'notificationUpdate']);

    bringBack();
    // The retry timer of an instance picks it up without anyone asking.
    const relay = new EventOutbox({ db: t.db, bus: t.app.deps.bus, pollMs: 20, log: quiet });
    relay.start();
    await vi.waitFor(() => expect(heard).toEqual([{ pauzeActive: true }]));
    await relay.stop();
    expect(await waiting(t.db)).toEqual([]);
  });

  it('a click confirmed while the bus is down is announced once it is back', async () => {
    const w = await purchaseWorld();
    apps.push(w.t);
    const bringBack = takeBusDown(w.t.app.deps.bus);
    const click = await executeOk(w, (await quoteOk(w)).quoteId);
    expect(click.status).toBe('IN_PROGRESS');
    expect(w.clickUpdates).toEqual([]);
    expect(await waiting(w.t.db)).toEqual(['notificationUpdate', 'clickUpdate']);

    bringBack();
    await w.t.app.outbox.flush();
    expect(w.clickUpdates).toEqual([
      { contractId: w.contract.contractId, customerId: w.customer.id },
    ]);
    expect(await waiting(w.t.db)).toEqual([]);
  });

  it('publishes right after the commit while the bus is up, leaving nothing behind', async () => {
    const w = await purchaseWorld();
    apps.push(w.t);
    await executeOk(w, (await quoteOk(w)).quoteId);
    expect(w.clickUpdates).toHaveLength(1);
    expect(await waiting(w.t.db)).toEqual([]);
  });

  it('/readyz answers 503 and names the bus while it is down', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const bringBack = takeBusDown(t.app.deps.bus);
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'up', bus: 'down' });
    bringBack();
    const up = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ready', database: 'up', bus: 'up' });
  });

  it('/readyz answers 503 and names the database when it does not answer', async () => {
    const t = await buildTestApp();
    apps.push(t);
    // As if the database went away under a running instance: every query fails.
    const gone = vi.spyOn(t.db, 'getExecutor').mockImplementation(() => {
      throw new Error('Connection terminated unexpectedly');
    });
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    gone.mockRestore();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down', bus: 'up' });
  });
});

/**
 * Several instances on one PostgreSQL database: PGlite lives inside one process, so this runs
 * on PostgreSQL (TEST_DATABASE_URL) only.
 */
describe.skipIf(!onPostgres)('the outbox relay on several instances', () => {
  let database: TestDatabase;
  const others: Db[] = [];

  afterEach(async () => {
    await Promise.all(others.splice(0).map((db) => db.destroy()));
    await database.drop();
  });

  it('publishes every event once and in commit order, whichever instance flushes', async () => {
    database = await createTestDatabase();
    const bus = new InProcessEventBus();
    const heard: string[] = [];
    bus.subscribe('clickUpdate', ({ contractId }) => heard.push(contractId));
    const instances = await Promise.all(
      [1, 2, 3].map(() => createDatabase({ databaseUrl: database.url, dataDir: null })),
    );
    others.push(...instances);
    const outboxes = instances.map((db) => new EventOutbox({ db, bus, pollMs: 20, log: quiet }));

    const written: string[] = [];
    for (let round = 0; round < 30; round++) {
      // Each instance commits events and flushes at once, as requests on three instances would.
      await Promise.all(
        instances.map(async (db, index) => {
          const contractId = `C-${round}-${index}`;
          await db
            .transaction()
            .execute((trx) => enqueueEvent(trx, 'clickUpdate', { contractId, customerId: 1 }));
          written.push(contractId);
          await outboxes[index]!.flush();
        }),
      );
    }
    for (const outbox of outboxes) outbox.start();
    await vi.waitFor(async () => expect(await waiting(database.db)).toEqual([]));
    await Promise.all(outboxes.map((outbox) => outbox.stop()));

    expect([...heard].sort()).toEqual([...written].sort());
    expect(new Set(heard).size).toBe(heard.length);
    // Within one instance events leave in the order they were committed.
    for (let index = 0; index < 3; index++) {
      const mine = (list: string[]) => list.filter((id) => id.endsWith(`-${index}`));
      expect(mine(heard)).toEqual(mine(written));
    }
  });
});
