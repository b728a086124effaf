import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the operating system's CSPRNG, URL-safe so it fits the websocket path. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database holds no usable tokens. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Accepts `Bearer <token>` and the bare token (spec section 7). */
export function tokenFromAuthorizationHeader(header: string | undefined): string | null {
  if (!header) return null;
  const trimmed = header.trim();
  const bearer = /^bearer\s+(.+)$/i.exec(trimmed);
  const token = (bearer ? bearer[1] : trimmed)?.trim();
  return token ? token : null;
}
