/*
 * The 2021-22 energy crisis as data (docs/risk.md, "Stress scenarios"): monthly average prices
 * from May 2021 (the base) to August 2022. The scenario applies their relative moves month by
 * month, so only the ratios matter, never the levels.
 *
 * Sources (every month of both series checked against them, values as published):
 * - TTF: World Bank Commodity Price Data ("Pink Sheet"), file CMO-Historical-Data-Monthly.xlsx,
 *   sheet "Monthly Prices", column "Natural gas, Europe" ($/mmbtu, code NGAS_EUR; TTF since
 *   April 2015 per the workbook's Description sheet), rows 2021M05 to 2022M08, rounded to cents.
 *   No internet here: read from copies of the workbook kept in public GitHub repositories, all
 *   three identical for these months: akram1335/lithium-thesis-app@32730915 ("Updated on
 *   December 02, 2025"), natatsypora/commodity_price_index@438f5900 ("Updated on December 03,
 *   2024"), mathworks/climate-examples-commodity-volatility@4d1d5f80 ("Updated on October 04,
 *   2022"). USD: the dollar's own move against the euro in the period is left in (it makes the
 *   gas moves somewhat smaller than in EUR/MWh; its size was not checked here).
 * - Dutch power: Ember, "European Wholesale Electricity Price Data" (based on ENTSO-E
 *   Transparency Platform day-ahead prices), european_wholesale_electricity_price_data_monthly.csv,
 *   rows Netherlands/NLD, "Price (EUR/MWhe)", as published (2 decimals). Read from copies in
 *   londero-lorenzo/electricity-cost-chain-analysis@00a74d3a
 *   (data/raw/ember_european_wholesale_prices/) and ivanlej/Monthly_Prices@bd59362d, identical;
 *   each month equals the plain mean of Ember's daily NL averages
 *   (european_wholesale_electricity_price_data_daily.csv in quinndaamen/ML_Elec_pred@c105ac73),
 *   so a baseload average, not load-weighted. Peak and off-peak both follow it.
 */

export interface CrisisMonth {
  /** YYYY-MM. */
  month: string;
  ttf: number;
  nlPower: number;
}

export const CRISIS_2021_22: readonly CrisisMonth[] = [
  { month: '2021-05', ttf: 8.91, nlPower: 56.12 },
  { month: '2021-06', ttf: 10.3, nlPower: 76.51 },
  { month: '2021-07', ttf: 12.51, nlPower: 82.58 },
  { month: '2021-08', ttf: 15.43, nlPower: 86.66 },
  { month: '2021-09', ttf: 22.84, nlPower: 136.39 },
  { month: '2021-10', ttf: 31.05, nlPower: 163.81 },
  { month: '2021-11', ttf: 27.62, nlPower: 186.3 },
  { month: '2021-12', ttf: 38.03, nlPower: 237.8 },
  { month: '2022-01', ttf: 28.26, nlPower: 189.24 },
  { month: '2022-02', ttf: 27.23, nlPower: 168.29 },
  { month: '2022-03', ttf: 42.39, nlPower: 261.03 },
  { month: '2022-04', ttf: 32.2, nlPower: 195.31 },
  { month: '2022-05', ttf: 29.17, nlPower: 181.4 },
  { month: '2022-06', ttf: 33.56, nlPower: 210.7 },
  { month: '2022-07', ttf: 51.33, nlPower: 306.86 },
  { month: '2022-08', ttf: 70.04, nlPower: 447.25 },
];
