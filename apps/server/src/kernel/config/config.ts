import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { LocaleSchema } from '@klik/api';
import {
  EnvSchema,
  TranslationsSchema,
  type LOG_LEVELS,
  type MarketFeedKind,
  type SmsGatewayKind,
} from './config-env';
import { readSsoConfig, ssoUrlProblems, type SsoConfig } from './sso-config';

export type { MarketFeedKind, SmsGatewayKind } from './config-env';

/**
 * The repository root, so defaults do not depend on the directory npm starts the server in: the
 * nearest folder above this module that holds apps/server. Found by looking rather than counting
 * folders, because this module lies at another depth in the sources (src/kernel/config) than in
 * the built server (dist/server.js).
 */
export const REPOSITORY_ROOT = repositoryRoot(fileURLToPath(new URL('.', import.meta.url)));

function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps', 'server', 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
  }
}

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  logLevel: LogLevel;
  trustProxy: boolean;
  /** How long a shutdown may drain before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Prometheus metrics, or null when off; port null serves them at /metrics on `port`. */
  metrics: { port: number | null; token: string | null } | null;
  /** Swagger UI at /docs and the OpenAPI document at /docs/json. */
  docs: boolean;
  /** PostgreSQL server; null means PGlite under dataDir (or in memory when dataDir is null). */
  databaseUrl: string | null;
  /** At most this many pooled PostgreSQL connections per instance (docs/operations.md). */
  databasePoolSize: number;
  /** Where PGlite keeps its files; null keeps the database in memory (tests only). */
  dataDir: string | null;
  redisUrl: string | null;
  /** Names this deployment's event channel, so deployments sharing one Redis stay apart. */
  redisChannelPrefix: string;
  seedDemo: boolean;
  /** When set, the portal's clock starts at this instant and runs on in real time (see clock.ts). */
  clockStart: Date | null;
  /** Tests only: PUT /rest/dev/clock moves the portal's clock forward. */
  clockTestControl: boolean;
  webDistDir: string;
  session: { idleMinutes: number; absoluteHours: number; cacheSeconds: number };
  loginThrottle: {
    windowMinutes: number;
    slowdownAfter: number;
    lockoutAfter: number;
    slowdownMs: number;
    /** The longest wait, however many failures an account has. */
    slowdownMaxMs: number;
  };
  web: {
    production: boolean;
    title: string;
    favicon: string;
    stylesheetUrl: string | null;
    locale: z.infer<typeof LocaleSchema>;
    currency: string;
    currencySymbol: string;
    displayDisclaimer: boolean;
    displayHelp: boolean;
    isDebugMode: boolean;
    ssourl: string | null;
    backendUrl: string;
    notificationBackendUrl: string;
    websocketUrl: string;
    translations: Record<string, Record<string, string>>;
  };
  market: {
    feed: MarketFeedKind;
    intervalMs: number;
    /** Null: a random seed chosen at start-up. */
    seed: number | null;
    /** The CSV file the csv feed replays (absolute). */
    csvPath: string | null;
    /** How often an instance that does not run the feed tries to take it over. */
    lockRetryMs: number;
    /** The bearer key of the ingest endpoint; null disables the endpoint. */
    ingestKey: string | null;
    /** How often the price watchers look for prices they have not heard of (price-watch.ts). */
    watchIntervalMs: number;
  };
  realtime: {
    /** How often open websockets are checked for expired or revoked sessions. */
    sessionCheckMs: number;
    /** How often a keep-alive goes to every open websocket. */
    keepAliveMs: number;
  };
  purchase: {
    /** How long a quoted price holds (the spec's 5 minutes). */
    quoteLifetimeMs: number;
    /** How long the click desk takes to confirm an OTC click. */
    completionDelayMs: number;
    /** An in-progress click not completed this long after it was due expires. */
    completionTimeoutMs: number;
    /** How often the click desk looks for clicks to complete or expire. */
    deskIntervalMs: number;
    /** How long a click waits for a second user's approval. */
    approvalTimeoutMs: number;
    sms: {
      gateway: SmsGatewayKind;
      url: string | null;
      key: string | null;
      /** Development only: GET /rest/dev/sms-outbox lists the codes sent. */
      devOutbox: boolean;
    };
    /** Tests only: PUT /rest/dev/click-desk holds and releases the click desk. */
    deskTestControl: boolean;
  };
  mail: {
    /** The portal's address as users reach it: links in e-mails start with it (no trailing /). */
    publicUrl: string;
    /** null: the development outbox (modules/mail) instead of SMTP. */
    smtpUrl: string | null;
    from: string;
    /** Development only: GET /rest/dev/mail-outbox lists the e-mails kept. */
    devOutbox: boolean;
    /** The development outbox logs each e-mail's text; never with NODE_ENV=production. */
    logContent: boolean;
    /** A notification e-mail is given up (failed) after this many attempts. */
    maxAttempts: number;
    /** The wait after the first failed attempt; it doubles with every further one. */
    retryMs: number;
    /** The longest wait between two attempts. */
    retryMaxMs: number;
    /** How often the mail worker looks for e-mails that are due. */
    pollMs: number;
  };
  deadlineReminders: {
    /** How often the reminder job looks for click deadlines that come near. */
    intervalMs: number;
    /** A position is reminded of once its deadline is at most this many trading days away. */
    tradingDays: number;
  };
  /** The risk figures' model (docs/risk.md). */
  risk: {
    paths: number;
    seed: number;
    /** Trading days of daily closes the volatilities and correlations are estimated from. */
    windowDays: number;
    /** Fewer daily returns than this and the fallback below is used. */
    minReturns: number;
    /** Per year, e.g. 0.6 for 60%. */
    fallbackVolatilityPower: number;
    fallbackVolatilityGas: number;
    fallbackCorrelationPeakOffPeak: number;
    fallbackCorrelationPowerGas: number;
  };
  /** Single sign-on providers (SSO_PROVIDERS and SSO_<ID>_*), none by default. */
  sso: SsoConfig;
  secondFactor: {
    /** Administrators and account managers sign in with password and authenticator code. */
    staffRequired: boolean;
    /** AES-256-GCM key for TOTP secrets at rest; null keeps them unsealed. */
    totpKey: Buffer | null;
  };
  /** The machine API's access tokens and rate limit (docs/integrations.md). */
  apiTokens: {
    /** The tokens' iss; their aud is the same address followed by /rest. */
    issuer: string;
    lifetimeSeconds: number;
    /** HS256 key from API_TOKEN_SECRET; null: the one kept in the database. */
    secret: Buffer | null;
    /** Per client and instance: a bucket of burst requests refilled at perMinute. */
    rate: { perMinute: number; burst: number };
  };
  webhooks: {
    /** AES-256-GCM key for webhook signing secrets at rest; null keeps them unsealed. */
    encryptionKey: Buffer | null;
    /** NODE_ENV=production: endpoints must be https. */
    httpsRequired: boolean;
    attemptTimeoutMs: number;
    concurrency: number;
    pollMs: number;
  };
}

