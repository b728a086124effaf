/**
 * The portal's clock. Normally the machine's time. With a start instant (CLOCK_START) it starts
 * there and runs on in real time, so a demo, a training session or the browser tests can be held
 * inside the trading window at any hour; every module reads time through this one function.
 */
export function createClock(start: Date | null, machineNow: () => number = Date.now): () => Date {
  if (start === null) return () => new Date(machineNow());
  const offset = start.getTime() - machineNow();
  return () => new Date(machineNow() + offset);
}
