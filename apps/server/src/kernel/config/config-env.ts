import { z } from 'zod';
import { LocaleSchema } from '@klik/api';

// The environment variables the server reads, as a schema: how each is parsed, its default and
// its bounds. What they mean together (and the checks across them) is config.ts.

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

function flag(defaultValue: boolean) {
  return optionalFlag().transform((value) => value ?? defaultValue);
}

/** true, false, or null when unset: for a default that depends on other variables. */
function optionalFlag() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return null;
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: `expected true or false, got "${value}"` });
      return z.NEVER;
    });
}

function integer(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return defaultValue;
      const parsed = Number(value.trim());
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a whole number from ${min} to ${max}, got "${value}"`,
        });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A decimal number such as 0.6 between min and max (inclusive). */
function fraction(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return defaultValue;
      const parsed = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
      if (!(parsed >= min && parsed <= max)) {
        ctx.addIssue({ code: 'custom', message: `expected a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });
}

function text(defaultValue: string) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined ? defaultValue : value.trim()));
}

function optionalText() {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? null : value.trim()));
}

/** A key in canonical base64: exactly `bytes` long, or at least that with `atLeast`; null unset. */
function base64Key(bytes: number, atLeast = false) {
  return optionalText().transform((value, ctx) => {
    if (value === null) return null;
    const key = Buffer.from(value, 'base64');
    const fits = atLeast ? key.length >= bytes : key.length === bytes;
    if (!fits || key.toString('base64') !== value) {
      ctx.addIssue({
        code: 'custom',
        message: `expected ${atLeast ? 'at least ' : ''}${bytes} bytes in base64`,
      });
      return z.NEVER;
    }
    return key;
  });
}

function urlWithScheme(schemes: readonly string[]) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return null;
      let url: URL;
      try {
        url = new URL(value.trim());
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not a valid URL' });
        return z.NEVER;
      }
      if (!schemes.includes(url.protocol)) {
        ctx.addIssue({
          code: 'custom',
          message: `must start with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}`,
        });
        return z.NEVER;
      }
      return value.trim();
    });
}

/** Which price feed an instance runs (when it holds the feed lock). */
export const MARKET_FEEDS = ['simulated', 'csv', 'none'] as const;
export type MarketFeedKind = (typeof MARKET_FEEDS)[number];

