import Decimal from 'decimal.js';
import { sql } from 'kysely';
import {
  fromDec,
  monthsOf,
  toDec,
  VOLUME_DECIMALS,
  type ContractPartName,
  type DecimalString,
  type Maturity,
} from '@klik/domain';
import type { Db } from '../../db/database';
import type { ClickStatus } from '../../db/schema';

export interface ClickPartVolume {
  part: ContractPartName;
  /** MWh to fix; spread over the maturity's months. */
  volume: DecimalString;
  /** The click price, EUR/MWh. */
  price: DecimalString;
}

export interface NewClick {
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
 * Splits a volume over months in proportion to each month's open volume, exact at kWh
 * resolution: month i gets the rounded-down running share up to i minus that before it, the
 * last running share being the volume itself. No month gets more than it has open.
 */
export function spreadOverOpenVolume(
  volume: DecimalString,
  openPerMonth: readonly DecimalString[],
): DecimalString[] {
  const total = toDec(volume);
  const open = openPerMonth.map(toDec);
  const openTotal = open.reduce((acc, value) => acc.plus(value), toDec('0'));
  if (total.gt(openTotal)) throw new RangeError(`Volume ${volume} exceeds the open ${openTotal}`);
  let cumulativeOpen = toDec('0');
  let previous = toDec('0');
  return open.map((monthOpen, index) => {
    cumulativeOpen = cumulativeOpen.plus(monthOpen);
    const running =
      index === open.length - 1
        ? total
        : total
            .times(cumulativeOpen)
            .div(openTotal)
            .toDecimalPlaces(VOLUME_DECIMALS, Decimal.ROUND_DOWN);
    const share = running.minus(previous);
    previous = running;
    return fromDec(share);
  });
}

/** What a completed click writes to the ledger. */
export interface LedgerEntry {
  clickId: number;
  contractRowId: number;
  yearOfSupply: number;
  maturity: Maturity;
  auto: boolean;
  parts: readonly ClickPartVolume[];
}

/**
 * Writes a completed click to the ledger, in the caller's transaction: each part's volume is
 * spread over the maturity's months in proportion to their open volume (click_months) and added
 * to those months' position rows. The month rows are locked first; a volume above what is open
 * is refused here (RangeError) and by the table's CHECK constraints.
 */
export async function applyClickToLedger(trx: Db, entry: LedgerEntry): Promise<void> {
  const months = monthsOf(entry.maturity);
  const rows = await trx
    .selectFrom('position_months')
    .select(['part', 'month', 'total_volume', 'clicked_volume'])
    .where('contract_id', '=', entry.contractRowId)
    .where('year_of_supply', '=', entry.yearOfSupply)
    .where('month', 'in', [...months])
    .forUpdate()
    .execute();
  const lines: { part: ContractPartName; month: number; volume: DecimalString; price: string }[] =
    [];
  for (const part of entry.parts) {
    const open = months.map((month) => {
      const row = rows.find((r) => r.part === part.part && r.month === month);
      return row ? fromDec(toDec(row.total_volume).minus(toDec(row.clicked_volume))) : '0';
    });
    spreadOverOpenVolume(part.volume, open).forEach((volume, index) => {
      if (toDec(volume).gt(0)) {
        lines.push({ part: part.part, month: months[index] as number, volume, price: part.price });
      }
    });
  }
  if (lines.length === 0) return;
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

/**
 * Records a click, in the caller's transaction. A completed click is written to the ledger at
 * once (applyClickToLedger); a pending one only records that it is pending (DC_31), and is
 * written to the ledger when it completes.
 */
export async function recordClick(trx: Db, click: NewClick): Promise<number> {
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
