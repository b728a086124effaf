/**
 * Passes values on at most once per interval. The first value goes through at once; one that
 * comes sooner waits until the interval has passed, and only the latest of those is passed on
 * then, so the last word is never lost (a resume right after a pause still arrives).
 */
export function createLatestThrottle<T>(intervalMs: number, deliver: (value: T) => void) {
  let lastDelivered: number | null = null;
  let waiting: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush(): void {
    timer = null;
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    lastDelivered = Date.now();
    deliver(value);
  }

  return {
    offer(value: T): void {
      const now = Date.now();
      if (timer === null && (lastDelivered === null || now - lastDelivered >= intervalMs)) {
        lastDelivered = now;
        deliver(value);
        return;
      }
      waiting = { value };
      if (timer === null && lastDelivered !== null) {
        timer = setTimeout(flush, lastDelivered + intervalMs - now);
      }
    },
    /** Drops a waiting value, e.g. when the client stops for good. */
    cancel(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      waiting = null;
    },
  };
}
