/**
 * The portal's clock. Normally the machine's time. With a start instant (CLOCK_START) it starts
 * there and runs on in real time, so a demo, a training session or the browser tests can be held
 * inside the trading window at any hour; every module reads time through this one function.
 */
export function createClock(start: Date | null, machineNow: () => number = Date.now): () => Date {
  return createShiftableClock(start, machineNow).now;
}

/** The portal's clock with a hand that the browser tests may move forward (CLOCK_TEST_CONTROL). */
export interface ShiftableClock {
  now: () => Date;
  /** Moves the clock forward; it runs on in real time from there. */
  advance: (ms: number) => void;
}

export function createShiftableClock(
  start: Date | null,
  machineNow: () => number = Date.now,
): ShiftableClock {
  let offset = start === null ? 0 : start.getTime() - machineNow();
  return {
    now: () => new Date(machineNow() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
