import type { Maturity } from '@klik/domain';
import type { Db } from '../db/database';
import type { ClickStatus } from '../db/schema';
import { applyClickToLedger, type ClickPartVolume } from '../modules/positions/ledger';

/*
 * A click written as the click itself would have left it, without the click's rules: the click
 * row and, once completed, its volume in the positions ledger. The demo seed, the test builders
 * and the benchmarks' seeds use it to set a history up.
 */

export interface RecordedClick {
  contractRowId: number;
  yearOfSupply: number;
  maturity: Maturity;
  status: ClickStatus;
  auto: boolean;
  market: 'OTC' | 'ICE';
  createdAt: Date;
  completedAt: Date | null;
  createdBy: number | null;
  parts: readonly ClickPartVolume[];
}

/**
 * Records a click, in the caller's transaction. A completed click is written to the ledger at
 * once (applyClickToLedger); a pending one only records that it is pending (DC_31), and is
 * written to the ledger when it completes.
 */
export async function recordClick(trx: Db, click: RecordedClick): Promise<number> {
  const { id } = await trx
    .insertInto('clicks')
    .values({
      contract_id: click.contractRowId,
      year_of_supply: click.yearOfSupply,
      maturity: click.maturity,
      status: click.status,
      auto: click.auto,
      market: click.market,
      created_at: click.createdAt,
      completed_at: click.completedAt,
      created_by: click.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (click.status === 'COMPLETED') {
    await applyClickToLedger(trx, {
      clickId: id,
      contractRowId: click.contractRowId,
      yearOfSupply: click.yearOfSupply,
      maturity: click.maturity,
      auto: click.auto,
      parts: click.parts,
    });
  }
  return id;
}
