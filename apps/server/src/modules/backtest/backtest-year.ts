import {
  addDays,
  amsterdamDate,
  amsterdamInstant,
  fromDec,
  MONTHS,
  monthsOf,
  periodDeadline,
  periodTypeOf,
  QUARTERS,
  resolveMargin,
  toDec,
  type BacktestPosition,
  type BacktestYear,
  type ClickType,
  type ContractPartName,
  type DailyPrice,
  type DecimalString,
  type HedgePoint,
  type LocalDate,
  type MarginScenarioVersion,
  type MarginStep,
  type Maturity,
  type ReplayClick,
} from '@klik/domain';
import type { MarketProducts } from '../../kernel/pricing/margin-pricing';
import { contractTermsOf } from '../../kernel/pricing/margin-pricing';
import type { BacktestContractRow, PartMonthRow, StoredClickRow } from './backtest.repository';

/*
 * A contract year as the replay reads it (docs/backtest.md, "The window"), built from what the
 * repository and the history read: the positions the click type allows with their part volumes
 * and last days, the window, the margin steps and each part's prices. Pure: the service reads,
 * this builds, the domain replays.
 */

/** decimal.js's rounding towards zero: a split never hands out more than the click had. */
const ROUND_DOWN = 1;

/** How many years before delivery the window starts at most. */
export const WINDOW_YEARS = 3;

/** The positions a click type allows: ALL and none click the year as a whole. */
export function maturitiesOf(clickType: ClickType): readonly Maturity[] {
  switch (clickType) {
    case 'QUARTER':
      return QUARTERS;
    case 'MONTH':
      return MONTHS;
    default:
      return ['Y'];
  }
}

/** One instrument the replay needs prices of. */
export interface Instrument {
  product: string;
  yearOfSupply: number;
  maturity: Maturity;
}

/** The positions without prices yet, and the instruments they are priced on. */
export interface YearPlan {
  positions: Omit<BacktestPosition, 'prices'>[];
  /** Per position (same order) and part, the market product (pricing IDs). */
  products: Partial<Record<ContractPartName, string>>;
  /** The window before history: from WINDOW_YEARS before delivery to the last deadline or today. */
  from: LocalDate;
  to: LocalDate;
  /** The window ends today because the year can still be clicked. */
  open: boolean;
}

const sum = (values: readonly string[]) =>
  values.reduce((acc, value) => acc.plus(toDec(value)), toDec('0'));

/** The positions, products and unpriced window of a contract year; null without volume. */
export function planYear(
  contract: BacktestContractRow,
  yearOfSupply: number,
  months: readonly PartMonthRow[],
  products: MarketProducts,
  today: LocalDate,
): YearPlan | null {
  if (months.length === 0) return null;
  const partNames = [...new Set(months.map((row) => row.part))];
  const positions = maturitiesOf(contract.clickType).map((maturity) => {
    const covered = new Set(monthsOf(maturity));
    return {
      maturity,
      lastDay: periodDeadline({ maturity, yearOfSupply }, undefined, contract.deadlineRule)
        .lastTradingDay,
      parts: partNames.map((part) => ({
        part,
        volume: fromDec(
          sum(
            months
              .filter((row) => row.part === part && covered.has(row.month))
              .map((row) => row.totalVolume),
          ),
        ),
      })),
    };
  });
  const lastDeadline = positions.reduce(
    (last, position) => (position.lastDay > last ? position.lastDay : last),
    positions[0]!.lastDay,
  );
  const to = lastDeadline < today ? lastDeadline : today;
  return {
    positions,
    products: Object.fromEntries(partNames.map((part) => [part, products[part]])),
    from: `${yearOfSupply - WINDOW_YEARS}-01-01`,
    to,
    open: to === today && today < lastDeadline,
  };
}

/** The instruments a plan needs prices of: each position's maturity of each part's product. */
export function instrumentsOf(plan: YearPlan, yearOfSupply: number): Instrument[] {
  return plan.positions.flatMap((position) =>
    position.parts.flatMap((part) => {
      const product = plan.products[part.part];
      return product ? [{ product, yearOfSupply, maturity: position.maturity }] : [];
    }),
  );
}

/** The key the history answers per instrument. */
export const keyOf = (instrument: Instrument) =>
  `${instrument.product}/${instrument.yearOfSupply}/${instrument.maturity}`;

/** The margin scenarios that may price the contract's quotes. */
export interface ContractScenarios {
  contract: readonly MarginScenarioVersion[] | null;
  customer: readonly MarginScenarioVersion[] | null;
}

const MIDNIGHT = { hour: 0, minute: 0 };

/**
 * The mark-up and fee per part over the window, as steps: what a quote made at the start of each
 * day would have been priced with (resolveMargin, docs/margins.md), a step on each day a scenario
 * version takes effect or its validity begins or ends. The grid line is the one of the click
 * type's period type at the first position's part volume (the steps have no maturity).
 */
