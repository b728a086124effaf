import { describe, expect, it } from 'vitest';
import { ICE_ENDEX_CALENDAR, isMaturity, monthsOf } from '@klik/domain';
import { syntheticHistory, syntheticInstruments } from './synthetic-history';

describe('the synthetic price history', () => {
  const options = { seed: 31, before: '2026-03-02', years: 5 };
  const rows = syntheticHistory(options);

  it('is the same for the same seed, and another for another seed', () => {
    expect(syntheticHistory(options)).toEqual(rows);
    const other = syntheticHistory({ ...options, seed: 32 });
    expect(other.length).toBe(rows.length);
    expect(other.map((row) => row.price)).not.toEqual(rows.map((row) => row.price));
  });

  it('prices every trading day of the years before the day, above 0, before delivery', () => {
    const days = new Set(rows.map((row) => row.day));
    expect([...days].every((day) => ICE_ENDEX_CALENDAR.isTradingDay(day))).toBe(true);
    expect([...days].every((day) => day < '2026-03-02' && day >= '2021-03-02')).toBe(true);
    // About 261 weekdays a year.
    expect(days.size).toBeGreaterThan(5 * 250);
    expect(days.size).toBeLessThan(5 * 262);
    const wrong = rows.filter((row) => {
      if (!(Number(row.price) > 0) || !isMaturity(row.maturity)) return true;
      const month = monthsOf(row.maturity)[0] as number;
      return `${row.yearOfSupply}-${String(month).padStart(2, '0')}-01` <= row.day;
    });
    expect(wrong).toEqual([]);
    expect(rows.length).toBe(days.size * 4 * 15);
  });

  it('ends near the simulated feed levels and moves in between', () => {
    const lastDay = rows[0]?.day;
    const last = rows.filter((row) => row.day === lastDay && row.maturity === 'Y');
    const base2027 = last.find(
      (row) => row.product === 'NL_POWER_BASE' && row.yearOfSupply === 2027,
    );
    // The feed's NL_POWER_BASE 2027 Y: 85 (next year, no discount).
    expect(Number(base2027?.price)).toBeGreaterThan(80);
    expect(Number(base2027?.price)).toBeLessThan(90);
    const gas = rows
      .filter((row) => row.product === 'TTF_GAS' && row.maturity === 'Y')
      .map((row) => Number(row.price));
    expect(Math.max(...gas) / Math.min(...gas)).toBeGreaterThan(1.3);
  });

  it('lists the next 3 years, 6 quarters and 6 months after a day', () => {
    const instruments = syntheticInstruments('2026-11-15').map(
      (i) => `${i.yearOfSupply}/${i.maturity}`,
    );
    expect(instruments.slice(0, 5)).toEqual(['2027/Y', '2028/Y', '2029/Y', '2027/Q1', '2027/Q2']);
    expect(instruments[8]).toBe('2028/Q2');
    expect(instruments.slice(9, 11)).toEqual(['2026/M12', '2027/M1']);
    expect(instruments.at(-1)).toBe('2027/M5');
  });
});
