import type { LocalDate } from './amsterdam-time';

/** A day on which the exchange does not trade. */
export interface ExchangeHoliday {
  date: LocalDate;
  name: string;
}

/**
 * ICE Endex (Dutch power, TTF gas) holidays: New Year's Day, Good Friday, Easter Monday,
 * Christmas Day and Boxing Day. Dates that fall in a weekend are listed too (they change nothing);
 * the exchange does not observe substitute weekdays for them.
 */
export const ICE_ENDEX_HOLIDAYS: readonly ExchangeHoliday[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-06', name: 'Easter Monday' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-12-26', name: 'Boxing Day' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-03-29', name: 'Easter Monday' },
  { date: '2027-12-25', name: 'Christmas Day' },
  { date: '2027-12-26', name: 'Boxing Day' },
  { date: '2028-01-01', name: "New Year's Day" },
  { date: '2028-04-14', name: 'Good Friday' },
  { date: '2028-04-17', name: 'Easter Monday' },
  { date: '2028-12-25', name: 'Christmas Day' },
  { date: '2028-12-26', name: 'Boxing Day' },
];

/** The years for which ICE_ENDEX_HOLIDAYS is complete. */
export const ICE_ENDEX_HOLIDAY_YEARS: readonly number[] = [2026, 2027, 2028];
