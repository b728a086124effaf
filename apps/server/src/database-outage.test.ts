import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUTH_PATHS,
  ExecuteResponseSchema,
  PURCHASE_PATHS,
  QuoteSchema,
  REALTIME_PATHS,
  TRADING_PATHS,
} from '@klik/api';
import { createContract, createCustomer, createOffers, createUser } from '../test/builders';
import { freePort } from '../test/free-port';
import { OwnPostgres, postgresBinDir } from '../test/own-postgres';
import { bearer, login, testConfig } from '../test/test-app';
import { TestClock } from '../test/test-clock';
import { adminQuery } from '../test/test-database';
import { buildApp } from './app';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { BusEventName, BusEvents } from './kernel/events/event-bus';
import { InProcessEventBus } from './kernel/events/event-bus';
import { TestSocket } from './modules/realtime/ws-test-client';

/*
 * PostgreSQL stopped under a running portal (pg_ctl stop -m immediate: every backend killed, as
 * in a crash) and started again. The portal is built as server.ts builds it, its pool made from
 * DATABASE_URL, with its background jobs running: while the database is away every request
 * answers 503 DATABASE_UNAVAILABLE and /readyz says so; once it is back the same instance
 * answers again without a restart, and the live channel carries the next change. A click
 * confirmed while the database goes away is made once or not at all, and the same idempotency
 * key after recovery answers which. A connection that breaks while checked out of the pool
 * without a listener would be an uncaught exception, which fails the run. The last test runs the
 * real server (src/server.ts) as a process of its own through the same outage.
 */
const BIN = postgresBinDir();
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Friday 2026-11-20 11:00 in Amsterdam: the trading window is open. */
const TRADING_MORNING = new Date('2026-11-20T10:00:00Z');

const UNAVAILABLE_NL =
  'De database is even niet bereikbaar. Probeer het zo meteen opnieuw; een klik die u opnieuw bevestigt, wordt hooguit één keer gemaakt.';
const UNAVAILABLE_EN =
  'The database cannot be reached right now. Please try again in a moment; a click you confirm again is made at most once.';

/** The in-process bus, with a gate a test can close on one event to hold its publisher there. */
class GatedBus extends InProcessEventBus {
  #gate: { name: BusEventName; reached: () => void; open: Promise<void> } | null = null;

  /** Holds the next publish of `name` until `open` resolves; resolves once one is held. */
  holdNext(name: BusEventName, open: Promise<void>): Promise<void> {
    return new Promise((reached) => {
      this.#gate = { name, reached, open };
    });
  }

  override async publish<N extends BusEventName>(name: N, payload: BusEvents[N]): Promise<void> {
    const gate = this.#gate;
    if (gate && gate.name === name) {
      this.#gate = null;
      gate.reached();
      await gate.open;
    }
    await super.publish(name, payload);
  }
}