export function marginStepsOf(
  contract: BacktestContractRow,
  plan: Pick<YearPlan, 'positions'>,
  scenarios: ContractScenarios,
  from: LocalDate,
  to: LocalDate,
): MarginStep[] {
  const boundaries = new Set<LocalDate>([from]);
  for (const version of [...(scenarios.contract ?? []), ...(scenarios.customer ?? [])]) {
    for (const at of [version.effectiveAt, version.validFrom, version.validUntil]) {
      if (at === null) continue;
      const day = amsterdamDate(at);
      // A version taking effect during a day prices that day's quotes only after it: the next day.
      const first =
        amsterdamInstant(day, MIDNIGHT).getTime() === at.getTime() ? day : addDays(day, 1);
      if (first > from && first <= to) boundaries.add(first);
    }
  }
  const days = [...boundaries].sort();
  const first = plan.positions[0]!;
  const steps: MarginStep[] = [];
  for (const { part, volume } of first.parts) {
    let last: string | null = null;
    for (const day of days) {
      const margin = resolveMargin({
        at: amsterdamInstant(day, MIDNIGHT),
        question: {
          commodity: contract.commodity,
          part,
          maturityType: periodTypeOf(first.maturity),
          volume,
        },
        contractScenario: scenarios.contract,
        customerScenario: scenarios.customer,
        contractTerms: contractTermsOf(contract, part),
      });
      const key = `${margin.markUp}/${margin.transactionFee}`;
      if (key === last) continue;
      last = key;
      steps.push({
        from: day,
        part,
        markUp: margin.markUp,
        transactionFee: margin.transactionFee,
      });
    }
  }
  return steps;
}

/**
 * The year to replay: the plan's positions with their prices, the window from its first day with
 * history (never before the plan's start) to the plan's end. Null when no position has any price
 * in the window (NO_HISTORY).
 */
export function buildYear(
  contract: BacktestContractRow,
  yearOfSupply: number,
  plan: YearPlan,
  prices: ReadonlyMap<string, readonly DailyPrice[]>,
  scenarios: ContractScenarios,
  hedgePolicy: readonly HedgePoint[] | null,
): BacktestYear | null {
  let firstDay = null as LocalDate | null;
  const positions: BacktestPosition[] = plan.positions.map((position) => {
    const priced: BacktestPosition['prices'] = {};
    for (const { part } of position.parts) {
      const product = plan.products[part];
      if (!product) continue;
      const series = (
        prices.get(keyOf({ product, yearOfSupply, maturity: position.maturity })) ?? []
      ).filter((one) => one.day >= plan.from && one.day <= plan.to);
      if (series.length === 0) continue;
      priced[part] = series;
      if (firstDay === null || series[0]!.day < firstDay) firstDay = series[0]!.day;
    }
    return { ...position, prices: priced };
  });
  if (firstDay === null) return null;
  const from: LocalDate = firstDay > plan.from ? firstDay : plan.from;
  return {
    yearOfSupply,
    clickType: contract.clickType,
    minClickPercentage: contract.minClickPercentage,
    maxClickPercentage: contract.maxClickPercentage,
    maxClicksPerYear: contract.maxClicksPerYear,
    positions,
    from,
    to: plan.to,
    margins: marginStepsOf(contract, plan, scenarios, from, plan.to),
    hedgePolicy,
  };
}

/**
 * A stored click's part as the replay reads it: the market price and margin from the quote's part
 * where the click was made through a quote, else the contract's own mark-up and fee with the
 * market price as the rest of the click price.
 */
export function storedClickOf(contract: BacktestContractRow, row: StoredClickRow): ReplayClick {
  const quoted = row.quotePart;
  let margin: DecimalString;
  let marketPrice: DecimalString;
  if (quoted) {
    margin = fromDec(toDec(quoted.markUp).plus(toDec(quoted.transactionFee)));
    marketPrice = fromDec(toDec(quoted.marketPrice));
  } else {
    const terms = contractTermsOf(contract, row.part);
    margin = fromDec(toDec(terms.markUp).plus(toDec(terms.transactionFee)));
    marketPrice = fromDec(toDec(row.price).minus(toDec(margin)));
  }
  return {
    day: amsterdamDate(row.completedAt),
    maturity: row.maturity,
    part: row.part,
    volume: fromDec(toDec(row.volume)),
    marketPrice,
    margin,
    price: fromDec(toDec(row.price)),
    forced: false,
  };
}

/**
 * The stored clicks on the replayed positions. A contract whose click type allows every period
 * type (none, ALL) is replayed on the year as a whole, and a click type may have changed since a
 * click: a click of a shorter period counts against the position that contains it, one of a
 * longer period is split over the positions it covers by their part volumes (down to the kWh, the
 * last one taking the rest), at its own prices. So the actual clicks fix what they fixed, once.
 */
export function fitToPositions(
  clicks: readonly ReplayClick[],
  positions: YearPlan['positions'],
): ReplayClick[] {
  const fitted: ReplayClick[] = [];
  for (const click of clicks) {
    if (positions.some((position) => position.maturity === click.maturity)) {
      fitted.push(click);
      continue;
    }
    const months = new Set(monthsOf(click.maturity));
    const container = positions.find((position) =>
      [...months].every((month) => monthsOf(position.maturity).includes(month)),
    );
    if (container) {
      fitted.push({ ...click, maturity: container.maturity });
      continue;
    }
    const covered = positions
      .filter((position) => monthsOf(position.maturity).every((month) => months.has(month)))
      .map((position) => ({
        maturity: position.maturity,
        weight: toDec(position.parts.find((one) => one.part === click.part)?.volume ?? '0'),
      }))
      .filter((one) => one.weight.gt(0));
    const total = covered.reduce((acc, one) => acc.plus(one.weight), toDec('0'));
    if (total.isZero()) {
      fitted.push(click);
      continue;
    }
    const volume = toDec(click.volume);
    let rest = volume;
    covered.forEach((one, index) => {
      const share =
        index === covered.length - 1
          ? rest
          : volume.times(one.weight).div(total).toDecimalPlaces(3, ROUND_DOWN);
      rest = rest.minus(share);
      if (share.gt(0)) fitted.push({ ...click, maturity: one.maturity, volume: fromDec(share) });
    });
  }
  return fitted;
}
