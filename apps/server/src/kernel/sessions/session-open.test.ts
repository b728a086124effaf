import { describe, expect, it } from 'vitest';
import { hasSessionExpired, idleCutoff } from './session-open';

const at = new Date('2026-11-28T10:00:00Z');
const minutes = (n: number) => new Date(at.getTime() + n * 60_000);

describe('when a session is open', () => {
  it('ends when it has been idle for exactly the idle minutes, not a millisecond before', () => {
    const session = { lastUsedAt: minutes(-30), absoluteExpiresAt: minutes(600) };
    expect(hasSessionExpired(session, at, 30)).toBe(true);
    const justUsed = { ...session, lastUsedAt: new Date(minutes(-30).getTime() + 1) };
    expect(hasSessionExpired(justUsed, at, 30)).toBe(false);
    expect(idleCutoff(at, 30)).toEqual(minutes(-30));
  });

  it('ends at its absolute end however recently it was used', () => {
    expect(hasSessionExpired({ lastUsedAt: at, absoluteExpiresAt: at }, at, 30)).toBe(true);
    expect(hasSessionExpired({ lastUsedAt: at, absoluteExpiresAt: minutes(1) }, at, 30)).toBe(
      false,
    );
  });
});
