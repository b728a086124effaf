import { createHmac, randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../kernel/secrets/sealed-secret';

/*
 * Standard Webhooks (https://www.standardwebhooks.com, docs/webhooks.md): secrets, signatures and
 * the retry schedule. No I/O here; the worker and the service call it.
 */

const SECRET_PREFIX = 'whsec_';
// 32 random bytes: within the spec's 24 to 64, as its reference libraries generate them.
const SECRET_BYTES = 32;

/** A new signing secret, `whsec_` and the base64 of its random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256>` over `id.timestamp.body` with each
 * secret that is valid now (the current one, and the previous one during a rotation's overlap),
 * space separated, so a receiver that knows either accepts the delivery.
 */
export function webhookSignature(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`);
      return `v1,${mac.digest('base64')}`;
    })
    .join(' ');
}

/**
 * A secret as stored: sealed under WEBHOOK_ENCRYPTION_KEY when set, so a copy of the database
 * alone does not let anyone sign as Klik; as it is otherwise (docs/security.md).
 */
export function sealWebhookSecret(secret: string, key: Buffer | null): string {
  return sealSecret(secret, key);
}

export function openWebhookSecret(stored: string, key: Buffer | null): string {
  return openSecret(stored, key, { secret: 'webhook', keyName: 'WEBHOOK_ENCRYPTION_KEY' });
}

/** How long a delivery is retried before the endpoint is disabled (docs/webhooks.md). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How long the secret before a rotation is still signed with. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60_000;

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60 * 60_000;

/**
 * The wait after the nth failed attempt (1, 2, …): 5 s, 25 s, 2 min, 10 min, 52 min, 4.3 h, then
 * 5 h, each ±20 % at random, so endpoints that failed together do not come back together.
 * `random` is in [0, 1).
 */
export function retryDelayMs(failedAttempts: number, random: number): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 5 ** Math.max(0, failedAttempts - 1));
  return Math.round(base * (0.8 + 0.4 * random));
}
