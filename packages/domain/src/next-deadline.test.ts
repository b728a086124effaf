import { describe, expect, it } from 'vitest';
import { nextClickDeadline } from './next-deadline';

const ALL_MONTHS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

describe('nextClickDeadline', () => {
  it('is the year position before the year starts, the highest maturity on equal deadlines', () => {
    const next = nextClickDeadline({
      clickType: 'ALL',
      yearOfSupply: 2027,
      openMonths: ALL_MONTHS,
      at: new Date('2026-11-23T10:00:00Z'),
    });
    // The last trading day before 1 January 2027 is Thursday 31 December 2026, 16:00 Amsterdam.
    expect(next).toEqual({ maturity: 'Y', closesAt: new Date('2026-12-31T15:00:00Z') });
  });

  it('follows the click type and the open months', () => {
    const next = nextClickDeadline({
      clickType: 'QUARTER',
      yearOfSupply: 2027,
      openMonths: new Set([5]),
      at: new Date('2026-11-23T10:00:00Z'),
    });
    expect(next?.maturity).toBe('Q2');
  });

  it('skips passed deadlines and is null when nothing open is left to click', () => {
    const at = new Date('2027-02-10T10:00:00Z');
    expect(
      nextClickDeadline({ clickType: 'MONTH', yearOfSupply: 2027, openMonths: new Set([1, 3]), at })
        ?.maturity,
    ).toBe('M3');
    expect(
      nextClickDeadline({ clickType: 'ALL', yearOfSupply: 2027, openMonths: new Set([1]), at }),
    ).toBeNull();
    expect(
      nextClickDeadline({ clickType: null, yearOfSupply: 2027, openMonths: new Set(), at }),
    ).toBeNull();
  });
});
