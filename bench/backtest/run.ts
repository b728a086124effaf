// npm run bench:backtest
//
// The replay of contract years (docs/backtest.md, "Bench"): 20 contracts x 3 years of supply,
// each replayed with its actual clicks and the 7 strategies, with the attribution, the 12-month
// statistics, the best and worst day and the chart, over 5 years of daily history (2022-2026,
// weekdays): what GET /rest/backtest/{customerId} computes after its reads, for 60 contract years
// one after the other, in memory (the reads are a fixed handful of queries per request, measured
// by the route tests, not here). A third of the contracts click the year, a third quarters and a
// third months (12 positions); half are power (Peak and OffPeak), half gas. Target: all 60 under
// 1 s. Next to it, the floor measured in the same run: the same number of daily prices (each
// replay's series, once per strategy and the actual clicks) summed in a plain loop. Needs no
// database; ends by itself.
import {
  addDays,
  dayOfWeek,
  monthsOf,
  periodDeadline,
  toDec,
  type BacktestYear,
  type ClickType,
  type ReplayClick,
} from '@klik/domain';
import type { StrategyParameters } from '@klik/api';
import { yearFigures } from '../../apps/server/src/modules/backtest/backtest-figures';
import { maturitiesOf } from '../../apps/server/src/modules/backtest/backtest-year';
import { machineLoad } from '../machine-load';

const CONTRACTS = 20;
const YEARS = [2025, 2026, 2027];
const STRATEGIES = 7;
const TARGET_MS = 1000;
const RUNS = Number(process.env.BENCH_BACKTEST_RUNS ?? 5);
const HISTORY_FROM = '2022-01-03';
const TODAY = '2026-11-23';
const CLICK_TYPES: ClickType[] = ['YEAR', 'QUARTER', 'MONTH'];
const PARAMETERS: StrategyParameters = {
  trancheSchedule: 'MONTHLY',
  limitDays: 20,
  limitShare: 10,
  reference: 'EQUAL_TRANCHES',
};

/** Weekdays from `from` to `to`, inclusive. */
function weekdays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (dayOfWeek(day) !== 0 && dayOfWeek(day) !== 6) days.push(day);
  }
  return days;
}

/** A wandering price around 80, different per instrument, 4 decimals. */
function series(days: readonly string[], seed: number) {
  return days.map((day, i) => ({
    day,
    price: (
      80 * Math.exp(0.15 * Math.sin(i / 37 + seed) + 0.05 * Math.cos(i / 5 + 2 * seed))
    ).toFixed(4),
  }));
}

function buildYears(): { year: BacktestYear; stored: ReplayClick[]; volume: string }[] {
  const years = [];
  for (let c = 0; c < CONTRACTS; c += 1) {
    const clickType = CLICK_TYPES[c % 3]!;
    const parts = c % 2 === 0 ? (['Peak', 'OffPeak'] as const) : (['Gas'] as const);
    for (const yearOfSupply of YEARS) {
      const positions = maturitiesOf(clickType).map((maturity, p) => {
        const lastDay = periodDeadline({ maturity, yearOfSupply }).lastTradingDay;
        const to = lastDay < TODAY ? lastDay : TODAY;
        const days = weekdays(HISTORY_FROM, to);
        return {
          maturity,
          lastDay,
          parts: parts.map((part) => ({ part, volume: String(100 * monthsOf(maturity).length) })),
          prices: Object.fromEntries(
            parts.map((part, k) => [part, series(days, c + p * 0.3 + k + yearOfSupply)]),
          ),
        };
      });
      const last = positions.reduce((max, one) => (one.lastDay > max ? one.lastDay : max), '');
      const to = last < TODAY ? last : TODAY;
      const from = `${yearOfSupply - 3}-01-02`;
      const year: BacktestYear = {
        yearOfSupply,
        clickType,
        minClickPercentage: '5',
        maxClickPercentage: '100',
        maxClicksPerYear: null,
        positions,
        from,
        to,
        margins: parts.map((part) => ({ from, part, markUp: '2', transactionFee: '0.25' })),
        hedgePolicy: [
          { date: from, minShare: '0', maxShare: '40' },
          { date: `${yearOfSupply - 1}-01-01`, minShare: '30', maxShare: '80' },
          { date: `${yearOfSupply - 1}-10-01`, minShare: '80', maxShare: null },
        ],
      };
      // Four actual clicks of a quarter of the first position each, a year apart.
      const first = positions[0]!;
      const stored: ReplayClick[] = parts.flatMap((part) =>
        [0, 1, 2, 3].map((i) => {
          const prices = first.prices[part]!.filter((one) => one.day >= from && one.day <= to);
          const price = prices[Math.floor(((i + 0.5) * prices.length) / 4)]!;
          const market = toDec(price.price);
          return {
            day: price.day,
            maturity: first.maturity,
            part,
            volume: String(25 * monthsOf(first.maturity).length),
            marketPrice: price.price,
            margin: '2.25',
            price: market.plus(2.25).toFixed(),
            forced: false,
          };
        }),
      );
      const volume = String(
        positions.reduce(
          (sum, one) => sum + one.parts.reduce((s, part) => s + Number(part.volume), 0),
          0,
        ),
      );
      years.push({ year, stored, volume });
    }
  }
  return years;
}

