import Decimal from 'decimal.js';
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
import { addClickToLedger, lockLedgerMonths, type LedgerLine } from './ledger.repository';

export interface ClickPartVolume {
  part: ContractPartName;
  /** MWh to fix; spread over the maturity's months. */
  volume: DecimalString;
  /** The click price, EUR/MWh. */
  price: DecimalString;
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
  const rows = await lockLedgerMonths(trx, entry.contractRowId, entry.yearOfSupply, months);
  const lines: LedgerLine[] = [];
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
  await addClickToLedger(trx, entry, lines);
}

/*
 * The rest of the ledger's writes, for the click (purchase) and the contracts: they are the
 * ledger repository's own, exported here because another module may not import a repository.
 */
export {
  releaseClickFromLedger,
  repriceClickInLedger,
  setContractedVolumes,
} from './ledger.repository';
