import type { Db } from '../../db/database';

/** Whether clicking is paused; the single row exists from the first migration on. */
export async function readTradingStatus(db: Db): Promise<{ pauzeActive: boolean }> {
  const row = await db
    .selectFrom('trading_status')
    .select('pauze_active')
    .executeTakeFirstOrThrow();
  return { pauzeActive: row.pauze_active };
}
