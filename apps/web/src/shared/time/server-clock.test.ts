import { afterEach, describe, expect, it, vi } from 'vitest';
import { learnServerTime, resetServerClock, serverNow, syncServerClock } from './server-clock';

afterEach(() => {
  resetServerClock();
  vi.useRealTimers();
});

describe('the server clock', () => {
  it('is the browser clock corrected by the server time at the middle of the request', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T10:00:00Z') });
    // Sent at 09:59:59.800, answered at 10:00:00.200: the server said 2026-11-23 11:00 then.
    learnServerTime(
      '2026-11-23T11:00:00.000Z',
      Date.parse('2026-11-25T09:59:59.800Z'),
      Date.parse('2026-11-25T10:00:00.200Z'),
    );
    expect(new Date(serverNow()).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    vi.advanceTimersByTime(90_000);
    expect(new Date(serverNow()).toISOString()).toBe('2026-11-23T11:01:30.000Z');
  });

  it('learns the time from /healthz, and keeps the browser clock when the server does not say', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T10:00:00Z') });
    const answering = vi.fn(async () =>
      Response.json({ status: 'ok', now: '2026-11-25T10:05:00.000Z' }),
    );
    await syncServerClock(answering as unknown as typeof fetch);
    expect(answering).toHaveBeenCalledWith('/healthz', expect.anything());
    expect(new Date(serverNow()).toISOString()).toBe('2026-11-25T10:05:00.000Z');

    resetServerClock();
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    });
    await syncServerClock(failing as unknown as typeof fetch);
    await syncServerClock((async () => new Response('', { status: 503 })) as typeof fetch);
    await syncServerClock((async () => Response.json({ now: 'not a time' })) as typeof fetch);
    expect(new Date(serverNow()).toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });
});
