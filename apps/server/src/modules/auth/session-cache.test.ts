import { describe, expect, it } from 'vitest';
import type { SessionWithUsers } from '../../kernel/sessions/sessions.repository';
import { SessionCache } from './session-cache';

function aSession(id: number): SessionWithUsers {
  return {
    id,
    readOnly: false,
    lastUsedAt: new Date('2026-11-23T10:00:00Z'),
    absoluteExpiresAt: new Date('2026-11-23T22:00:00Z'),
    revokedAt: null,
    user: {
      id: 7,
      username: 'customer',
      name: 'Eva Jansen',
      role: 'customer',
      locale: 'nl',
      allow_tpi_page: false,
      click_authorized: true,
      disabled: false,
    },
    impersonator: null,
  } as SessionWithUsers;
}

describe('the session cache', () => {
  it('serves a session for its lifetime and not a moment longer', () => {
    const cache = new SessionCache(5000);
    cache.keep('a', aSession(1), 1000);
    expect(cache.get('a', 5999)?.id).toBe(1);
    expect(cache.get('a', 6000)).toBeUndefined();
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('drops an entry when the clock went backwards', () => {
    const cache = new SessionCache(5000);
    cache.keep('a', aSession(1), 1000);
    expect(cache.get('a', 999)).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const cache = new SessionCache(0);
    cache.keep('a', aSession(1), 1000);
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('forgets by token and by session id', () => {
    const cache = new SessionCache(5000);
    cache.keep('a', aSession(1), 1000);
    cache.keep('b', aSession(2), 1000);
    cache.keep('c', aSession(3), 1000);
    cache.forget('a');
    cache.forgetSessions([3]);
    expect(cache.get('a', 1001)).toBeUndefined();
    expect(cache.get('b', 1001)?.id).toBe(2);
    expect(cache.get('c', 1001)).toBeUndefined();
  });

  it('records use, so idle expiry is judged from the last use', () => {
    const cache = new SessionCache(5000);
    cache.keep('a', aSession(1), 1000);
    const used = new Date('2026-11-23T10:05:00Z');
    cache.touched('a', used);
    expect(cache.get('a', 1001)?.lastUsedAt).toEqual(used);
  });

  it('holds at most its maximum, dropping the oldest', () => {
    const cache = new SessionCache(5000, 2);
    cache.keep('a', aSession(1), 1000);
    cache.keep('b', aSession(2), 1000);
    cache.keep('c', aSession(3), 1000);
    expect(cache.get('a', 1001)).toBeUndefined();
    expect(cache.get('b', 1001)?.id).toBe(2);
    expect(cache.get('c', 1001)?.id).toBe(3);
  });
});
