import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/builders';
import { freePort } from '../../../test/free-port';
import { bearer, login, testConfig } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../kernel/config/config';
import { unreachableDependency } from '../../reachability';
import type { BusEvents } from '../../kernel/events/event-bus';
import { eventChannel, RedisEventBus } from '../../kernel/events/redis-event-bus';
import { TestSocket } from './ws-test-client';

/** A Redis server of this test's own, so it can be stopped without touching the shared one. */
class RedisProcess {
  #process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    this.#process = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  }

  /** Kills the server as a crash would. */
  async kill(): Promise<void> {
    const child = this.#process;
    this.#process = null;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
}

const redisServers: RedisProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await Promise.all(redisServers.splice(0).map((redis) => redis.kill()));
});

async function ownRedis(): Promise<RedisProcess> {
  const redis = await RedisProcess.start();
  redisServers.push(redis);
  return redis;
}

function bus(url: string, channel = eventChannel('klik:outage-test')): RedisEventBus {
  const created = new RedisEventBus(url, () => {}, channel);
  cleanups.push(() => created.close());
  return created;
}

describe('the Redis bus when Redis goes away and comes back', () => {
  it('fails a publish at once while Redis is away, then reconnects and listens again', async () => {
    const redis = await ownRedis();
    const events = bus(redis.url);
    await events.ready();
    expect(events.connected()).toBe(true);
    const heard: BusEvents['clickUpdate'][] = [];
    events.subscribe('clickUpdate', (payload) => heard.push(payload));
    let resumed = 0;
    events.onResubscribed(() => (resumed += 1));

    await redis.kill();
    await vi.waitFor(() => expect(events.connected()).toBe(false));
    const started = Date.now();
    await expect(
      events.publish('clickUpdate', { contractId: 'C-1', customerId: 1 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);

    expect(resumed).toBe(0);
    await redis.restart();
    await vi.waitFor(() => expect(resumed).toBe(1), { timeout: 10_000 });
    // The subscriber and the publisher reconnect each on its own backoff; both come back.
    await vi.waitFor(() => expect(events.connected()).toBe(true), { timeout: 10_000 });
    await events.publish('clickUpdate', { contractId: 'C-2', customerId: 1 });
    await vi.waitFor(() => expect(heard).toEqual([{ contractId: 'C-2', customerId: 1 }]));
  });

  it('keeps two deployments that share one Redis apart (REDIS_CHANNEL_PREFIX)', async () => {
    const redis = await ownRedis();
    const prefixOf = (env: Record<string, string>) =>
      loadConfig({ REDIS_URL: redis.url, ...env }).redisChannelPrefix;
    const first = prefixOf({ DATABASE_URL: 'postgres://db.example/klik_test' });
    const second = prefixOf({ DATABASE_URL: 'postgres://db.example/klik_acceptance' });
    expect(first).toBe('klik:klik_test');
    expect(second).toBe('klik:klik_acceptance');
    expect(prefixOf({ REDIS_CHANNEL_PREFIX: 'portal-a' })).toBe('portal-a');
    expect(prefixOf({})).toBe('klik');
    expect(() => prefixOf({ REDIS_CHANNEL_PREFIX: 'two words' })).toThrow(/REDIS_CHANNEL_PREFIX/);

    const test = bus(redis.url, eventChannel(first));
    const acceptance = bus(redis.url, eventChannel(second));
    await Promise.all([test.ready(), acceptance.ready()]);
    const heardByAcceptance: unknown[] = [];
    acceptance.subscribe('tradingStatusUpdate', (payload) => heardByAcceptance.push(payload));
    const heardByTest: unknown[] = [];
    test.subscribe('tradingStatusUpdate', (payload) => heardByTest.push(payload));
    await test.publish('tradingStatusUpdate', { pauzeActive: true });
    await vi.waitFor(() => expect(heardByTest).toEqual([{ pauzeActive: true }]));
    expect(heardByAcceptance).toEqual([]);
  });

  it('a start without Redis answers one line naming REDIS_URL, with no unhandled rejection', async () => {
    const port = await freePort();
    const events = bus(`redis://127.0.0.1:${port}`);
    const database = await createTestDatabase({ migrate: false });
    cleanups.push(() => database.drop());
    const problem = await unreachableDependency(
      { databaseUrl: null, redisUrl: `redis://127.0.0.1:${port}` },
      { db: database.db, bus: events },
      500,
    );
    expect(problem).toMatch(
      new RegExp(
        `^REDIS_URL: cannot reach Redis at 127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\)$`,
      ),
    );
  });
});

describe('an instance whose Redis dies under it', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  it('keeps answering, reports the bus in /readyz and announces the pause once Redis is back', async () => {
    const redis = await ownRedis();
    database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const events = new RedisEventBus(redis.url, () => {}, eventChannel('klik:outage-app'));
    await events.ready();
    app = await buildApp(testConfig({ REDIS_URL: redis.url }), {
      db: database.db,
      bus: events,
      delay: async () => {},
    });
    cleanups.push(async () => {
      await app.close();
      await events.close();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await createUser(database.db, { role: 'admin' });
    const other = await createUser(database.db, { role: 'admin' });
    const { token } = await login(app, admin.username, admin.password);
    const otherSession = await login(app, other.username, other.password);
    const port = (app.server.address() as AddressInfo).port;
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/ws/${token}`);
    cleanups.push(async () => socket.close());
    await socket.next('socketUpdate');
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await redis.kill();
    await vi.waitFor(() => expect(events.connected()).toBe(false));
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'up', bus: 'down' });

    // The emergency pause is stored and answered as a success.
    const paused = await app.inject({
      method: 'PUT',
      url: '/rest/tradingstatus',
      headers: bearer(token),
      payload: { pauzeActive: true },
    });
    expect(paused.statusCode).toBe(200);
    // Ending a session and signing out are done too, whatever the bus.
    const sessions = await app.inject({
      method: 'GET',
      url: '/rest/sessions',
      headers: bearer(token),
    });
    const ended = (sessions.json() as { id: number; username: string }[]).find(
      (session) => session.username === other.username,
    );
    const terminated = await app.inject({
      method: 'DELETE',
      url: `/rest/sessions/${ended!.id}`,
      headers: bearer(token),
    });
    expect(terminated.statusCode).toBe(204);
    const loggedOut = await app.inject({
      method: 'POST',
      url: '/rest/authentication/logout',
      headers: { 'content-type': 'text/plain' },
      payload: otherSession.token,
    });
    expect(loggedOut.statusCode).toBeLessThan(300);
    expect(socket.received.filter((event) => event.name === 'tradingStatusUpdate')).toEqual([]);

    // Redis is back: the relay publishes what waited in the outbox, every instance hears it.
    const heard: BusEvents['tradingStatusUpdate'][] = [];
    events.subscribe('tradingStatusUpdate', (payload) => heard.push(payload));
    app.outbox.start();
    await redis.restart();
    await vi.waitFor(() => expect(heard).toEqual([{ pauzeActive: true }]), { timeout: 10_000 });
    expect(await database.db.selectFrom('event_outbox').select('id').execute()).toEqual([]);
    // This instance did not hear the bus for a while: its browsers reconnect and reload.
    expect((await socket.closed).code).toBe(1001);
    const again = await TestSocket.open(`ws://127.0.0.1:${port}/ws/${token}`);
    cleanups.push(async () => again.close());
    await again.next('socketUpdate');
    expect((await app.inject({ method: 'GET', url: '/rest/tradingstatus' })).json()).toEqual({
      pauzeActive: true,
    });
    await vi.waitFor(
      async () =>
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200),
      { timeout: 5000 },
    );
  }, 30_000);
});
