import { sql } from 'kysely';
import type { ContractPartName, DecimalString, PlannedMonth } from '@klik/domain';
import type { Db } from '../../db/database';
import type { PartName } from '../../db/schema';

/*
 * The volume ledger's SQL: position_months (per contract, year, part and month: the contracted,
 * clicked and auto-clicked volume and the clicked cost) and click_months (each click's share of a
 * month, at its price). ledger.ts is how the rest of the portal writes it.
 */

/** One click's share of one month of one part. */
export interface LedgerLine {
  part: ContractPartName;
  month: number;
  volume: DecimalString;
  price: string;
}

/** The months' rows of a contract year, locked for this transaction. */
export async function lockLedgerMonths(
  trx: Db,
  contractRowId: number,
  yearOfSupply: number,
  months: readonly number[],
) {
  return trx
    .selectFrom('position_months')
    .select(['part', 'month', 'total_volume', 'clicked_volume'])
    .where('contract_id', '=', contractRowId)
    .where('year_of_supply', '=', yearOfSupply)
    .where('month', 'in', [...months])
    .forUpdate()
    .execute();
}

/** Records the click's month lines and adds them to the months' clicked volume and cost. */
export async function addClickToLedger(
  trx: Db,
  entry: { clickId: number; contractRowId: number; yearOfSupply: number; auto: boolean },
  lines: readonly LedgerLine[],
): Promise<void> {
  await trx
    .insertInto('click_months')
    .values(lines.map((line) => ({ click_id: entry.clickId, ...line })))
    .execute();
  const auto = entry.auto ? sql`v.volume` : sql`0`;
  await sql`
    update position_months pm set
      clicked_volume = pm.clicked_volume + v.volume,
      auto_clicked_volume = pm.auto_clicked_volume + ${auto},
      clicked_cost = pm.clicked_cost + v.volume * v.price
    from (values ${sql.join(
      lines.map(
        (line) =>
          sql`(${line.part}::text, ${line.month}::int, ${line.volume}::numeric, ${line.price}::numeric)`,
      ),
    )}) as v(part, month, volume, price)
    where pm.contract_id = ${entry.contractRowId} and pm.year_of_supply = ${entry.yearOfSupply}
      and pm.part = v.part and pm.month = v.month`.execute(trx);
}

/** Gives a rejected or expired click's volume back to the ledger. */
export async function releaseClickFromLedger(
  trx: Db,
  click: { id: number; contractRowId: number; yearOfSupply: number },
): Promise<void> {
  await sql`
    update position_months pm set
      clicked_volume = pm.clicked_volume - cm.volume,
      clicked_cost = pm.clicked_cost - cm.volume * cm.price
    from click_months cm
    where cm.click_id = ${click.id} and pm.contract_id = ${click.contractRowId}
      and pm.year_of_supply = ${click.yearOfSupply} and pm.part = cm.part
      and pm.month = cm.month`.execute(trx);
}

/** Re-prices a click's months (an ICE click at its fixing) and moves the ledger's cost with it. */
export async function repriceClickInLedger(
  trx: Db,
  click: { id: number; contractRowId: number; yearOfSupply: number },
  prices: readonly { part: PartName; price: DecimalString }[],
): Promise<void> {
  for (const { part, price } of prices) {
    await sql`
      update position_months pm set
        clicked_cost = pm.clicked_cost + cm.volume * (${price}::numeric - cm.price)
      from click_months cm
      where cm.click_id = ${click.id} and cm.part = ${part}
        and pm.contract_id = ${click.contractRowId} and pm.year_of_supply = ${click.yearOfSupply}
        and pm.part = cm.part and pm.month = cm.month`.execute(trx);
    await trx
      .updateTable('click_months')
      .set({ price })
      .where('click_id', '=', click.id)
      .where('part', '=', part)
      .execute();
  }
}

/**
 * Sets the contracted volume of each month of these contracts, as their contracts now plan it:
 * a month no longer planned leaves the ledger (the contract's checks allow that only for a month
 * without clicks), a planned one gets its total, and the clicked figures stay as they are.
 */
export async function setContractedVolumes(
  trx: Db,
  planned: readonly { contractRowId: number; months: readonly PlannedMonth[] }[],
): Promise<void> {
  if (planned.length === 0) return;
  const months = planned.flatMap(({ contractRowId, months }) =>
    months.map((month) => ({ contractRowId, ...month })),
  );
  const columns = [
    sql`${months.map((m) => m.contractRowId)}::int[]`,
    sql`${months.map((m) => m.part)}::text[]`,
    sql`${months.map((m) => m.yearOfSupply)}::int[]`,
    sql`${months.map((m) => m.month)}::int[]`,
  ];
  await sql`
    delete from position_months p
    where p.contract_id = any(${planned.map((p) => p.contractRowId)}::int[])
      and (p.contract_id, p.part, p.year_of_supply, p.month) not in (
        select * from unnest(${sql.join(columns)}))`.execute(trx);
  await sql`
    insert into position_months (contract_id, part, year_of_supply, month, total_volume)
    select * from unnest(${sql.join(columns)}, ${months.map((m) => m.totalVolume)}::numeric[])
    on conflict (contract_id, part, year_of_supply, month)
    do update set total_volume = excluded.total_volume
    where position_months.total_volume <> excluded.total_volume`.execute(trx);
}
