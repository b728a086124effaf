import { MATURITIES, monthsOf, type Maturity, type Period } from './maturity';

/**
 * Whether two maturities of the same year overlap: they share at least one delivery month.
 * This gives exactly the spec's rules: equal maturities overlap, Y overlaps everything, a quarter
 * overlaps its three months, and nothing else overlaps (two different quarters or months never do).
 */
export function overlaps(a: Maturity, b: Maturity): boolean {
  const monthsOfB = monthsOf(b);
  return monthsOf(a).some((month) => monthsOfB.includes(month));
}

/** Every maturity that overlaps the given one, itself included, in catalogue order. */
export function overlappingMaturities(maturity: Maturity): Maturity[] {
  return MATURITIES.filter((other) => overlaps(maturity, other));
}

/** Whether two positions overlap: same year of supply and overlapping maturities. */
export function periodsOverlap(a: Period, b: Period): boolean {
  return a.yearOfSupply === b.yearOfSupply && overlaps(a.maturity, b.maturity);
}

/**
 * The positions of one contract that a click on a period locks until its transaction is done:
 * every overlapping maturity in the same year of supply, the clicked one included.
 */
export function lockedPeriods(clicked: Period): Period[] {
  return overlappingMaturities(clicked.maturity).map((maturity) => ({
    maturity,
    yearOfSupply: clicked.yearOfSupply,
  }));
}
