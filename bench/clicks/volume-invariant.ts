import type { Db } from '../../apps/server/src/db/database';
import { ledgerInvariant } from '../../apps/server/test/race-app';

/**
 * The volume invariant of every bench that clicks (bench:clicks, bench:orders, bench:cluster), as
 * the race tests ask it of the database: no month holds more clicked than total volume, and the
 * ledger equals the volume of the clicks that hold volume (a difference of 0).
 */
export async function volumeInvariant(
  db: Db,
): Promise<{ overfilledMonths: number; ledgerMinusClicks: string }> {
  const { overfilled, mismatch } = await ledgerInvariant(db);
  return { overfilledMonths: Number(overfilled), ledgerMinusClicks: mismatch };
}
