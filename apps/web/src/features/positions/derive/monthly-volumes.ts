import {
  fromDec,
  fixedAndOpenPerMonth,
  periodTypeOf,
  toDec,
  type DecimalString,
  type MonthVolumes,
  type PeriodType,
} from '@klik/domain';
import type { ContractData, ContractPart, Status } from '@klik/api';

// Finest first: Klik keeps volumes per month (docs/decisions/005), so a month position's volumes
// are exact, and a year's or quarter's are split only when the year has no finer positions
// (docs/domain.md, "Monthly open volume").
const FINEST_FIRST: readonly PeriodType[] = ['MONTH', 'QUARTER', 'YEAR'];

function sumOf(status: Status, pick: (part: ContractPart) => string): DecimalString {
  return fromDec(
    status.contractParts.reduce((sum, part) => sum.plus(toDec(pick(part))), toDec('0')),
  );
}

/**
 * The fixed and open volume (MWh, exact) of each calendar month of a year of supply, January
 * first, summed over the contract parts.
 */
export function volumesPerMonth(contract: ContractData, yearOfSupply: number): MonthVolumes[] {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  const ofYear = [...yearStatuses, ...quarterStatuses, ...monthStatuses].filter(
    (status) => status.yearOfSupply === yearOfSupply,
  );
  const level = FINEST_FIRST.find((type) =>
    ofYear.some((status) => periodTypeOf(status.maturity) === type),
  );
  return fixedAndOpenPerMonth(
    ofYear
      .filter((status) => periodTypeOf(status.maturity) === level)
      .map((status) => ({
        maturity: status.maturity,
        fixedVolume: sumOf(status, (part) => part.clickedVolume),
        openVolume: sumOf(status, (part) => part.volumeNotClicked),
      })),
  );
}

/** The year's own totals: the months added up. */
export function yearTotals(months: readonly MonthVolumes[]): Omit<MonthVolumes, 'month'> {
  const sum = (pick: (month: MonthVolumes) => string) =>
    fromDec(months.reduce((total, month) => total.plus(toDec(pick(month))), toDec('0')));
  return {
    fixed: sum((month) => month.fixed),
    open: sum((month) => month.open),
    total: sum((month) => month.total),
  };
}
