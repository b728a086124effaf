import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import { SingleProcessLock } from '../../kernel/jobs/leader-lock';
import { ClickDesk, type DeskRun } from './click-desk';

/** A desk whose passes are counted instead of reading a database. */
class CountedDesk extends ClickDesk {
  passes = 0;

  override async runOnce(): Promise<DeskRun> {
    this.passes += 1;
    return { completed: 0, expired: 0 };
  }
}

const INTERVAL_MS = 1_000;

function desk(): CountedDesk {
  return new CountedDesk({
    db: {} as Db,
    now: () => new Date(),
    flushEvents: async () => {},
    lock: new SingleProcessLock(),
    completionDelayMs: 3_000,
    completionTimeoutMs: 60_000,
    intervalMs: INTERVAL_MS,
    log: { info: () => {}, error: () => {} },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the click desk held for a browser test', () => {
  it('takes no pass of its own while held, whether its timer or a caller asks', async () => {
    vi.useFakeTimers();
    const held = desk();
    held.hold(true);
    held.start();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS * 5);
    await held.tick();
    expect(held.passes).toBe(0);

    held.hold(false);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS * 2);
    expect(held.passes).toBeGreaterThan(0);
    await held.stop();
  });
});
