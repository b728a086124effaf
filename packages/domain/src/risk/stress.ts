import { CRISIS_2021_22 } from './crisis-2021-22';
import type { RiskProduct } from './products';

export const STRESS_SCENARIOS = ['PLUS_50', 'PLUS_100', 'MINUS_30', 'CRISIS_2021_22'] as const;
export type StressScenario = (typeof STRESS_SCENARIOS)[number];

/** Months the 2021-22 scenario runs (June 2021 to August 2022). */
export const CRISIS_MONTHS = CRISIS_2021_22.length - 1;

const FLAT: Readonly<Record<Exclude<StressScenario, 'CRISIS_2021_22'>, number>> = {
  PLUS_50: 0.5,
  PLUS_100: 1,
  MINUS_30: -0.3,
};

/**
 * The relative move of a product's market price under a scenario for a horizon of so many
 * months: the flat shocks at once; 2021-22 the cumulative move of its first `months` months
 * (gas: TTF, power peak and off-peak: Dutch power), at most the scenario's 15 months, and no move
 * at all for a horizon of 0 months (nothing open can move any more).
 */
export function stressMove(scenario: StressScenario, product: RiskProduct, months: number): number {
  if (scenario !== 'CRISIS_2021_22') return FLAT[scenario];
  const last = CRISIS_2021_22[Math.max(0, Math.min(CRISIS_MONTHS, months))]!;
  const first = CRISIS_2021_22[0]!;
  return product === 'TTF_GAS' ? last.ttf / first.ttf - 1 : last.nlPower / first.nlPower - 1;
}

/** Whole months (rounded up) in a horizon given in years. */
export function monthsOfHorizon(years: number): number {
  return Math.max(0, Math.ceil(years * 12 - 1e-9));
}