/** How SMS codes leave the portal: the server log (development) or an HTTP provider. */
export const SMS_GATEWAYS = ['dev', 'http'] as const;
export type SmsGatewayKind = (typeof SMS_GATEWAYS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable the server reads. Each one is documented in docs/operations.md. */
export const EnvSchema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: optionalText(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: flag(false),
  SHUTDOWN_TIMEOUT_SECONDS: integer(8, 1, 600),
  METRICS: optionalFlag(),
  // 0: no port of its own, /metrics is served on PORT.
  METRICS_PORT: integer(0, 1, 65535),
  METRICS_TOKEN: optionalText().pipe(
    z.string().min(32, 'must be at least 32 characters long').nullable(),
  ),
  DOCS: optionalFlag(),
  DATABASE_URL: urlWithScheme(['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: integer(10, 1, 500),
  DATA_DIR: optionalText(),
  REDIS_URL: urlWithScheme(['redis:', 'rediss:']),
  REDIS_CHANNEL_PREFIX: optionalText().pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'use 1 to 100 letters, digits, "_", ".", ":" or "-"')
      .nullable(),
  ),
  SEED_DEMO: flag(true),
  CLOCK_START: optionalText().pipe(
    z
      .string()
      .refine((value) => !Number.isNaN(Date.parse(value)) && /[zZ]|[+-]\d\d:\d\d$/.test(value), {
        message: 'expected an ISO 8601 instant with its offset, e.g. 2026-11-23T11:00:00+01:00',
      })
      .nullable(),
  ),
  WEB_DIST_DIR: optionalText(),
  SESSION_IDLE_MINUTES: integer(30, 1, 24 * 60),
  SESSION_ABSOLUTE_HOURS: integer(12, 1, 24 * 30),
  SESSION_CACHE_SECONDS: integer(5, 0, 60),
  LOGIN_THROTTLE_WINDOW_MINUTES: integer(15, 1, 24 * 60),
  LOGIN_SLOWDOWN_AFTER: integer(5, 1, 1000),
  LOGIN_LOCKOUT_AFTER: integer(10, 1, 1000),
  LOGIN_SLOWDOWN_MS: integer(1000, 0, 60_000),
  LOGIN_SLOWDOWN_MAX_MS: integer(10_000, 0, 60_000),
  KLIK_PRODUCTION: flag(true),
  KLIK_TITLE: text('Klik').pipe(z.string().min(1, 'must not be empty')),
  KLIK_FAVICON: text('/favicon.svg').pipe(z.string().min(1, 'must not be empty')),
  KLIK_STYLESHEET_URL: optionalText(),
  KLIK_LOCALE: z
    .string()
    .optional()
    .transform((value) => value?.trim() || 'nl')
    .pipe(LocaleSchema),
  KLIK_CURRENCY: text('EUR').pipe(
    z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as EUR'),
  ),
  KLIK_CURRENCY_SYMBOL: text('€').pipe(z.string().min(1, 'must not be empty')),
  KLIK_DISPLAY_DISCLAIMER: flag(true),
  KLIK_DISPLAY_HELP: flag(true),
  KLIK_DEBUG: flag(false),
  KLIK_SSO_URL: optionalText(),
  KLIK_BACKEND_URL: text(''),
  KLIK_NOTIFICATION_BACKEND_URL: text('/rest'),
  KLIK_WEBSOCKET_URL: text('/ws').pipe(z.string().min(1, 'must not be empty')),
  KLIK_TRANSLATIONS_FILE: optionalText(),
  MARKET_FEED: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || 'simulated')
    .pipe(z.enum(MARKET_FEEDS, { message: 'expected simulated, csv or none' })),
  MARKET_FEED_INTERVAL_MS: integer(5000, 100, 3_600_000),
  MARKET_FEED_SEED: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return null;
      const parsed = Number(value.trim());
      if (!Number.isInteger(parsed) || parsed < 0 || parsed > 0xffffffff) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a whole number from 0 to 4294967295, got "${value}"`,
        });
        return z.NEVER;
      }
      return parsed;
    }),
  MARKET_FEED_CSV: optionalText(),
  MARKET_FEED_LOCK_RETRY_MS: integer(5000, 100, 600_000),
  MARKET_WATCH_INTERVAL_MS: integer(2000, 100, 600_000),
  MARKET_INGEST_KEY: optionalText().pipe(
    z.string().min(32, 'must be at least 32 characters long').nullable(),
  ),
  WS_SESSION_CHECK_SECONDS: integer(30, 1, 3600),
  WS_KEEPALIVE_SECONDS: integer(25, 1, 3600),
  QUOTE_LIFETIME_SECONDS: integer(300, 5, 3600),
  CLICK_COMPLETION_DELAY_SECONDS: integer(10, 0, 24 * 3600),
  CLICK_COMPLETION_TIMEOUT_MINUTES: integer(60, 1, 7 * 24 * 60),
  CLICK_DESK_INTERVAL_SECONDS: integer(5, 1, 3600),
  APPROVAL_TIMEOUT_MINUTES: integer(30, 1, 24 * 60),
  SMS_GATEWAY: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || 'dev')
    .pipe(z.enum(SMS_GATEWAYS, { message: 'expected dev or http' })),
  SMS_GATEWAY_URL: urlWithScheme(['http:', 'https:']),
  SMS_GATEWAY_KEY: optionalText(),
  SMS_DEV_OUTBOX: flag(false),
  CLICK_DESK_TEST_CONTROL: flag(false),
  CLOCK_TEST_CONTROL: flag(false),
  PUBLIC_URL: urlWithScheme(['http:', 'https:']),
  SMTP_URL: urlWithScheme(['smtp:', 'smtps:']),
  MAIL_FROM: text('Klik <no-reply@localhost>').pipe(z.string().min(1, 'must not be empty')),
  MAIL_DEV_OUTBOX: flag(false),
  MAIL_MAX_ATTEMPTS: integer(10, 1, 100),
  MAIL_RETRY_SECONDS: integer(30, 1, 86_400),
  MAIL_RETRY_MAX_MINUTES: integer(60, 1, 10_080),
  MAIL_POLL_SECONDS: integer(5, 1, 3600),
  DEADLINE_REMINDER_INTERVAL_SECONDS: integer(300, 10, 86_400),
  DEADLINE_REMINDER_TRADING_DAYS: integer(5, 1, 60),
  RISK_PATHS: integer(10_000, 100, 200_000),
  RISK_SEED: integer(29, 0, 2_147_483_647),
  RISK_WINDOW_DAYS: integer(120, 10, 1000),
  RISK_MIN_RETURNS: integer(60, 2, 1000),
  RISK_FALLBACK_VOLATILITY_POWER: fraction(0.6, 0.01, 5),
  RISK_FALLBACK_VOLATILITY_GAS: fraction(0.7, 0.01, 5),
  RISK_FALLBACK_CORRELATION_PEAK_OFFPEAK: fraction(0.9, -1, 1),
  RISK_FALLBACK_CORRELATION_POWER_GAS: fraction(0.6, -1, 1),
  ADMIN_SECOND_FACTOR: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || 'off')
    .pipe(z.enum(['off', 'required'], { message: 'expected off or required' })),
  TOTP_ENCRYPTION_KEY: base64Key(32),
  // Webhooks (docs/webhooks.md): secrets sealed under this key at rest when set; each attempt's
  // timeout; attempts under way at once; how often the worker looks for due deliveries.
  WEBHOOK_ENCRYPTION_KEY: optionalText().transform((value, ctx) => {
    if (value === null) return null;
    const key = Buffer.from(value, 'base64');
    if (key.length !== 32 || key.toString('base64') !== value) {
      ctx.addIssue({ code: 'custom', message: 'expected 32 bytes in base64' });
      return z.NEVER;
    }
    return key;
  }),
  WEBHOOK_ATTEMPT_TIMEOUT_SECONDS: integer(10, 1, 120),
  WEBHOOK_CONCURRENCY: integer(16, 1, 1000),
  WEBHOOK_POLL_MS: integer(1000, 10, 60_000),
  // The machine API (docs/integrations.md): access tokens' lifetime and signing key (HS256, at
  // least 32 bytes in base64; unset: a key kept in the database), each client's rate.
  API_TOKEN_MINUTES: integer(15, 1, 60),
  API_TOKEN_SECRET: base64Key(32, true),
  API_RATE_PER_MINUTE: integer(120, 1, 1_000_000),
  API_RATE_BURST: integer(60, 1, 1_000_000),
  NODE_ENV: optionalText(),
});

/** Texts whose keys may nest, as in a translation file of the spec's app. */
interface NestedTexts {
  [key: string]: string | NestedTexts;
}
const NestedTextsSchema: z.ZodType<NestedTexts> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), NestedTextsSchema])),
);

/** Nested keys joined with a dot: `{"internet explorer": {"part1": …}}` is `internet explorer.part1`. */
function flattenTexts(texts: NestedTexts, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]): [string, string][] => {
      const name = `${prefix}${key}`;
      return typeof value === 'string'
        ? [[name, value]]
        : Object.entries(flattenTexts(value, `${name}.`));
    }),
  );
}

/**
 * A deployment's own texts (KLIK_TRANSLATIONS_FILE): per locale, key/text pairs. Keys may also
 * nest as the spec names them (section 8: "key 'internet explorer' parts 1-3"), joined with dots.
 */
export const TranslationsSchema = z.record(
  z.string(),
  NestedTextsSchema.transform((texts) => flattenTexts(texts)),
);
