import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaderLock } from './leader-lock';
import { LEADER_RETRY_MS, LeaderLoop } from './leader-loop';

/** One lock shared by the loops of a test, as the database's advisory lock is by instances. */
class SharedLock {
  holder: object | null = null;

  for(owner: object): LeaderLock & { lose(): void } {
    let lost = () => {};
    return {
      tryAcquire: async () => {
        if (this.holder === null) this.holder = owner;
        return this.holder === owner;
      },
      release: async () => {
        if (this.holder === owner) this.holder = null;
      },
      onLost: (handler) => {
        lost = handler;
      },
      lose: () => {
        if (this.holder === owner) this.holder = null;
        lost();
      },
    };
  }
}

const quiet = { info: () => {}, error: () => {} };

afterEach(() => {
  vi.useRealTimers();
});

describe('a job run on one instance', () => {
  it('stops only after the round under way has finished, and then lets the lock go', async () => {
    const shared = new SharedLock();
    let finish = () => {};
    let finished = false;
    const loop = new LeaderLoop({
      name: 'test job',
      lock: shared.for({}),
      intervalMs: 1000,
      round: () =>
        new Promise<number>((resolve) => {
          finish = () => {
            finished = true;
            resolve(1);
          };
        }),
      idle: () => 0,
      log: quiet,
    });
    const round = loop.tick();
    await vi.waitFor(() => expect(loop.leading).toBe(true));
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toBe(true);
    expect(await round).toBe(1);
    expect(shared.holder).toBeNull();
  });

  it('is taken over by another instance within LEADER_RETRY_MS, however long its interval', async () => {
    vi.useFakeTimers();
    const shared = new SharedLock();
    const first = shared.for({});
    const loop = (lock: LeaderLock) =>
      new LeaderLoop({
        name: 'test job',
        lock,
        intervalMs: 300_000,
        round: async () => 1,
        idle: () => 0,
        log: quiet,
      });
    const leader = loop(first);
    const follower = loop(shared.for({}));
    expect(await leader.tick()).toBe(1);
    follower.start();
    await vi.advanceTimersByTimeAsync(LEADER_RETRY_MS);
    expect(follower.leading).toBe(false);

    // The leader's connection dies: its lock goes with it.
    first.lose();
    expect(leader.leading).toBe(false);
    await vi.advanceTimersByTimeAsync(LEADER_RETRY_MS);
    expect(follower.leading).toBe(true);
    await follower.stop();
  });
});
