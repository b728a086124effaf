/** Whole seconds left until an instant, never below 0 (rounded up: 0.2 s left is still 1 s). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "4:05": minutes and seconds. */
export function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The moments a screen reader hears the time left: each whole minute, then 30 and 10 seconds.
 * Saying it every second would drown out everything else on the screen.
 */
export const ANNOUNCE_AT_SECONDS = [240, 180, 120, 60, 30, 10] as const;

/** The announcement due at this many seconds left: the last moment passed, or null before any. */
export function announcementMoment(seconds: number): number | null {
  if (seconds <= 0) return 0;
  let due: number | null = null;
  for (const moment of ANNOUNCE_AT_SECONDS) if (seconds <= moment) due = moment;
  return due;
}
