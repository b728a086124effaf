import type { Commodity, ContractPartName } from './contract';
import { Dec, fromDec, toDec, type DecimalString } from './decimal';

/*
 * The rules a change of a contract must keep (docs/contracts.md). Volumes are kept per month of
 * supply (the ledger of docs/positions.md), so every rule about volumes is decided per month.
 */

/** The parts a contract of a commodity has: gas one, power a Peak and an OffPeak part. */
export function partsOf(commodity: Commodity): readonly ContractPartName[] {
  return commodity === 'Gas' ? ['Gas'] : ['Peak', 'OffPeak'];
}

const VOLUME_DECIMALS = 3;

/**
 * Whether a monthly profile is usable: 12 shares in percent, none negative, summing to exactly
 * 100.
 */
export function isProfileValid(profile: readonly DecimalString[]): boolean {
  if (profile.length !== 12) return false;
  let sum = new Dec(0);
  for (const share of profile) {
    const value = toDec(share);
    if (value.isNegative()) return false;
    sum = sum.plus(value);
  }
  return sum.eq(100);
}

/**
 * A year's volume of a part spread over its 12 months: flat (null) or by a profile of 12 shares
 * in percent. Each month is rounded to the kWh (0.001 MWh) on the running sum, so the months add
 * up exactly to the volume and no month drifts by more than one kWh.
 *
 * @throws RangeError for a profile that isProfileValid refuses (input is validated before).
 */
export function monthlyVolumes(
  volume: DecimalString,
  profile: readonly DecimalString[] | null,
): DecimalString[] {
  if (profile !== null && !isProfileValid(profile)) {
    throw new RangeError('A monthly profile has 12 shares summing to 100');
  }
  const total = toDec(volume);
  const shares = profile?.map(toDec) ?? Array.from({ length: 12 }, () => new Dec(100).div(12));
  const months: DecimalString[] = [];
  let shareSoFar = new Dec(0);
  let given = new Dec(0);
  for (const share of shares) {
    shareSoFar = shareSoFar.plus(share);
    const upToHere = total.times(shareSoFar).div(100).toDecimalPlaces(VOLUME_DECIMALS);
    months.push(fromDec(upToHere.minus(given)));
    given = upToHere;
  }
  return months;
}

/** One month of one part of one year of supply of a contract. */
export interface ContractMonthKey {
  yearOfSupply: number;
  part: ContractPartName;
  /** 1-12. */
  month: number;
}

/** What is already clicked of a month (completed and reserved volume together). */
export interface ClickedMonth extends ContractMonthKey {
  clickedVolume: DecimalString;
}

/** A month's volume as a change would set it. */
export interface PlannedMonth extends ContractMonthKey {
  totalVolume: DecimalString;
}

/** The shape of a contract that clicks pin down. */
export interface ContractShape {
  customerId: number;
  commodity: Commodity;
  /** Every month the contract would have after the change. */
  months: readonly PlannedMonth[];
}

/** Why a change of a contract is refused, with what it is about. */
export type ContractChangeRefusal =
  | { code: 'CONTRACT_HAS_CLICKS'; field: 'customerId' | 'commodity' }
  | { code: 'YEAR_HAS_CLICKS'; yearOfSupply: number; part: ContractPartName }
  | ({
      code: 'VOLUME_BELOW_CLICKED';
      clickedVolume: DecimalString;
      totalVolume: DecimalString;
    } & ContractMonthKey);

/**
 * Whether a contract may take a new shape given what is already clicked: a contract with clicks
 * keeps its customer, commodity and parts; a year (or part) of supply with clicks cannot be
 * removed; no month's volume may drop below what is clicked of it. Clicks themselves are never
 * touched by a change, so this is all that protects them. Returns the first refusal, or null.
 *
 * @param clickYears the years of supply with any click at all, also pending or ended ones, which
 *   hold no volume of the ledger but still name the contract's customer, commodity and year.
 */
export function checkContractChange(
  before: Pick<ContractShape, 'customerId' | 'commodity'>,
  after: ContractShape,
  clicked: readonly ClickedMonth[],
  clickYears: readonly number[],
): ContractChangeRefusal | null {
  const hasClicks = clickYears.length > 0;
  if (hasClicks && before.customerId !== after.customerId) {
    return { code: 'CONTRACT_HAS_CLICKS', field: 'customerId' };
  }
  if (hasClicks && before.commodity !== after.commodity) {
    return { code: 'CONTRACT_HAS_CLICKS', field: 'commodity' };
  }
  const parts = partsOf(after.commodity);
  for (const yearOfSupply of clickYears) {
    for (const part of parts) {
      if (!after.months.some((m) => m.yearOfSupply === yearOfSupply && m.part === part)) {
        return { code: 'YEAR_HAS_CLICKS', yearOfSupply, part };
      }
    }
  }
  const planned = new Map(after.months.map((m) => [monthKey(m), m.totalVolume]));
  for (const month of clicked) {
    const volume = toDec(month.clickedVolume);
    if (volume.isZero()) continue;
    const total = planned.get(monthKey(month));
    if (total === undefined) {
      return { code: 'YEAR_HAS_CLICKS', yearOfSupply: month.yearOfSupply, part: month.part };
    }
    if (toDec(total).lt(volume)) {
      return {
        code: 'VOLUME_BELOW_CLICKED',
        yearOfSupply: month.yearOfSupply,
        part: month.part,
        month: month.month,
        clickedVolume: fromDec(volume),
        totalVolume: total,
      };
    }
  }
  return null;
}

function monthKey(key: ContractMonthKey): string {
  return `${key.yearOfSupply}/${key.part}/${key.month}`;
}

/**
 * The shape of 12 stored months as the form shows it: null when they are the flat spread of
 * their sum (monthlyVolumes(sum, null)), otherwise each month's share in percent to 2 decimals,
 * rounded by largest remainder so the shares sum to exactly 100. A year with no volume is flat.
 */
export function profileOfMonths(months: readonly DecimalString[]): DecimalString[] | null {
  const sum = months.reduce((acc, month) => acc.plus(toDec(month)), new Dec(0));
  if (sum.isZero()) return null;
  const flat = monthlyVolumes(fromDec(sum), null);
  if (months.every((month, index) => toDec(month).eq(toDec(flat[index] as string)))) return null;
  // In hundredths of a percent, so the rounding is whole numbers.
  const exact = months.map((month) => toDec(month).times(10_000).div(sum));
  const floors = exact.map((value) => value.floor());
  let missing = 10_000 - floors.reduce((acc, value) => acc + value.toNumber(), 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value.minus(floors[index] as Dec) }))
    .sort((a, b) => b.remainder.comparedTo(a.remainder) || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    floors[index] = (floors[index] as Dec).plus(1);
    missing -= 1;
  }
  return floors.map((value) => fromDec(value.div(100)));
}
