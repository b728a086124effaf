import { describe, expect, it } from 'vitest';
import { toDec } from './decimal';
import { fixedAndOpenPerMonth } from './monthly-volume';

const fixedOf = (months: ReturnType<typeof fixedAndOpenPerMonth>) =>
  months.map((month) => month.fixed);
const openOf = (months: ReturnType<typeof fixedAndOpenPerMonth>) =>
  months.map((month) => month.open);

describe('fixed and open volume per month', () => {
  it('takes a month position as it is', () => {
    const months = fixedAndOpenPerMonth([
      { maturity: 'M3', fixedVolume: '12.5', openVolume: '7.25' },
    ]);
    expect(months).toHaveLength(12);
    expect(months[2]).toEqual({ month: 3, fixed: '12.5', open: '7.25', total: '19.75' });
    expect(months[0]).toEqual({ month: 1, fixed: '0', open: '0', total: '0' });
  });

  it('spreads a quarter over its 3 months, exact at kWh resolution', () => {
    const months = fixedAndOpenPerMonth([{ maturity: 'Q2', fixedVolume: '100', openVolume: '50' }]);
    expect(fixedOf(months).slice(3, 6)).toEqual(['33.333', '33.333', '33.334']);
    expect(openOf(months).slice(3, 6)).toEqual(['16.666', '16.667', '16.667']);
    expect(fixedOf(months).slice(0, 3)).toEqual(['0', '0', '0']);
  });

  it('spreads a year over 12 months, and the highest maturity present wins', () => {
    const months = fixedAndOpenPerMonth([
      { maturity: 'M1', fixedVolume: '999', openVolume: '999' },
      { maturity: 'Y', fixedVolume: '1200', openVolume: '2400' },
    ]);
    expect(fixedOf(months)).toEqual(Array(12).fill('100'));
    expect(openOf(months)).toEqual(Array(12).fill('200'));
  });

  it('makes every month fixed + open = total, and the months add up to the positions', () => {
    const positions = [
      { maturity: 'Q1', fixedVolume: '0.005', openVolume: '100.001' },
      { maturity: 'Q3', fixedVolume: '33.3331', openVolume: '0' },
      { maturity: 'M12', fixedVolume: '1', openVolume: '2' },
    ] as const;
    const months = fixedAndOpenPerMonth(positions);
    for (const month of months) {
      expect(toDec(month.fixed).plus(toDec(month.open)).eq(toDec(month.total))).toBe(true);
    }
    const sum = (pick: (month: (typeof months)[number]) => string) =>
      months.reduce((total, month) => total.plus(toDec(pick(month))), toDec('0')).toString();
    expect(sum((month) => month.fixed)).toBe('34.3381');
    expect(sum((month) => month.open)).toBe('102.001');
    expect(sum((month) => month.total)).toBe('136.3391');
  });

  it('gives 12 empty months without positions', () => {
    expect(fixedAndOpenPerMonth([]).map((month) => month.total)).toEqual(Array(12).fill('0'));
  });
});
