import type { Db } from '../../db/database';

/*
 * The trading status: whether clicking is paused for every customer. The kernel owns the
 * trading_status table (one row, from the first migration on); the trading module changes it
 * (audited, announced), every click path reads it. SQL that prices in one statement may read the
 * row inline (positions_scope, the click's position state); nothing else writes it.
 */

/** Whether clicking is paused, for the start-up call and the screens. */
export async function readTradingStatus(db: Db): Promise<{ pauzeActive: boolean }> {
  const row = await db
    .selectFrom('trading_status')
    .select('pauze_active')
    .executeTakeFirstOrThrow();
  return { pauzeActive: row.pauze_active };
}

/**
 * Sets the pause flag in the caller's transaction and answers the flag it had before. The row
 * lock orders concurrent changes, so their tradingStatusUpdate events leave in the same order.
 */
export async function writeTradingStatus(
  trx: Db,
  pauzeActive: boolean,
  by: number,
  at: Date,
): Promise<{ previous: boolean }> {
  const before = await trx
    .selectFrom('trading_status')
    .select('pauze_active')
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('trading_status')
    .set({ pauze_active: pauzeActive, updated_at: at, updated_by: by })
    .execute();
  return { previous: before.pauze_active };
}

/** Whether clicking is paused, read in the caller's transaction (the four eyes' approval). */
export async function isPaused(db: Db): Promise<boolean> {
  return (await readTradingStatus(db)).pauzeActive;
}
