import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPOSITORY_ROOT } from './config';
import { configProblems } from './config-test-kit';

describe('loadConfig', () => {
  it('has working defaults for one machine', () => {
    const config = loadConfig({}, { cwd: '/somewhere/else' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      redisUrl: null,
      seedDemo: true,
      dataDir: `${REPOSITORY_ROOT}/data`,
      webDistDir: `${REPOSITORY_ROOT}/apps/web/dist`,
      session: { idleMinutes: 30, absoluteHours: 12 },
    });
    expect(config.web).toMatchObject({
      title: 'Klik',
      locale: 'nl',
      currency: 'EUR',
      currencySymbol: '€',
      backendUrl: '',
      websocketUrl: '/ws',
      favicon: '/favicon.svg',
      production: true,
      isDebugMode: false,
      displayDisclaimer: true,
      displayHelp: true,
      stylesheetUrl: null,
      ssourl: null,
    });
  });

  it('puts the default data directory at the repository root whatever the working directory', () => {
    // The root itself, not a folder below it: its package.json is the workspace's.
    const rootPackage = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
      workspaces?: string[];
    };
    expect(rootPackage.workspaces).toContain('apps/server');
    expect(loadConfig({}, { cwd: `${REPOSITORY_ROOT}/apps/server` }).dataDir).toBe(
      `${REPOSITORY_ROOT}/data`,
    );
  });

  it('reads CLOCK_START as an instant and refuses one without an offset', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    expect(loadConfig({ CLOCK_START: '2026-11-23T11:00:00+01:00' }).clockStart?.toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
    expect(() => loadConfig({ CLOCK_START: '2026-11-23T11:00:00' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ CLOCK_START: 'monday' })).toThrow(/CLOCK_START/);
  });

  it('keeps the database in memory when DATA_DIR is memory://', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBeNull();
  });

  it('listens on loopback only while the demo accounts (public password) may be seeded', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ SEED_DEMO: 'true' }).host).toBe('127.0.0.1');
    expect(loadConfig({ SEED_DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: ' ::1 ', SEED_DEMO: 'false' }).host).toBe('::1');
  });

  it('serves /metrics and /docs in development, and in production only when asked to', () => {
    expect(loadConfig({})).toMatchObject({ metrics: { port: null, token: null }, docs: true });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ metrics: null, docs: false });
    expect(loadConfig({ NODE_ENV: 'production', METRICS: 'on', DOCS: 'on' })).toMatchObject({
      metrics: { port: null },
      docs: true,
    });
    const token = 'a'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', METRICS_PORT: '9100' }).metrics).toEqual({
      port: 9100,
      token: null,
    });
    expect(loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: token }).metrics).toEqual({
      port: null,
      token,
    });
    expect(loadConfig({ METRICS: 'off', DOCS: 'off' })).toMatchObject({
      metrics: null,
      docs: false,
    });
    expect(configProblems({ METRICS: 'off', METRICS_PORT: '9100' })).toEqual([
      'METRICS: is off, so METRICS_PORT and METRICS_TOKEN would do nothing',
    ]);
    expect(configProblems({ METRICS_PORT: '3000' })).toEqual([
      'METRICS_PORT: must differ from PORT',
    ]);
    expect(configProblems({ METRICS_TOKEN: 'short', DOCS: 'maybe' })).toEqual([
      'METRICS_TOKEN: must be at least 32 characters long',
      'DOCS: expected true or false, got "maybe"',
    ]);
  });

  it('reads SHUTDOWN_TIMEOUT_SECONDS', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(8000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutMs).toBe(30_000);
    expect(configProblems({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toEqual([
      'SHUTDOWN_TIMEOUT_SECONDS: expected a whole number from 1 to 600, got "0"',
    ]);
  });

  it('resolves a relative DATA_DIR against the directory the command was started in', () => {
    expect(loadConfig({ DATA_DIR: 'state' }, { cwd: '/srv/klik' }).dataDir).toBe('/srv/klik/state');
    expect(loadConfig({ DATA_DIR: 'state', INIT_CWD: '/home/ops' }).dataDir).toBe(
      '/home/ops/state',
    );
    expect(loadConfig({ DATA_DIR: '/var/lib/klik' }).dataDir).toBe('/var/lib/klik');
  });

  it('reads every variable it documents', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://klik@db:5432/klik',
        DATABASE_POOL_SIZE: '25',
        REDIS_URL: 'redis://cache:6379',
        SEED_DEMO: 'false',
        SESSION_IDLE_MINUTES: '15',
        SESSION_ABSOLUTE_HOURS: '8',
        KLIK_TITLE: 'Energie Klik',
        KLIK_LOCALE: 'en',
        KLIK_DEBUG: 'yes',
        KLIK_SSO_URL: '/sso-elsewhere',
        KLIK_STYLESHEET_URL: 'https://cdn.example/brand.css',
      },
      { cwd: '/srv' },
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://klik@db:5432/klik',
      databasePoolSize: 25,
      redisUrl: 'redis://cache:6379',
      seedDemo: false,
      session: { idleMinutes: 15, absoluteHours: 8 },
    });
    expect(config.web).toMatchObject({
      title: 'Energie Klik',
      locale: 'en',
      isDebugMode: true,
      ssourl: '/sso-elsewhere',
      stylesheetUrl: 'https://cdn.example/brand.css',
    });
  });

  it('names every wrong variable at once', () => {
    const problems = configProblems({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/klik',
      REDIS_URL: 'not a url',
      SEED_DEMO: 'maybe',
      KLIK_LOCALE: 'de',
      KLIK_CURRENCY: 'euro',
      SESSION_IDLE_MINUTES: '0',
    });
    const variables = problems.map((problem) => problem.split(':')[0]);
    expect(variables.sort()).toEqual(
      [
        'DATABASE_URL',
        'KLIK_CURRENCY',
        'KLIK_LOCALE',
        'PORT',
        'REDIS_URL',
        'SEED_DEMO',
        'SESSION_IDLE_MINUTES',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('PORT'))).toContain('"eighty"');
  });

  it('reads the second factor: off and unsealed by default, a 32-byte base64 key or nothing', () => {
    expect(loadConfig({}).secondFactor).toEqual({ staffRequired: false, totpKey: null });
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({ ADMIN_SECOND_FACTOR: 'required', TOTP_ENCRYPTION_KEY: key });
    expect(config.secondFactor.staffRequired).toBe(true);
    expect(config.secondFactor.totpKey?.toString('base64')).toBe(key);
    expect(
      configProblems({
        ADMIN_SECOND_FACTOR: 'sometimes',
        TOTP_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'),
      }),
    ).toEqual([
      'ADMIN_SECOND_FACTOR: expected off or required',
      'TOTP_ENCRYPTION_KEY: expected 32 bytes in base64',
    ]);
  });

  it('refuses a lockout threshold below the slowdown threshold', () => {
    expect(configProblems({ LOGIN_SLOWDOWN_AFTER: '10', LOGIN_LOCKOUT_AFTER: '5' })).toEqual([
      'LOGIN_LOCKOUT_AFTER: must not be smaller than LOGIN_SLOWDOWN_AFTER',
    ]);
  });

  it('refuses the development and test routes with NODE_ENV=production', () => {
    expect(
      configProblems({
        NODE_ENV: 'production',
        SMS_DEV_OUTBOX: 'true',
        MAIL_DEV_OUTBOX: 'true',
        CLICK_DESK_TEST_CONTROL: 'true',
        CLOCK_TEST_CONTROL: 'true',
      }),
    ).toEqual([
      'SMS_DEV_OUTBOX: not allowed with NODE_ENV=production',
      'MAIL_DEV_OUTBOX: not allowed with NODE_ENV=production',
      'CLICK_DESK_TEST_CONTROL: not allowed with NODE_ENV=production',
      'CLOCK_TEST_CONTROL: not allowed with NODE_ENV=production',
    ]);
  });

  it('builds e-mail links on PUBLIC_URL, without a trailing slash, and takes only http(s)', () => {
    expect(loadConfig({ PORT: '3100' }).mail.publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ PUBLIC_URL: 'https://klik.example.nl/' }).mail.publicUrl).toBe(
      'https://klik.example.nl',
    );
    expect(configProblems({ PUBLIC_URL: 'ftp://klik.example.nl' })).toEqual([
      'PUBLIC_URL: must start with http:// or https://',
    ]);
  });

  it('loads deployment translations from KLIK_TRANSLATIONS_FILE', () => {
    const files: Record<string, string> = {
      '/srv/klik/texts.json': JSON.stringify({ nl: { 'login.title': 'Welkom' } }),
      '/srv/klik/bad.json': '{"nl": {"key": 3}}',
    };
    const readTextFile = (path: string) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT ${path}`);
      return text;
    };
    const config = loadConfig(
      { KLIK_TRANSLATIONS_FILE: 'texts.json' },
      { cwd: '/srv/klik', readTextFile },
    );
    expect(config.web.translations).toEqual({ nl: { 'login.title': 'Welkom' } });
    // Nested keys, as the spec names the Internet Explorer warning, are joined with dots.
    files['/srv/klik/nested.json'] = JSON.stringify({
      en: { 'internet explorer': { part1: 'Not supported.', part3: 'Get Chrome' }, a: 'b' },
    });
    expect(
      loadConfig({ KLIK_TRANSLATIONS_FILE: 'nested.json' }, { cwd: '/srv/klik', readTextFile }).web
        .translations,
    ).toEqual({
      en: {
        'internet explorer.part1': 'Not supported.',
        'internet explorer.part3': 'Get Chrome',
        a: 'b',
      },
    });
    for (const file of ['bad.json', 'missing.json']) {
      expect(() =>
        loadConfig({ KLIK_TRANSLATIONS_FILE: file }, { cwd: '/srv/klik', readTextFile }),
      ).toThrow(/KLIK_TRANSLATIONS_FILE/);
    }
  });
});
