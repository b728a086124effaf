// After a run, in the cluster's database: no position holds more clicked than total volume, the
// ledger equals the volume of the clicks that hold volume, and no position was clicked twice
// (every click of the run is on a position of its own, so two clicks on one would be one click
// executed twice).
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';
import { volumeInvariant } from '../clicks/volume-invariant';

export interface VolumeCheck {
  /** Months whose clicked volume exceeds their total volume. */
  overfilledMonths: number;
  /** Ledger minus the volume of clicks that hold volume: 0 when they agree. */
  ledgerMinusClicks: number;
  /** Clicks stored. */
  clicks: number;
  /** Positions (contract, year, maturity) with more than one click. */
  positionsClickedTwice: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the click desk has completed every click (CLICK_COMPLETION_DELAY_SECONDS after its
 * execution), at most `limitMs`; answers how many are still in progress. Stopping the cluster
 * with clicks under way would only test its shutdown.
 */
export async function clicksSettled(db: Db, limitMs: number): Promise<number> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const row = await db
      .selectFrom('clicks')
      .select((eb) => eb.fn.countAll<string>().as('open'))
      .where('status', '=', 'IN_PROGRESS')
      .executeTakeFirstOrThrow();
    const open = Number(row.open);
    if (open === 0 || Date.now() > deadline) return open;
    await wait(500);
  }
}

export async function checkVolumes(db: Db): Promise<VolumeCheck> {
  const { overfilledMonths, ledgerMinusClicks } = await volumeInvariant(db);
  const result = await sql<{ clicks: string; twice: string }>`
    select (select count(*) from clicks)::text as clicks,
      (select count(*) from (select 1 from clicks
        group by contract_id, year_of_supply, maturity having count(*) > 1) twice)::text as twice`.execute(
    db,
  );
  const row = result.rows[0];
  return {
    overfilledMonths,
    ledgerMinusClicks: Number(ledgerMinusClicks),
    clicks: Number(row?.clicks),
    positionsClickedTwice: Number(row?.twice),
  };
}
