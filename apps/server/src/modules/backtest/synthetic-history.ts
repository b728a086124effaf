import {
  addDays,
  ICE_ENDEX_CALENDAR,
  monthsOf,
  standardNormals,
  xoshiro128,
  type LocalDate,
  type Maturity,
  type TradingCalendar,
} from '@klik/domain';
import type { MarketProduct } from '@klik/api';
import type { HistoryRow } from './history.repository';

/*
 * SYNTHETIC price history for the demo (docs/backtest.md, "The synthetic demo history"): made-up
 * daily OTC settlement prices, so the replay has years to work on before any real file is
 * imported. Nothing here is market data. Every trading day (ICE Endex calendar) before the last
 * day has a price for each product's next 3 year products, its next 6 quarters and its next 6
 * months (only instruments whose delivery has not started).
 *
 * The model, in log space: one mean-reverting walk for gas and one for power (correlated), a
 * smaller one per power product, and a small one per instrument. It is generated backwards from
 * the last day, where every walk is at 0, so the history ends at the simulated feed's levels
 * (modules/market/simulated-feed.ts: the product level x the maturity's month shape x 0.97 per
 * year beyond the next) and joins the prices the demo feed records from then on. Same seed, same
 * days: the same prices, on every machine (xoshiro128, Box-Muller).
 */

/** The simulated feed's levels (EUR/MWh) and the decimals it quotes. */
const LEVELS: Record<MarketProduct, { level: number; decimals: number }> = {
  NL_POWER_BASE: { level: 85, decimals: 2 },
  NL_POWER_PEAK: { level: 100, decimals: 2 },
  NL_POWER_OFFPEAK: { level: 70, decimals: 2 },
  TTF_GAS: { level: 35, decimals: 3 },
};
const PRODUCTS: readonly MarketProduct[] = [
  'NL_POWER_PEAK',
  'NL_POWER_OFFPEAK',
  'NL_POWER_BASE',
  'TTF_GAS',
];
// The feed's month shape: winter above summer; a quarter or year is the mean of its months.
const MONTH_SHAPE = [1.12, 1.1, 1.04, 0.96, 0.92, 0.9, 0.92, 0.92, 0.96, 1.0, 1.06, 1.1];
const YEAR_DISCOUNT = 0.97;

/** Per trading day: the common factors' volatility and pull back to the level. */
const FACTOR = { volatility: 0.02, reversion: 0.006 };
/** Correlation of the power factor with the gas factor. */
const GAS_POWER_CORRELATION = 0.7;
const PRODUCT_SPREAD = { volatility: 0.004, reversion: 0.02 };
const INSTRUMENT_NOISE = { volatility: 0.003, reversion: 0.05 };

const YEARS_AHEAD = 3;
// 15 instruments per product, 60 a day: 5 years are about 78,000 rows, which PGlite takes in
// 2-3 s at the demo's first start. Beyond these the replay finds the recorded prices only.
const QUARTERS_AHEAD = 6;
const MONTHS_AHEAD = 6;

export interface SyntheticHistoryOptions {
  seed: number;
  /** The day after the last day with a price (today: its prices are the feed's). */
  before: LocalDate;
  /** How many years back from `before`. */
  years: number;
  calendar?: TradingCalendar;
}

interface Instrument {
  yearOfSupply: number;
  maturity: Maturity;
}

function shapeOf(maturity: Maturity): number {
  const months = monthsOf(maturity);
  return months.reduce((sum, month) => sum + (MONTH_SHAPE[month - 1] ?? 1), 0) / months.length;
}

/** The instruments traded on a day: delivery starting after it, nearest first. */
export function syntheticInstruments(day: LocalDate): Instrument[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const instruments: Instrument[] = [];
  for (let offset = 1; offset <= YEARS_AHEAD; offset += 1) {
    instruments.push({ yearOfSupply: year + offset, maturity: 'Y' });
  }
  // Quarters and months starting after this day's month.
  let quarter = Math.ceil(month / 3) + 1;
  let quarterYear = year;
  for (let count = 0; count < QUARTERS_AHEAD; count += 1) {
    if (quarter > 4) {
      quarter = 1;
      quarterYear += 1;
    }
    instruments.push({ yearOfSupply: quarterYear, maturity: `Q${quarter}` as Maturity });
    quarter += 1;
  }
  let next = month + 1;
  let monthYear = year;
  for (let count = 0; count < MONTHS_AHEAD; count += 1) {
    if (next > 12) {
      next = 1;
      monthYear += 1;
    }
    instruments.push({ yearOfSupply: monthYear, maturity: `M${next}` as Maturity });
    next += 1;
  }
  return instruments;
}

function anchorOf(product: MarketProduct, instrument: Instrument, year: number): number {
  const beyond = Math.max(instrument.yearOfSupply - year - 1, 0);
  return LEVELS[product].level * shapeOf(instrument.maturity) * YEAR_DISCOUNT ** beyond;
}

function rounded(value: number, decimals: number): string {
  const minimum = 10 ** -decimals;
  return Math.max(value, minimum).toFixed(decimals);
}

/** The synthetic settlements, newest day first; every price > 0, every day a trading day. */
export function syntheticHistory(options: SyntheticHistoryOptions): HistoryRow[] {
  const calendar = options.calendar ?? ICE_ENDEX_CALENDAR;
  const normal = standardNormals(xoshiro128(options.seed));
  const first = `${Number(options.before.slice(0, 4)) - options.years}${options.before.slice(4)}`;
  const gasShare = Math.sqrt(1 - GAS_POWER_CORRELATION ** 2);
  let gas = 0;
  let power = 0;
  const spread = new Map<MarketProduct, number>(PRODUCTS.map((product) => [product, 0]));
  const noise = new Map<string, number>();
  const rows: HistoryRow[] = [];

  for (let day = addDays(options.before, -1); day >= first; day = addDays(day, -1)) {
    if (!calendar.isTradingDay(day)) continue;
    const year = Number(day.slice(0, 4));
    const instruments = syntheticInstruments(day);
    for (const product of PRODUCTS) {
      const factor = product === 'TTF_GAS' ? gas : power + (spread.get(product) ?? 0);
      for (const instrument of instruments) {
        const key = `${product}/${instrument.yearOfSupply}/${instrument.maturity}`;
        const own = noise.get(key) ?? 0;
        const price = anchorOf(product, instrument, year) * Math.exp(factor + own);
        rows.push({
          day,
          product,
          yearOfSupply: instrument.yearOfSupply,
          maturity: instrument.maturity,
          market: 'OTC',
          price: rounded(price, LEVELS[product].decimals),
        });
        noise.set(
          key,
          own * (1 - INSTRUMENT_NOISE.reversion) + INSTRUMENT_NOISE.volatility * normal(),
        );
      }
    }
    // One step further back in time.
    const gasShock = normal();
    gas = gas * (1 - FACTOR.reversion) + FACTOR.volatility * gasShock;
    power =
      power * (1 - FACTOR.reversion) +
      FACTOR.volatility * (GAS_POWER_CORRELATION * gasShock + gasShare * normal());
    for (const product of PRODUCTS) {
      const value = spread.get(product) ?? 0;
      spread.set(
        product,
        value * (1 - PRODUCT_SPREAD.reversion) + PRODUCT_SPREAD.volatility * normal(),
      );
    }
  }
  return rows;
}
