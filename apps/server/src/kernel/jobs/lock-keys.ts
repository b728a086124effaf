/*
 * Every PostgreSQL advisory lock the portal takes, in one registry, so no two jobs can share a
 * key by accident (docs/decisions/013-one-registry-of-lock-keys.md). A key is "KLIK" (0x4b4c494b)
 * followed by one byte; the byte's high nibble groups them: 0x0_ the trading core, 0x1_ mail,
 * reminders and the import, 0x2_ the watchers of the customer's plan, 0x3_ integrations.
 */

/**
 * Single-key locks (bigint). A leader lock (PgAdvisoryLock, a session lock on its own
 * connection) keeps a job on one instance; a transaction lock (pg_advisory_xact_lock) orders
 * one kind of change across instances.
 */
export const LOCK_KEYS = {
  /** Leader: the market feed (kernel/jobs, modules/market). */
  marketFeed: 0x4b4c494b01n,
  /** Leader: the click desk, which completes and expires clicks (modules/purchase). */
  clickDesk: 0x4b4c494b02n,
  /** Transaction: a round of the event outbox's relay (kernel/events). */
  eventOutbox: 0x4b4c494b03n,
  /** Transaction: terms are published one at a time, so two cannot take one version number. */
  terms: 0x4b4c494b04n,
  /** Transaction: the demo data is written by one instance when several start at once (demo/). */
  demoSeed: 0x4b4c494b05n,
  /** Leader: the mail worker (modules/mail). */
  mailWorker: 0x4b4c494b10n,
  /** Leader: the deadline reminders (modules/notifications). */
  deadlineReminders: 0x4b4c494b11n,
  /**
   * Transaction: contract imports one at a time; two at once would each plan against what the
   * other is about to change (modules/contracts).
   */
  contractImport: 0x4b4c494b14n,
  /** Leader: the price alerts' watcher (modules/price-alerts). */
  priceAlerts: 0x4b4c494b20n,
  /** Leader: the budget watcher (modules/budgets). */
  budgetWatch: 0x4b4c494b21n,
  /** Leader: the standing orders' watcher (modules/standing-orders). */
  standingOrders: 0x4b4c494b22n,
  /** Leader: the hedge policy check (modules/hedge-policies). */
  hedgePolicyChecks: 0x4b4c494b23n,
  /** Leader: the webhook delivery worker (modules/integrations). */
  webhookWorker: 0x4b4c494b30n,
} as const;

/**
 * Two-key locks (int4 namespace, hashtext(key)): one lock per account, so that counting attempts
 * and refusing the next one is one step. "KLK" (0x4b4c4b) followed by one byte; a two-key lock
 * never meets a single-key one in PostgreSQL's lock space.
 */
export const LOCK_NAMESPACES = {
  /** The sign-in throttle, per username (modules/auth). */
  loginThrottle: 0x4b4c_4b01,
  /** The password reset throttle, per account key (modules/password-reset). */
  passwordReset: 0x4b4c_4b02,
} as const;