/** Daily prices a replay of the years reads: every series in the window, once per replay. */
function pricesRead(years: ReturnType<typeof buildYears>): number {
  let n = 0;
  for (const { year } of years) {
    for (const position of year.positions) {
      for (const prices of Object.values(position.prices)) {
        n += prices!.filter((one) => one.day >= year.from && one.day <= year.to).length;
      }
    }
  }
  return n * (STRATEGIES + 1);
}

function floorMs(years: ReturnType<typeof buildYears>): number {
  const started = performance.now();
  let total = 0;
  for (let replay = 0; replay < STRATEGIES + 1; replay += 1) {
    for (const { year } of years) {
      for (const position of year.positions) {
        for (const prices of Object.values(position.prices)) {
          for (const one of prices!) {
            if (one.day >= year.from && one.day <= year.to) total += Number(one.price);
          }
        }
      }
    }
  }
  if (!Number.isFinite(total)) throw new Error('the floor lost its sum');
  return performance.now() - started;
}

function main(): void {
  const years = buildYears();
  const historyDays = weekdays(HISTORY_FROM, TODAY).length;
  console.info(
    `${CONTRACTS} contracts x ${YEARS.length} years = ${years.length} contract years, ` +
      `${STRATEGIES} strategies + the actual clicks each, ${historyDays} weekdays of history, ` +
      `${pricesRead(years)} daily prices read`,
  );
  // One warm-up run: the first compiles.
  const check = years.map(({ year, stored, volume }) =>
    yearFigures(year, stored, PARAMETERS, toDec(volume)),
  );
  const unavailable = check.flatMap((one) => one.strategies).filter((one) => one.unavailable);
  if (unavailable.length > 0) throw new Error(`${unavailable.length} strategies unavailable`);
  const load = machineLoad();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    for (const { year, stored, volume } of years) {
      yearFigures(year, stored, PARAMETERS, toDec(volume));
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const floors = Array.from({ length: RUNS }, () => floorMs(years)).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const floor = floors[Math.floor(floors.length / 2)]!;
  load.note();
  console.info(`replay of all ${years.length} contract years, ${RUNS} runs`);
  console.info(
    `  Klik: median ${median.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms, worst ` +
      `${times.at(-1)!.toFixed(0)} ms (target < ${TARGET_MS} ms)`,
  );
  console.info(`  floor (the same daily prices summed in a plain loop): ${floor.toFixed(1)} ms`);
  console.info(`  median ratio Klik / floor: ${(median / floor).toFixed(0)}`);
  process.exitCode = load.verdict(median < TARGET_MS);
}

main();
