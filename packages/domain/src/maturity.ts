/** A delivery period within a year of supply. */
export const MATURITIES = [
  'Y',
  'Q1',
  'Q2',
  'Q3',
  'Q4',
  'M1',
  'M2',
  'M3',
  'M4',
  'M5',
  'M6',
  'M7',
  'M8',
  'M9',
  'M10',
  'M11',
  'M12',
] as const;
export type Maturity = (typeof MATURITIES)[number];
export type QuarterMaturity = 'Q1' | 'Q2' | 'Q3' | 'Q4';
export type MonthMaturity = Exclude<Maturity, 'Y' | QuarterMaturity>;

/** The kind of period a maturity stands for. */
export type PeriodType = 'YEAR' | 'QUARTER' | 'MONTH';

export const QUARTERS: readonly QuarterMaturity[] = ['Q1', 'Q2', 'Q3', 'Q4'];
export const MONTHS: readonly MonthMaturity[] = MATURITIES.filter((m): m is MonthMaturity =>
  m.startsWith('M'),
);

/** Whether a text names a maturity ("Y", "Q1".."Q4", "M1".."M12"). */
export function isMaturity(value: string): value is Maturity {
  return (MATURITIES as readonly string[]).includes(value);
}

/** The period type of a maturity: Y is a year, Qn a quarter, Mn a month. */
export function periodTypeOf(maturity: Maturity): PeriodType {
  if (maturity === 'Y') return 'YEAR';
  return maturity.startsWith('Q') ? 'QUARTER' : 'MONTH';
}

/**
 * The calendar months (1 = January .. 12 = December) that a maturity delivers in.
 * Y covers 1-12, Q1 1-3, Q2 4-6, Q3 7-9, Q4 10-12, Mn only n.
 */
export function monthsOf(maturity: Maturity): readonly number[] {
  const n = Number(maturity.slice(1));
  switch (periodTypeOf(maturity)) {
    case 'YEAR':
      return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    case 'QUARTER':
      return [3 * n - 2, 3 * n - 1, 3 * n];
    case 'MONTH':
      return [n];
  }
}

/** The quarter maturity a month (1-12) belongs to. */
export function quarterOfMonth(month: number): QuarterMaturity {
  const quarter = QUARTERS[Math.ceil(month / 3) - 1];
  if (quarter === undefined) throw new RangeError(`Not a month: ${month}`);
  return quarter;
}

/** The month maturity for a calendar month (1-12). */
export function monthMaturity(month: number): MonthMaturity {
  const maturity = MONTHS[month - 1];
  if (maturity === undefined) throw new RangeError(`Not a month: ${month}`);
  return maturity;
}

/** A position: one maturity in one year of supply. */
export interface Period {
  maturity: Maturity;
  yearOfSupply: number;
}
