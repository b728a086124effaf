/**
 * The portal's time as the browser sees it. What ages on screen (a price's age, the days left to a
 * deadline, a year that has passed) must agree with the server, which decides clickability by its
 * own clock: a customer's computer whose clock is off by an hour must not show a deadline the
 * server has not yet passed, or a fresh price as an hour old. The offset is learned once at start
 * from the server's time (GET /healthz answers `now`), taking the middle of the request as the
 * instant the server answered.
 */
let offsetMs = 0;

/** The server's time now, in milliseconds since the epoch. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Learns the offset from the server's time and when the request left and its answer came. */
export function learnServerTime(serverTime: string, sentAt: number, receivedAt: number): void {
  const server = Date.parse(serverTime);
  if (Number.isFinite(server)) offsetMs = server - (sentAt + receivedAt) / 2;
}

/**
 * Asks the server its time. Never fails: without an answer the browser's own clock is used, as
 * it was before.
 */
export async function syncServerClock(fetchFn: typeof fetch): Promise<void> {
  try {
    const sentAt = Date.now();
    const response = await fetchFn('/healthz', { headers: { accept: 'application/json' } });
    const receivedAt = Date.now();
    if (!response.ok) return;
    const body = (await response.json()) as { now?: unknown };
    if (typeof body.now === 'string') learnServerTime(body.now, sentAt, receivedAt);
  } catch {
    // The browser's clock stands in.
  }
}

/** For tests: back to the browser's own clock. */
export function resetServerClock(): void {
  offsetMs = 0;
}
