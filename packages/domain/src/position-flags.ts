import type { DisableClickReason } from './disable-reasons';
import type { Period } from './maturity';
import { periodsOverlap } from './overlap';

/** A position's clickability as the web keeps it between updates. */
export interface StoredPosition extends Period {
  clickable: boolean;
  disableClickReason: DisableClickReason | null;
}

/**
 * Right after a purchase, every stored position overlapping the clicked one (same year, overlapping
 * maturity, the clicked one included) becomes not clickable with DC_31 until fresh data arrives.
 */
export function flagPendingAfterPurchase<T extends StoredPosition>(
  positions: readonly T[],
  clicked: Period,
): T[] {
  return positions.map((position) =>
    periodsOverlap(position, clicked)
      ? { ...position, clickable: false, disableClickReason: 'DC_31' }
      : position,
  );
}

/** At login every stored position becomes not clickable with DC_37 until its data is loaded. */
export function flagLoadingAtLogin<T extends StoredPosition>(positions: readonly T[]): T[] {
  return positions.map((position) => ({
    ...position,
    clickable: false,
    disableClickReason: 'DC_37',
  }));
}

/** The key of a position in the set of positions waiting for a price. */
export function positionKey(contractId: string, period: Period): string {
  return `${contractId}/${period.yearOfSupply}/${period.maturity}`;
}

/**
 * Keeps the set of positions that have no price yet (DC_23): an update that makes a position not
 * clickable with DC_23 adds it; an update that makes it clickable removes it; any other update
 * leaves the set as it is. Returns a new set when it changes, the same set otherwise.
 */
export function trackNoPriceYet(
  waiting: ReadonlySet<string>,
  key: string,
  update: { clickable: boolean; disableClickReason: DisableClickReason | null },
): ReadonlySet<string> {
  if (!update.clickable && update.disableClickReason === 'DC_23' && !waiting.has(key)) {
    return new Set([...waiting, key]);
  }
  if (update.clickable && waiting.has(key)) {
    const next = new Set(waiting);
    next.delete(key);
    return next;
  }
  return waiting;
}
