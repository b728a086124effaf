import { describe, expect, it } from 'vitest';
import type { DisableClickReason } from './disable-reasons';
import { MATURITIES, type Maturity } from './maturity';
import { isYearHistory, type YearHistoryStatus } from './year-history';

function year(
  yearOfSupply: number,
  reasonOf: (maturity: Maturity) => DisableClickReason | null,
): YearHistoryStatus[] {
  return MATURITIES.map((maturity) => {
    const reason = reasonOf(maturity);
    return { maturity, yearOfSupply, clickable: reason === null, disableClickReason: reason };
  });
}

// Friday 20 November 2026, 10:00 in Amsterdam.
const at = new Date('2026-11-20T09:00:00Z');

describe('isYearHistory', () => {
  it('is a year whose every deadline has passed', () => {
    expect(isYearHistory({ clickType: 'ALL', statuses: year(2026, () => 'DC_21'), at })).toBe(true);
  });

  it('reads the deadline from the instant when a lasting reason hides DC_21 (read-only, paused)', () => {
    expect(isYearHistory({ clickType: 'ALL', statuses: year(2025, () => 'DC_34'), at })).toBe(true);
    expect(isYearHistory({ clickType: 'ALL', statuses: year(2027, () => 'DC_35'), at })).toBe(
      false,
    );
  });

  it('counts the positions the click type never allows as ended', () => {
    // At 1 February 2026 the year position of 2026 is past; a YEAR contract has nothing else.
    const feb = new Date('2026-02-02T09:00:00Z');
    const statuses = year(2026, (maturity) => (maturity === 'Y' ? 'DC_21' : 'DC_10'));
    expect(isYearHistory({ clickType: 'YEAR', statuses, at: feb })).toBe(true);
    expect(isYearHistory({ clickType: 'ALL', statuses, at: feb })).toBe(false);
  });

  it('is not a year with nothing passed, even when nothing can ever be clicked', () => {
    const quarters = year(2027, () => 'DC_10').filter((status) => status.maturity.startsWith('Q'));
    expect(isYearHistory({ clickType: 'YEAR', statuses: quarters, at })).toBe(false);
    expect(isYearHistory({ clickType: 'ALL', statuses: [], at })).toBe(false);
  });

  it('is not a year ahead that is fully clicked or closed for now, nor one with a clickable position', () => {
    expect(isYearHistory({ clickType: 'ALL', statuses: year(2027, () => 'DC_12'), at })).toBe(
      false,
    );
    // December 2026 can still be clicked until 30 November, only not at this moment.
    const statuses = year(2026, (maturity) => (maturity === 'M12' ? 'DC_36' : 'DC_21'));
    expect(isYearHistory({ clickType: 'ALL', statuses, at })).toBe(false);
    // The server's word that a position is clickable wins over the instant.
    const clickable = year(2025, () => 'DC_21').map((status, i) =>
      i === 0 ? { ...status, clickable: true } : status,
    );
    expect(isYearHistory({ clickType: 'ALL', statuses: clickable, at })).toBe(false);
  });
});
