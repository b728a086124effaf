/**
 * A quoted price older than this many minutes is shown with its age. OTC quotes move every few
 * minutes during trading hours, so a quarter of an hour without a new one means the figure on
 * screen may no longer be what a click would fix; the click itself always takes a fresh quote.
 */
export const PRICE_STALE_AFTER_MINUTES = 15;

export type PriceAgeUnit = 'minutes' | 'hours' | 'days';

/** How old a price is, in whole units of the largest unit that fits (e.g. 2 hours, not 135 min). */
export interface PriceAge {
  unit: PriceAgeUnit;
  value: number;
}

const MINUTE_MS = 60_000;

/**
 * The age of a price quoted at `quotedAt` (ISO instant) as seen at `now` (epoch ms), or null when
 * it is not stale: unknown, in the future (clock skew) or younger than PRICE_STALE_AFTER_MINUTES.
 */
export function stalePriceAge(quotedAt: string | null, now: number): PriceAge | null {
  if (quotedAt === null) return null;
  const quoted = Date.parse(quotedAt);
  if (Number.isNaN(quoted)) return null;
  const minutes = Math.floor((now - quoted) / MINUTE_MS);
  if (minutes < PRICE_STALE_AFTER_MINUTES) return null;
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', value: hours };
  return { unit: 'days', value: Math.floor(hours / 24) };
}
