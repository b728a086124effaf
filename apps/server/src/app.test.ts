import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentSettingsSchema } from '@klik/api';
import { buildTestApp, testConfig, type TestApp } from '../test/test-app';

let t: TestApp;
let webDist: string;
const APP_JS = 'console.log("app")';

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'klik-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Klik SPA</title>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
  // What the build's precompress step writes beside a text file.
  writeFileSync(join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(webDist, 'assets', 'app-1234.js.gz'), gzipSync(APP_JS));
  writeFileSync(join(webDist, 'assets', 'plain-1234.css'), 'body{}');
  t = await buildTestApp({
    config: testConfig({
      WEB_DIST_DIR: webDist,
      KLIK_TITLE: 'Energie Klik',
      KLIK_CURRENCY_SYMBOL: '€',
      KLIK_SSO_URL: '/sso-elsewhere',
      KLIK_STYLESHEET_URL: 'https://cdn.example/brand.css',
    }),
  });
});

afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('GET /env.json', () => {
  it('answers the environment settings built from the configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/env.json' });
    expect(response.statusCode).toBe(200);
    // Never cached: a changed setting reaches every browser on its next page load.
    expect(response.headers['cache-control']).toBe('no-store');
    const settings = EnvironmentSettingsSchema.parse(response.json());
    expect(settings).toEqual({
      production: true,
      backendUrl: '',
      notificationBackendUrl: '/rest',
      websocketUrl: '/ws',
      stylesheetUrl: 'https://cdn.example/brand.css',
      locale: 'nl',
      currency: 'EUR',
      currencySymbol: '€',
      title: 'Energie Klik',
      favicon: '/favicon.svg',
      translations: {},
      displayDisclaimer: true,
      displayHelp: true,
      isDebugMode: false,
      ssourl: '/sso-elsewhere',
    });
  });
});

describe('public REST calls', () => {
  it('GET /rest/locale/available answers nl and en', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/locale/available' });
    expect(response.json()).toEqual(['nl', 'en']);
  });

  it('GET /rest/tradingstatus answers the stored pause flag', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/rest/tradingstatus' })).json()).toEqual({
      pauzeActive: false,
    });
    await t.db.updateTable('trading_status').set({ pauze_active: true }).execute();
    expect((await t.app.inject({ method: 'GET', url: '/rest/tradingstatus' })).json()).toEqual({
      pauzeActive: true,
    });
    await t.db.updateTable('trading_status').set({ pauze_active: false }).execute();
  });

  it('answers an unknown REST path with a JSON 404, never the web page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rest/nothing-here',
      headers: { locale: 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
  });
});

describe('operations endpoints', () => {
  it('/healthz and /readyz report the process, the portal time, the database and the bus', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      now: t.clock.now().toISOString(),
    });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', bus: 'up' });
  });

  it('/metrics exposes Prometheus metrics including request durations by route', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('/docs serves the OpenAPI document generated from the shared schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }
        >
      >;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/rest/authentication/login',
        '/rest/authentication/loginAs',
        '/rest/authentication/logout',
        '/rest/authentication/admin/setLocale/{locale}',
        '/rest/locale/available',
        '/rest/tradingstatus',
        '/env.json',
      ]),
    );
    const login = document.paths['/rest/authentication/login']!.post!;
    expect(login.requestBody!.content['application/json']!.schema.required).toEqual([
      'username',
      'password',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('security headers', () => {
  it('sends a content security policy that fits the SPA', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/env.json' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://cdn.example");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the web application', () => {
  it('serves index.html for client routes', async () => {
    for (const url of ['/', '/login', '/dashboard/Power', '/startpurchase/42/2027/Q1?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('Klik SPA');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends the smallest compressed copy the browser accepts, and the file itself to others', async () => {
    const url = '/assets/app-1234.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    // A file the build left uncompressed (too small to gain) is sent as it is to everyone.
    const css = await t.app.inject({
      method: 'GET',
      url: '/assets/plain-1234.css',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{}');
  });

  it('serves built assets and answers a missing one with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('never answers server paths with the web page', async () => {
    for (const url of ['/rest/unknown', '/ws/unknown', '/docs/unknown', '/metrics/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Klik SPA');
    }
  });
});
