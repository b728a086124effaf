import { createHash, timingSafeEqual } from 'node:crypto';
import { tokenFromAuthorizationHeader } from '../../kernel/auth/session-token';

/**
 * Whether an Authorization header carries the ingest key. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or content of the guess.
 */
export function hasIngestKey(header: string | undefined, key: string): boolean {
  const presented = tokenFromAuthorizationHeader(header) ?? '';
  const left = createHash('sha256').update(presented, 'utf8').digest();
  const right = createHash('sha256').update(key, 'utf8').digest();
  return timingSafeEqual(left, right) && presented.length > 0;
}
