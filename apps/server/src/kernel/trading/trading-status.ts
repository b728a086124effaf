import type { Db } from '../../db/database';

/** Whether clicking is paused; the single row exists from the first migration on. */
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
