/*
 * The 2021-22 energy crisis as data (docs/risk.md, "Stress scenarios"): monthly average prices
 * from May 2021 (the base) to August 2022. The scenario applies their relative moves month by
 * month, so only the ratios matter, never the levels.
 *
 * Sources (monthly averages, rounded; transcribed, check before relying on a level):
 * - TTF: World Bank Commodity Price Data ("Pink Sheet"), monthly series "Natural gas, Europe"
 *   (TTF), USD/mmbtu. The dollar's moves against the euro in the period (about -15%) are left in:
 *   they make the gas moves slightly smaller than in EUR/MWh.
 * - Dutch power: day-ahead baseload, bidding zone NL, monthly averages of the hourly prices
 *   (ENTSO-E Transparency Platform, EPEX SPOT NL), EUR/MWh. Peak and off-peak both follow it.
 */

export interface CrisisMonth {
  /** YYYY-MM. */
  month: string;
  ttf: number;
  nlPower: number;
}

export const CRISIS_2021_22: readonly CrisisMonth[] = [
  { month: '2021-05', ttf: 8.9, nlPower: 67 },
  { month: '2021-06', ttf: 10.3, nlPower: 72 },
  { month: '2021-07', ttf: 12.9, nlPower: 80 },
  { month: '2021-08', ttf: 15.7, nlPower: 86 },
  { month: '2021-09', ttf: 22.8, nlPower: 128 },
  { month: '2021-10', ttf: 31.1, nlPower: 139 },
  { month: '2021-11', ttf: 27.3, nlPower: 177 },
  { month: '2021-12', ttf: 38.3, nlPower: 221 },
  { month: '2022-01', ttf: 28.6, nlPower: 167 },
  { month: '2022-02', ttf: 27.5, nlPower: 132 },
  { month: '2022-03', ttf: 42.1, nlPower: 227 },
  { month: '2022-04', ttf: 32.2, nlPower: 166 },
  { month: '2022-05', ttf: 29.2, nlPower: 178 },
  { month: '2022-06', ttf: 33.1, nlPower: 218 },
  { month: '2022-07', ttf: 51.3, nlPower: 315 },
  { month: '2022-08', ttf: 70.0, nlPower: 465 },
];
