import { describe, expect, it } from 'vitest';
import { clickTypeAllows } from './click-type';
import {
  checkContractChange,
  isProfileValid,
  monthlyVolumes,
  partsOf,
  profileOfMonths,
  type PlannedMonth,
} from './contracts-rules';
import { isDeadlinePassed, periodDeadline } from './deadline';
import { toDec } from './decimal';

const sum = (values: readonly string[]) =>
  values.reduce((acc, value) => acc.plus(toDec(value)), toDec('0')).toFixed();

function flatYear(yearOfSupply: number, part: 'Gas' | 'Peak' | 'OffPeak', month: string) {
  return Array.from({ length: 12 }, (_, i) => ({
    yearOfSupply,
    part,
    month: i + 1,
    totalVolume: month,
  })) satisfies PlannedMonth[];
}

describe('contract parts', () => {
  it('gives gas one part and power a Peak and an OffPeak part', () => {
    expect(partsOf('Gas')).toEqual(['Gas']);
    expect(partsOf('Power')).toEqual(['Peak', 'OffPeak']);
  });
});

describe('monthly profile', () => {
  const profile = ['10', '10', '10', '8', '8', '6', '6', '6', '8', '8', '10', '10'];

  it('accepts 12 shares summing to exactly 100, nothing else', () => {
    expect(isProfileValid(profile)).toBe(true);
    expect(isProfileValid([...profile.slice(0, 11), '10.01'])).toBe(false);
    expect(isProfileValid(profile.slice(0, 11))).toBe(false);
    expect(isProfileValid(['-1', '11', ...profile.slice(2)])).toBe(false);
  });

  it('spreads a year flat or by the profile, the months adding up exactly to the kWh', () => {
    const flat = monthlyVolumes('1000', null);
    expect(flat).toHaveLength(12);
    expect(sum(flat)).toBe('1000');
    expect(flat.every((m) => ['83.333', '83.334'].includes(m))).toBe(true);
    const shaped = monthlyVolumes('1234.567', profile);
    expect(sum(shaped)).toBe('1234.567');
    expect(shaped[0]).toBe('123.457');
    expect(() => monthlyVolumes('10', ['100'])).toThrow(RangeError);
  });

  it('reads stored months back as flat, or as shares summing to exactly 100', () => {
    expect(profileOfMonths(monthlyVolumes('1000', null))).toBeNull();
    expect(profileOfMonths(monthlyVolumes('1000', profile))).toEqual(profile);
    const odd = profileOfMonths(['1', '1', '1', '0', '0', '0', '0', '0', '0', '0', '0', '0']);
    expect(odd && sum(odd)).toBe('100');
    expect(profileOfMonths(Array.from({ length: 12 }, () => '0'))).toBeNull();
  });
});

describe('a change of a contract against its clicks', () => {
  const before = { customerId: 1, commodity: 'Gas' as const };
  const clickedJanuary = [
    { yearOfSupply: 2027, part: 'Gas' as const, month: 1, clickedVolume: '40' },
  ];

  it('lets anything change on a contract without clicks', () => {
    const after = {
      customerId: 2,
      commodity: 'Power' as const,
      months: flatYear(2028, 'Peak', '1'),
    };
    expect(checkContractChange(before, after, [], [])).toBeNull();
  });

  it('refuses a volume below what is clicked of the month, and allows it down to exactly that', () => {
    const months = flatYear(2027, 'Gas', '100').map((m) =>
      m.month === 1 ? { ...m, totalVolume: '39.999' } : m,
    );
    expect(checkContractChange(before, { ...before, months }, clickedJanuary, [2027])).toEqual({
      code: 'VOLUME_BELOW_CLICKED',
      yearOfSupply: 2027,
      part: 'Gas',
      month: 1,
      clickedVolume: '40',
      totalVolume: '39.999',
    });
    const exactly = months.map((m) => (m.month === 1 ? { ...m, totalVolume: '40' } : m));
    expect(
      checkContractChange(before, { ...before, months: exactly }, clickedJanuary, [2027]),
    ).toBeNull();
  });

  it('keeps the customer and commodity of a contract with clicks, even clicks holding no volume', () => {
    const months = flatYear(2027, 'Gas', '100');
    expect(checkContractChange(before, { ...before, customerId: 2, months }, [], [2027])).toEqual({
      code: 'CONTRACT_HAS_CLICKS',
      field: 'customerId',
    });
    expect(
      checkContractChange(
        before,
        { ...before, commodity: 'Power', months: flatYear(2027, 'Peak', '1') },
        [],
        [2027],
      ),
    ).toEqual({ code: 'CONTRACT_HAS_CLICKS', field: 'commodity' });
  });

  it('refuses to drop a clicked month from a year that stays, and ignores months clicked to zero', () => {
    const withoutJanuary = flatYear(2027, 'Gas', '100').filter((m) => m.month !== 1);
    expect(
      checkContractChange(before, { ...before, months: withoutJanuary }, clickedJanuary, [2027]),
    ).toEqual({ code: 'YEAR_HAS_CLICKS', yearOfSupply: 2027, part: 'Gas' });
    const releasedJanuary = [{ ...clickedJanuary[0]!, clickedVolume: '0' }];
    expect(
      checkContractChange(before, { ...before, months: withoutJanuary }, releasedJanuary, [2027]),
    ).toBeNull();
  });

  it('refuses to remove a year of supply with clicks, and allows removing one without', () => {
    const onlyNextYear = flatYear(2028, 'Gas', '100');
    expect(
      checkContractChange(before, { ...before, months: onlyNextYear }, clickedJanuary, [2027]),
    ).toEqual({
      code: 'YEAR_HAS_CLICKS',
      yearOfSupply: 2027,
      part: 'Gas',
    });
    expect(checkContractChange(before, { ...before, months: onlyNextYear }, [], [])).toBeNull();
  });
});

describe('the click deadline rule', () => {
  const q1 = { yearOfSupply: 2027, maturity: 'Q1' as const };

  it('is by default the last trading day before delivery, 16:00 Amsterdam', () => {
    expect(periodDeadline(q1).lastTradingDay).toBe('2026-12-31');
  });

  it('moves to the Nth trading day before delivery per period type', () => {
    const rule = { YEAR: 1, QUARTER: 3, MONTH: 1 };
    // 31 December, 30 December, 29 December 2026 are trading days (Thursday to Tuesday).
    expect(periodDeadline(q1, undefined, rule).lastTradingDay).toBe('2026-12-29');
    expect(
      periodDeadline({ yearOfSupply: 2027, maturity: 'M1' }, undefined, rule).lastTradingDay,
    ).toBe('2026-12-31');
    const at = new Date('2026-12-30T10:00:00Z');
    expect(isDeadlinePassed(at, q1, undefined, rule)).toBe(true);
    expect(isDeadlinePassed(at, q1)).toBe(false);
  });

  it('refuses a rule of less than one trading day', () => {
    expect(() => periodDeadline(q1, undefined, { YEAR: 0, QUARTER: 0, MONTH: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('clickType', () => {
  it('allows every maturity for null and ALL, and only its own period type otherwise', () => {
    expect(clickTypeAllows(null, 'M3')).toBe(true);
    expect(clickTypeAllows('ALL', 'Y')).toBe(true);
    expect(clickTypeAllows('QUARTER', 'Q2')).toBe(true);
    expect(clickTypeAllows('QUARTER', 'M4')).toBe(false);
    expect(clickTypeAllows('YEAR', 'Q1')).toBe(false);
  });
});
