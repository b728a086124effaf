import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const TOKEN = 'metrics-token-of-at-least-32-characters';

async function withApp(env: Record<string, string>, test: (t: TestApp) => Promise<void>) {
  const t = await buildTestApp({ env: { MARKET_FEED: 'none', ...env } });
  try {
    await test(t);
  } finally {
    await t.close();
  }
}

describe('/metrics and /docs settings', () => {
  it('METRICS_TOKEN: /metrics answers only the bearer of the token', async () => {
    await withApp({ METRICS_TOKEN: TOKEN }, async (t) => {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('process_cpu_user_seconds_total');
    });
  });

  it('METRICS=off and DOCS=off: neither exists', async () => {
    await withApp({ METRICS: 'off', DOCS: 'off' }, async (t) => {
      for (const url of ['/metrics', '/docs', '/docs/json']) {
        expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      }
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    });
  });

  it('NODE_ENV=production: off unless asked for', async () => {
    await withApp({ NODE_ENV: 'production' }, async (t) => {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/docs/json' })).statusCode).toBe(404);
    });
    await withApp({ NODE_ENV: 'production', METRICS: 'on', DOCS: 'on' }, async (t) => {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/docs/json' })).statusCode).toBe(200);
    });
  });

  it('METRICS_PORT: /metrics on a port of its own, with the token, closed with the app', async () => {
    const metricsPort = await freePort();
    await withApp({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN }, async (t) => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/healthz`);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

      const url = `http://127.0.0.1:${metricsPort}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(
        'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1',
      );
      expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    });
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});