/** A start-up failure that names every variable with a wrong value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadConfigOptions {
  /** Relative paths resolve against the directory the command was started in. */
  cwd?: string;
  readTextFile?: (path: string) => string;
}

/** Reads and validates the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined>,
  options: LoadConfigOptions = {},
): Config {
  // npm -w runs the server in apps/server; INIT_CWD is where the user typed the command.
  const cwd = options.cwd ?? env.INIT_CWD ?? process.cwd();
  const readTextFile = options.readTextFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.LOGIN_LOCKOUT_AFTER < e.LOGIN_SLOWDOWN_AFTER) {
    problems.push('LOGIN_LOCKOUT_AFTER: must not be smaller than LOGIN_SLOWDOWN_AFTER');
  }
  const toPath = (path: string): string => (isAbsolute(path) ? path : resolve(cwd, path));

  let translations: Record<string, Record<string, string>> = {};
  if (e.KLIK_TRANSLATIONS_FILE) {
    const path = toPath(e.KLIK_TRANSLATIONS_FILE);
    try {
      const result = TranslationsSchema.safeParse(JSON.parse(readTextFile(path)));
      if (result.success) translations = result.data;
      else problems.push(`KLIK_TRANSLATIONS_FILE: ${path} must map each locale to key/text pairs`);
    } catch (error) {
      problems.push(`KLIK_TRANSLATIONS_FILE: cannot read ${path} as JSON (${String(error)})`);
    }
  }
  if (e.MARKET_FEED === 'csv' && !e.MARKET_FEED_CSV) {
    problems.push('MARKET_FEED_CSV: required when MARKET_FEED is csv');
  }
  if (e.SMS_GATEWAY === 'http' && !e.SMS_GATEWAY_URL) {
    problems.push('SMS_GATEWAY_URL: required when SMS_GATEWAY is http');
  }
  // Routes that reveal SMS codes or stop the click desk must not exist where money moves.
  if (e.NODE_ENV === 'production') {
    for (const name of [
      'SMS_DEV_OUTBOX',
      'MAIL_DEV_OUTBOX',
      'CLICK_DESK_TEST_CONTROL',
      'CLOCK_TEST_CONTROL',
    ] as const) {
      if (e[name]) problems.push(`${name}: not allowed with NODE_ENV=production`);
    }
  }
  if (e.METRICS_PORT === e.PORT) problems.push('METRICS_PORT: must differ from PORT');
  // The portal's address as users reach it: e-mail links and the single sign-on redirect.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const { sso, problems: ssoProblems } = readSsoConfig(env, publicUrl);
  problems.push(...ssoProblems, ...ssoUrlProblems(e.KLIK_SSO_URL, sso));
  if (e.METRICS === false && (e.METRICS_PORT !== 0 || e.METRICS_TOKEN !== null)) {
    problems.push('METRICS: is off, so METRICS_PORT and METRICS_TOKEN would do nothing');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // A production deployment shows its metrics and API description only when told to.
  const production = e.NODE_ENV === 'production';

  return {
    port: e.PORT,
    // The demo accounts share a public password: only this machine may reach them unless HOST says so.
    host: e.HOST ?? (e.SEED_DEMO ? '127.0.0.1' : '0.0.0.0'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metrics:
      (e.METRICS ?? (!production || e.METRICS_PORT !== 0 || e.METRICS_TOKEN !== null))
        ? { port: e.METRICS_PORT === 0 ? null : e.METRICS_PORT, token: e.METRICS_TOKEN }
        : null,
    docs: e.DOCS ?? !production,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: dataDirOf(e.DATA_DIR, toPath),
    redisUrl: e.REDIS_URL,
    redisChannelPrefix: e.REDIS_CHANNEL_PREFIX ?? channelPrefixOf(e.DATABASE_URL),
    seedDemo: e.SEED_DEMO,
    clockStart: e.CLOCK_START ? new Date(e.CLOCK_START) : null,
    clockTestControl: e.CLOCK_TEST_CONTROL,
    webDistDir: e.WEB_DIST_DIR ? toPath(e.WEB_DIST_DIR) : resolve(REPOSITORY_ROOT, 'apps/web/dist'),
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      cacheSeconds: e.SESSION_CACHE_SECONDS,
    },
    loginThrottle: {
      windowMinutes: e.LOGIN_THROTTLE_WINDOW_MINUTES,
      slowdownAfter: e.LOGIN_SLOWDOWN_AFTER,
      lockoutAfter: e.LOGIN_LOCKOUT_AFTER,
      slowdownMs: e.LOGIN_SLOWDOWN_MS,
      slowdownMaxMs: e.LOGIN_SLOWDOWN_MAX_MS,
    },
    web: {
      production: e.KLIK_PRODUCTION,
      title: e.KLIK_TITLE,
      favicon: e.KLIK_FAVICON,
      stylesheetUrl: e.KLIK_STYLESHEET_URL,
      locale: e.KLIK_LOCALE,
      currency: e.KLIK_CURRENCY,
      currencySymbol: e.KLIK_CURRENCY_SYMBOL,
      displayDisclaimer: e.KLIK_DISPLAY_DISCLAIMER,
      displayHelp: e.KLIK_DISPLAY_HELP,
      isDebugMode: e.KLIK_DEBUG,
      // With providers configured the web's own entry point starts the flow (modules/sso).
      ssourl: e.KLIK_SSO_URL ?? (sso.providers.length > 0 ? '/loginoauth' : null),
      backendUrl: e.KLIK_BACKEND_URL,
      notificationBackendUrl: e.KLIK_NOTIFICATION_BACKEND_URL,
      websocketUrl: e.KLIK_WEBSOCKET_URL,
      translations,
    },
    market: {
      feed: e.MARKET_FEED,
      intervalMs: e.MARKET_FEED_INTERVAL_MS,
      seed: e.MARKET_FEED_SEED,
      csvPath: e.MARKET_FEED_CSV ? toPath(e.MARKET_FEED_CSV) : null,
      lockRetryMs: e.MARKET_FEED_LOCK_RETRY_MS,
      ingestKey: e.MARKET_INGEST_KEY,
      watchIntervalMs: e.MARKET_WATCH_INTERVAL_MS,
    },
    realtime: {
      sessionCheckMs: e.WS_SESSION_CHECK_SECONDS * 1000,
      keepAliveMs: e.WS_KEEPALIVE_SECONDS * 1000,
    },
    purchase: {
      quoteLifetimeMs: e.QUOTE_LIFETIME_SECONDS * 1000,
      completionDelayMs: e.CLICK_COMPLETION_DELAY_SECONDS * 1000,
      completionTimeoutMs: e.CLICK_COMPLETION_TIMEOUT_MINUTES * 60_000,
      deskIntervalMs: e.CLICK_DESK_INTERVAL_SECONDS * 1000,
      approvalTimeoutMs: e.APPROVAL_TIMEOUT_MINUTES * 60_000,
      sms: {
        gateway: e.SMS_GATEWAY,
        url: e.SMS_GATEWAY_URL,
        key: e.SMS_GATEWAY_KEY,
        devOutbox: e.SMS_DEV_OUTBOX,
      },
      deskTestControl: e.CLICK_DESK_TEST_CONTROL,
    },
    mail: {
      publicUrl,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      devOutbox: e.MAIL_DEV_OUTBOX,
      logContent: !production,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryMs: e.MAIL_RETRY_SECONDS * 1000,
      retryMaxMs: e.MAIL_RETRY_MAX_MINUTES * 60_000,
      pollMs: e.MAIL_POLL_SECONDS * 1000,
    },
    deadlineReminders: {
      intervalMs: e.DEADLINE_REMINDER_INTERVAL_SECONDS * 1000,
      tradingDays: e.DEADLINE_REMINDER_TRADING_DAYS,
    },
    risk: {
      paths: e.RISK_PATHS,
      seed: e.RISK_SEED,
      windowDays: e.RISK_WINDOW_DAYS,
      minReturns: e.RISK_MIN_RETURNS,
      fallbackVolatilityPower: e.RISK_FALLBACK_VOLATILITY_POWER,
      fallbackVolatilityGas: e.RISK_FALLBACK_VOLATILITY_GAS,
      fallbackCorrelationPeakOffPeak: e.RISK_FALLBACK_CORRELATION_PEAK_OFFPEAK,
      fallbackCorrelationPowerGas: e.RISK_FALLBACK_CORRELATION_POWER_GAS,
    },
    sso,
    secondFactor: {
      staffRequired: e.ADMIN_SECOND_FACTOR === 'required',
      totpKey: e.TOTP_ENCRYPTION_KEY,
    },
    apiTokens: {
      issuer: publicUrl,
      lifetimeSeconds: e.API_TOKEN_MINUTES * 60,
      secret: e.API_TOKEN_SECRET,
      rate: { perMinute: e.API_RATE_PER_MINUTE, burst: e.API_RATE_BURST },
    },
    webhooks: {
      encryptionKey: e.WEBHOOK_ENCRYPTION_KEY,
      httpsRequired: production,
      attemptTimeoutMs: e.WEBHOOK_ATTEMPT_TIMEOUT_SECONDS * 1000,
      concurrency: e.WEBHOOK_CONCURRENCY,
      pollMs: e.WEBHOOK_POLL_MS,
    },
  };
}

/** `memory://` keeps PGlite in memory: a throw-away portal for demos and the browser tests. */
export const IN_MEMORY_DATA_DIR = 'memory://';

/** By default a deployment is its database: its name (or "klik" for the embedded one). */
function channelPrefixOf(databaseUrl: string | null): string {
  const name = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : '';
  return /^[A-Za-z0-9_.:-]{1,100}$/.test(name) ? `klik:${name}` : 'klik';
}

function dataDirOf(
  value: string | null | undefined,
  toPath: (path: string) => string,
): string | null {
  if (!value) return resolve(REPOSITORY_ROOT, 'data');
  return value === IN_MEMORY_DATA_DIR ? null : toPath(value);
}
