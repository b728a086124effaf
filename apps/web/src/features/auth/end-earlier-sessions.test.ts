import { afterEach, describe, expect, it, vi } from 'vitest';
import { endOnServer } from './end-earlier-sessions';

afterEach(() => {
  vi.useRealTimers();
});

describe('ending the earlier sessions on the server', () => {
  it('logs every token out and settles when all have answered, a failure only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const logout = vi.fn((token: string) =>
      token === 'bad' ? Promise.reject(new Error('down')) : Promise.resolve(),
    );
    await endOnServer({ logout }, ['own', 'bad']);
    expect(logout.mock.calls.map(([token]) => token)).toEqual(['own', 'bad']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after the limit, so a server that does not answer keeps no form away', async () => {
    vi.useFakeTimers();
    let settled = false;
    const ended = endOnServer({ logout: () => new Promise<void>(() => {}) }, ['token'], 3000).then(
      () => {
        settled = true;
      },
    );
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await ended;
    expect(settled).toBe(true);
  });
});
