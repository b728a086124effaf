import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * An API client's credentials (docs/integrations.md). The public id and the secret carry a
 * prefix so secret scanners and people can tell them apart. The secret is 256 bits from the
 * operating system's CSPRNG; only its SHA-256 is stored. A password hash (argon2) would add
 * nothing here: it slows guessing of low-entropy secrets, and no guess finds 256 random bits.
 */

export function newClientId(): string {
  return `kc_${randomBytes(12).toString('hex')}`;
}

export function newClientSecret(): string {
  return `ks_${randomBytes(32).toString('base64url')}`;
}

export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

// Compared with when no client has the id asked for, so an unknown id costs the same work.
const NO_CLIENT_HASH = hashClientSecret(newClientSecret());

/** Whether the secret is the one whose hash is stored, in constant time. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  const presented = Buffer.from(hashClientSecret(secret), 'hex');
  const expected = Buffer.from(storedHash ?? NO_CLIENT_HASH, 'hex');
  return timingSafeEqual(presented, expected) && storedHash !== null;
}
