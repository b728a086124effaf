import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WS_CLOSE_CODES } from '@klik/api';
import { createUser } from '../test/builders';
import { buildTestApp, login, type TestApp } from '../test/test-app';
import { TestSocket } from './modules/realtime/ws-test-client';
import { shutdownOnSignal } from './shutdown';

/** A GET on a connection of its own. */
function get(
  port: number,
  path: string,
): Promise<{ status: number; connection: string; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: String(response.headers.connection),
          body,
        }),
      );
    }).on('error', reject);
  });
}

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** An app with a route that answers only when the test lets it. */
async function appWithSlowRoute(extend: (app: FastifyInstance) => void = () => {}) {
  const started = signal();
  const release = signal();
  const t = await buildTestApp({
    env: { MARKET_FEED: 'none' },
    extend: (app) => {
      app.get('/test/slow', async () => {
        started.resolve();
        await release.promise;
        return { done: true };
      });
      extend(app);
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  return { t, port, started, release };
}

let current: TestApp | null = null;
afterEach(async () => {
  await current?.database.drop();
  current = null;
});

describe('shutdownOnSignal', () => {
  it('lets running requests finish, answers new ones 503 and tells websockets to reconnect', async () => {
    const inPreClose = signal();
    const newRequestAnswered = signal();
    const { t, port, started, release } = await appWithSlowRoute((app) => {
      // Holds the shutdown between refusing requests and closing the listener, so the test can ask.
      app.addHook('preClose', async () => {
        inPreClose.resolve();
        await newRequestAnswered.promise;
      });
    });
    current = t;
    const user = await createUser(t.db);
    const { token } = await login(t.app, user.username, user.password);
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/ws/${token}`);
    await socket.next('socketUpdate');
    const slow = get(port, '/test/slow');
    await started.promise;

    const exits: number[] = [];
    const exited = new Promise<number>((resolve) => {
      const shutdown = shutdownOnSignal(t.app, {
        timeoutMs: 10_000,
        log: t.app.log,
        exit: (code) => {
          exits.push(code);
          resolve(code);
        },
      });
      shutdown('SIGTERM');
      // Ctrl+C arrives twice (terminal and npm): still one shutdown.
      shutdown('SIGINT');
    });

    expect((await socket.closed).code).toBe(WS_CLOSE_CODES.goingAway);
    await inPreClose.promise;
    const refused = await get(port, '/readyz');
    expect(refused.status).toBe(503);
    expect(refused.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'SHUTTING_DOWN' });
    newRequestAnswered.resolve();

    release.resolve();
    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toEqual({ done: true });
    expect(await exited).toBe(0);
    expect(exits).toEqual([0]);
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('exits with 1 when draining takes longer than the timeout', async () => {
    const { t, port, started, release } = await appWithSlowRoute();
    current = t;
    const slow = get(port, '/test/slow');
    await started.promise;
    const began = Date.now();
    const code = await new Promise<number>((resolve) => {
      shutdownOnSignal(t.app, { timeoutMs: 300, log: t.app.log, exit: resolve })('SIGTERM');
    });
    expect(code).toBe(1);
    expect(Date.now() - began).toBeGreaterThanOrEqual(290);
    expect(Date.now() - began).toBeLessThan(3000);
    // The test's own cleanup: let the request end so the app finishes closing.
    release.resolve();
    await slow;
  });
});
