import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * A secret the server must read back (an authenticator app's, a webhook's signing secret), as
 * stored: sealed with AES-256-GCM under a configured key (`v1:<iv>:<tag>:<ciphertext>`, a random
 * 96-bit IV each), so a copy of the database alone does not give it away; without a key as it is
 * (`plain:<secret>`), which stays readable once a key is set later (docs/security.md).
 */

const SEALED = 'v1';
const PLAIN = 'plain';

export function sealSecret(secret: string, key: Buffer | null): string {
  if (!key) return `${PLAIN}:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [SEALED, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64'))].join(
    ':',
  );
}

/**
 * Opens a stored secret; throws when it is unreadable, or sealed and the key (named `keyName` in
 * the message, e.g. TOTP_ENCRYPTION_KEY) is missing or another one.
 */
export function openSecret(
  stored: string,
  key: Buffer | null,
  what: { secret: string; keyName: string },
): string {
  const [kind, ...parts] = stored.split(':');
  if (kind === PLAIN && parts.length === 1) return parts[0] as string;
  if (kind !== SEALED || parts.length !== 3) throw new Error(`Unreadable ${what.secret} secret`);
  if (!key) throw new Error(`A ${what.secret} secret is sealed but ${what.keyName} is not set`);
  const [iv, tag, sealed] = parts.map((part) => Buffer.from(part, 'base64')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