describe.skipIf(BIN === null)(
  `PostgreSQL stopped under a running portal${BIN === null ? ' (skipped: no PostgreSQL binaries under /usr/lib/postgresql/<version>/bin)' : ''}`,
  () => {
    let server: OwnPostgres;
    let app: FastifyInstance;
    let bus: GatedBus;
    let port: number;
    const sockets: TestSocket[] = [];
    const world = {
      customerId: 0,
      contractId: '',
      contractRowId: 0,
      adminToken: '',
      customerToken: '',
    };

    beforeAll(async () => {
      server = await OwnPostgres.create(BIN!);
      await adminQuery(server.url(), 'create database klik');
      const url = server.url('klik');
      const migrating = await createDatabase({ databaseUrl: url, dataDir: null });
      await migrateToLatest(migrating);
      await migrating.destroy();

      bus = new GatedBus();
      const clock = new TestClock(TRADING_MORNING);
      app = await buildApp(testConfig({ DATABASE_URL: url, MARKET_FEED: 'none' }), {
        bus,
        now: clock.now,
        delay: async () => {},
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      app.startBackgroundJobs();
      port = (app.server.address() as AddressInfo).port;

      const { db } = app.deps;
      const customer = await createCustomer(db);
      // A gas contract for 2027 (the builder's defaults) with OTC offers for every maturity.
      const contract = await createContract(db, { customerId: customer.id });
      await createOffers(db, { product: 'TTF_GAS', yearOfSupply: 2027, otcPrice: '30' });
      const admin = await createUser(db, { role: 'admin' });
      const user = await createUser(db, { customerIds: [customer.id] });
      world.customerId = customer.id;
      world.contractId = contract.contractId;
      world.contractRowId = contract.id;
      world.adminToken = (await login(app, admin.username, admin.password)).token;
      world.customerToken = (await login(app, user.username, user.password)).token;
    }, 120_000);

    afterEach(async () => {
      // A test that failed half-way leaves the server stopped; the next one needs it.
      await server.start().catch(() => {});
      for (const socket of sockets.splice(0)) socket.close();
    });

    afterAll(async () => {
      await app?.close();
      await server?.destroy();
    });

    async function openSocket(token: string): Promise<TestSocket> {
      const socket = await TestSocket.open(`ws://127.0.0.1:${port}/ws/${token}`);
      sockets.push(socket);
      await socket.next('socketUpdate');
      return socket;
    }

    function get(url: string, token?: string, locale?: string) {
      return app.inject({
        method: 'GET',
        url,
        headers: {
          ...(token === undefined ? {} : bearer(token)),
          ...(locale === undefined ? {} : { locale }),
        },
      });
    }

    function setPause(pauzeActive: boolean) {
      return app.inject({
        method: 'PUT',
        url: TRADING_PATHS.status,
        headers: bearer(world.adminToken),
        payload: { pauzeActive },
      });
    }

    /** A quote for a quarter no other test clicks (a click leaves its period pending). */
    async function quote(maturity: 'Q1' | 'Q2'): Promise<string> {
      const response = await app.inject({
        method: 'POST',
        url: PURCHASE_PATHS.quote,
        headers: bearer(world.customerToken),
        payload: {
          customerId: world.customerId,
          contractId: world.contractId,
          yearOfSupply: 2027,
          maturity,
          market: 'OTC',
          percentage: '10',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return QuoteSchema.parse(response.json()).quoteId;
    }

    function execute(quoteId: string, idempotencyKey: string) {
      return app.inject({
        method: 'POST',
        url: PURCHASE_PATHS.execute,
        headers: bearer(world.customerToken),
        payload: { quoteId, idempotencyKey },
      });
    }

    /** The clicks stored under this idempotency key (read once the database is back). */
    async function clicksWithKey(idempotencyKey: string): Promise<number[]> {
      const rows = await app.deps.db
        .selectFrom('clicks')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .execute();
      return rows.map((row) => row.id);
    }

    function expectUnavailable(response: { statusCode: number; json: () => unknown }): void {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: UNAVAILABLE_NL,
        retryAfterSeconds: 5,
      });
    }

    it('answers 503 DATABASE_UNAVAILABLE and /readyz says the database is down, then recovers by itself and the live channel carries the next change', async () => {
      const socket = await openSocket(world.adminToken);
      expect((await get('/readyz')).statusCode).toBe(200);

      await server.stopImmediately();

      expectUnavailable(await get(REALTIME_PATHS.sessions, world.adminToken));
      const english = await get(REALTIME_PATHS.sessions, world.adminToken, 'en');
      expect(english.statusCode).toBe(503);
      expect(english.json()).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        message: UNAVAILABLE_EN,
      });
      expect(english.headers['retry-after']).toBe('5');
      expectUnavailable(await setPause(true));
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', bus: 'up' });
      // Signing in needs the database too: refused as unavailable, not as a wrong password.
      const signIn = await app.inject({
        method: 'POST',
        url: '/rest/authentication/login',
        payload: { username: 'nobody', password: 'whatever' },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });

      await server.start();

      // The same instance, without a restart: the pool connects afresh.
      expect((await get('/readyz')).json()).toEqual({
        status: 'ready',
        database: 'up',
        bus: 'up',
      });
      const sessions = await get(REALTIME_PATHS.sessions, world.adminToken);
      expect(sessions.statusCode, sessions.body).toBe(200);
      // The pause refused during the outage was not stored, and nothing was announced for it.
      expect((await get(TRADING_PATHS.status)).json()).toEqual({ pauzeActive: false });
      expect(socket.names()).not.toContain('tradingStatusUpdate');

      const from = socket.received.length;
      expect((await setPause(true)).statusCode).toBe(200);
      expect((await socket.next('tradingStatusUpdate', from)).payload).toEqual({
        pauzeActive: true,
      });
      expect((await setPause(false)).statusCode).toBe(200);
    }, 120_000);

    it('a click waiting for its contract when the database goes away is not made; the same key after recovery makes it, once', async () => {
      const socket = await openSocket(world.customerToken);
      const quoteId = await quote('Q1');
      const key = randomUUID();

      // Another session holds the contract row, so the click's transaction waits on it.
      const holder = new pg.Client({ connectionString: server.url('klik') });
      holder.on('error', () => {});
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from contracts where id = $1 for update', [
        world.contractRowId,
      ]);
      const confirming = execute(quoteId, key);
      await vi.waitFor(
        async () => {
          const waiting = await holder.query(
            "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = 'klik'",
          );
          expect(waiting.rowCount).toBe(1);
        },
        { timeout: 30_000 },
      );

      await server.stopImmediately();
      expectUnavailable(await confirming);
      await holder.end().catch(() => {});
      await server.start();

      expect(await clicksWithKey(key)).toEqual([]);
      const from = socket.received.length;
      const retried = await execute(quoteId, key);
      expect(retried.statusCode, retried.body).toBe(200);
      const { click } = ExecuteResponseSchema.parse(retried.json());
      expect(await clicksWithKey(key)).toEqual([click.id]);
      expect((await socket.next('clickUpdate', from)).payload).toMatchObject({
        contractId: world.contractId,
      });
      // Once more with the same key: the same click, not a second one.
      const again = await execute(quoteId, key);
      expect(ExecuteResponseSchema.parse(again.json()).click.id).toBe(click.id);
      expect(await clicksWithKey(key)).toEqual([click.id]);
    }, 120_000);

    it('a click committed just before the database goes away answers 503; the same key after recovery answers that click', async () => {
      const quoteId = await quote('Q2');
      const key = randomUUID();

      // The click commits, then its event is held on the way out while the database stops: the
      // answer, read after the commit, cannot be given.
      let open!: () => void;
      const held = bus.holdNext(
        'clickUpdate',
        new Promise<void>((resolve) => {
          open = resolve;
        }),
      );
      const confirming = execute(quoteId, key);
      await held;
      // Held there, the click is committed (the only click event in flight is this one's).
      expect(await clicksWithKey(key)).toHaveLength(1);
      await server.stopImmediately();
      open();
      expectUnavailable(await confirming);
      await server.start();

      const made = await clicksWithKey(key);
      expect(made).toHaveLength(1);
      const retried = await execute(quoteId, key);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(ExecuteResponseSchema.parse(retried.json()).click.id).toBe(made[0]);
      expect(await clicksWithKey(key)).toEqual(made);
    }, 120_000);
    it('the server process itself keeps running through the outage and answers again after it', async () => {
      await adminQuery(server.url(), 'create database klik_process');
      const port = await freePort();
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: server.url('klik_process'),
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          MARKET_FEED: 'none',
          WEB_DIST_DIR: '/nonexistent/klik-web-dist',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += String(chunk)));
      const exited = once(child, 'exit');
      try {
        const base = `http://127.0.0.1:${port}`;
        const readyz = async () => {
          const response = await fetch(`${base}/readyz`);
          return { status: response.status, body: (await response.json()) as unknown };
        };
        // The start migrates the database, then listens.
        await vi.waitFor(async () => expect((await readyz().catch(() => null))?.status).toBe(200), {
          timeout: 60_000,
          interval: 200,
        });
        const db = await createDatabase({ databaseUrl: server.url('klik_process'), dataDir: null });
        const admin = await createUser(db, { role: 'admin' }).finally(() => db.destroy());
        const signedIn = await fetch(`${base}${AUTH_PATHS.login}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: admin.username, password: admin.password }),
        });
        const { token } = (await signedIn.json()) as { token: string };
        const sessions = () =>
          fetch(`${base}${REALTIME_PATHS.sessions}`, { headers: bearer(token) });

        await server.stopImmediately();
        const refused = await sessions();
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
        expect(await readyz()).toEqual({
          status: 503,
          body: { status: 'unavailable', database: 'down', bus: 'up' },
        });

        await server.start();
        expect((await sessions()).status).toBe(200);
        expect((await readyz()).status).toBe(200);
        expect(child.exitCode, stderr).toBeNull();
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    }, 120_000);
  },
);
