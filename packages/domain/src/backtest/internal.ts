import type { LocalDate } from '../amsterdam-time';
import type { ContractPartName } from '../contract';
import { Dec, fromDec, toDec, type DecimalString } from '../decimal';
import { AVERAGE_PRICE_DECIMALS } from '../pricing';
import { RUNOUT_THRESHOLD_PERCENTAGE } from '../runout';
import type { BacktestPosition, BacktestYear, DailyPrice, MarginStep } from './types';

/*
 * Helpers the backtest's modules share; not part of the package's surface (index.ts does not
 * export this file).
 *
 * Speed (a request replays dozens of years with seven strategies each, over years of daily
 * prices): every year's derived data (its parts' prices by day, the margins, the day series,
 * the month means) is built once per year in a YearCache and shared by the strategies, the
 * replays and the statistics (`prepareYear`). Decimal.js is exact but slow, so the day series
 * is summed in plain integers (scaled by a power of ten) whenever every figure and every partial
 * sum is a safe integer: then both ways are exact and give the same figure; otherwise it is
 * summed in decimals as ever.
 */

/** Clicks are whole kWh: volumes have 3 decimals (MWh). */
export const VOLUME_DECIMALS = 3;

const HUNDRED = new Dec(100);

/** One part of a position with its prices inside a span of days, ready for lookups by day. */
export interface PricedPart {
  part: ContractPartName;
  volume: Dec;
  volumeText: DecimalString;
  /** The days with a price, in order. */
  days: readonly LocalDate[];
  /** The price text of each of those days (the last one given for a day); may run on after. */
  texts: readonly DecimalString[];
}

/**
 * The parts of a position that have volume, each with its prices on the days in [from, until].
 * A part without volume is never clicked, so its missing prices must not hide a day.
 */
export function pricedParts(
  position: BacktestPosition,
  from: LocalDate,
  until: LocalDate,
): PricedPart[] {
  return position.parts
    .filter((part) => toDec(part.volume).gt(0))
    .map((part) => ({
      part: part.part,
      volume: toDec(part.volume),
      volumeText: part.volume,
      ...pricesWithin(position.prices[part.part] ?? [], from, until),
    }));
}

/** The days in [from, until] with their price, in day order, the last price of a day winning. */
function pricesWithin(
  prices: readonly DailyPrice[],
  from: LocalDate,
  until: LocalDate,
): { days: LocalDate[]; texts: DecimalString[] } {
  const days: LocalDate[] = [];
  const texts: DecimalString[] = [];
  for (const price of prices) {
    if (price.day < from || price.day > until) continue;
    // Prices come in day order; any other order is sorted out below.
    if (days.length > 0 && price.day <= (days[days.length - 1] as LocalDate)) {
      const byDay = new Map<LocalDate, DecimalString>();
      for (const each of prices) {
        if (each.day >= from && each.day <= until) byDay.set(each.day, each.price);
      }
      const sorted = [...byDay.keys()].sort();
      return { days: sorted, texts: sorted.map((day) => byDay.get(day) as DecimalString) };
    }
    days.push(price.day);
    texts.push(price.price);
  }
  return { days, texts };
}

/** The step of the part in force on the day: its last one from that day or before. */
function stepOn(
  margins: readonly MarginStep[],
  part: ContractPartName,
  day: LocalDate,
): MarginStep {
  let inForce: MarginStep | null = null;
  for (const step of margins) {
    // On a tie the later step wins: a correction is appended after what it corrects.
    if (step.part === part && step.from <= day && (inForce === null || step.from >= inForce.from)) {
      inForce = step;
    }
  }
  if (inForce === null) throw new RangeError(`No margin for ${part} on ${day}`);
  return inForce;
}

/** Mark-up + transaction fee of the last step of the part in force on the day. */
export function marginDec(
  margins: readonly MarginStep[],
  part: ContractPartName,
  day: LocalDate,
): Dec {
  const step = stepOn(margins, part, day);
  return toDec(step.markUp).plus(toDec(step.transactionFee));
}

/** What remains below this is clicked too (1% of the contracted volume). */
export function runoutLimit(contracted: Dec): Dec {
  return contracted.times(RUNOUT_THRESHOLD_PERCENTAGE).div(100);
}

function byFrom(a: MarginStep, b: MarginStep): number {
  return a.from < b.from ? -1 : a.from > b.from ? 1 : 0;
}

/** Whether the prices are strictly in day order (so each day once). */
function inDayOrder(prices: readonly DailyPrice[]): boolean {
  return prices.every((price, i) => i === 0 || (prices[i - 1] as DailyPrice).day < price.day);
}

/** The index of the first price on or after the day (prices in day order). */
function firstAt(prices: readonly DailyPrice[], day: string): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((prices[middle] as DailyPrice).day < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the first price after the day (prices in day order). */
function firstAfter(prices: readonly DailyPrice[], day: string): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((prices[middle] as DailyPrice).day <= day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Two lists of days in order merged into one, in order, each day once. */
function union(a: readonly LocalDate[], b: readonly LocalDate[]): readonly LocalDate[] {
  if (a.length === 0) return b;
  const days: LocalDate[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x < y)) {
      days.push(x as LocalDate);
      i += 1;
    } else {
      if (x === y) i += 1;
      days.push(y);
      j += 1;
    }
  }
  return days;
}

/** The earlier of two days. */
export function earlier(a: LocalDate, b: LocalDate): LocalDate {
  return a < b ? a : b;
}

/** The number of decimals a plain decimal string is written with. */
function decimalsOf(text: DecimalString): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Beyond this power of ten a double no longer holds it exactly. */
const MAX_EXACT_POWER = 22;

/**
 * The text as an integer in units of 10^-scale (scale at least its decimals); NaN when it is no
 * plain decimal or that is not a safe integer, so that no sum with it passes a bound.
 */
export function unitsOf(text: DecimalString, scale: number): number {
  // The digits one by one: exact while below 2^53, and checks the form (as isDecimalString).
  let units = 0;
  let decimals = -1;
  const start = text.charCodeAt(0) === MINUS ? 1 : 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === DOT && decimals < 0 && i > start && i < text.length - 1) decimals = 0;
    else if (code >= ZERO && code <= NINE) {
      units = units * 10 + (code - ZERO);
      if (decimals >= 0) decimals += 1;
    } else return NaN;
  }
  if (text.length === start) return NaN;
  const power = scale - Math.max(decimals, 0);
  const scaled = units * (POWERS[power] ?? NaN);
  // A true value above 2^53 - 1 comes out at 2^53 or more (rounding is monotonic), and a power
  // beyond the table (or below 0) as NaN.
  if (!safe(scaled)) return NaN;
  return start === 1 ? -scaled : scaled;
}

/** 10^0 .. 10^22, each exact. */
const POWERS = Array.from({ length: MAX_EXACT_POWER + 1 }, (_, k) => 10 ** k);
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

function safe(value: number): boolean {
  return Math.abs(value) <= Number.MAX_SAFE_INTEGER;
}

/** A plain decimal with at most `scale` decimals in units of 10^-scale, exactly. */
function bigUnits(text: DecimalString, scale: number): bigint {
  const dot = text.indexOf('.');
  const digits = dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1);
  return BigInt(digits) * 10n ** BigInt(scale - decimalsOf(text));
}

/** Units of 10^-scale written as a plain decimal without trailing zeros, as fromDec writes. */
export function unitsText(units: number | bigint, scale: number): DecimalString {
  if (units === 0 || units === 0n) return '0';
  const digits = String(units < 0 ? -units : units).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${units < 0 ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * a / b rounded half away from zero (as Dec.ROUND_HALF_UP), for a safe integer a and a safe
 * integer b > 0. The float quotient floors to the true one: with a = qb + r (0 < r < b) it lies
 * 1/b or more below q + 1, while rounding moves it at most a/b x 2^-53 < 1/b (a < 2^53).
 */
export function divideHalfUp(a: number, b: number): number {
  const size = Math.abs(a);
  const q = Math.floor(size / b);
  const rounded = 2 * (size - q * b) >= b ? q + 1 : q;
  return a < 0 ? -rounded : rounded;
}

/**
 * The year's day series: every day in [from, to] on which every part with volume of every
 * position has a price, with what fixing the whole year's volume that day costs (the sum over
 * the parts of volume x (market price + margin), EUR, exact) and the year's click price (that
 * amount / the year's volume, half-up to 4 decimals).
 */
export interface YearSeries {
  days: readonly LocalDate[];
  /** The click price per day, as yearDailyPrices answers it. */
  prices: readonly DecimalString[];
  /** The amounts in units of 10^-amountScale when they are safe integers, else null. */
  amountUnits: readonly number[] | null;
  amountScale: number;
  /** The click prices in units of 10^-4 when the amounts are integers, else null. */
  priceUnits: readonly number[] | null;
  /** The amount of the i-th day, exact. */
  amount(i: number): Dec;
}

/** The prepared years, each with its cache (`prepareYear`). */
const prepared = new WeakMap<BacktestYear, YearCache>();

/** A year whose derived data is built once and shared; the year must not change afterwards. */
export function prepare(year: BacktestYear): BacktestYear {
  const copy = Object.freeze({ ...year });
  prepared.set(copy, new YearCache(copy));
  return copy;
}

/** The prepared year's cache, or a new one for a year not prepared (kept for this call only). */
export function cacheOf(year: BacktestYear): YearCache {
  return prepared.get(year) ?? new YearCache(year);
}

/** A part's click price on a day, as a click reports it. */
export interface ClickPrice {
  marketPrice: DecimalString;
  margin: DecimalString;
  price: DecimalString;
  marginDec: Dec;
  priceDec: Dec;
}

/**
 * A position part's volume and click limits for the replay, in units of 10^-scale (the finest
 * any of them is written in, at least the kWh).
 */
export interface ReplayLimits {
  scale: number;
  volume: bigint;
  /** The largest click, down to the kWh (as the portal's volumeLimits). */
  largest: bigint;
  /** The smallest click, never above the largest (else nothing could ever be clicked). */
  smallest: bigint;
  /** Runout: what remains below this is clicked too. */
  threshold: bigint;
  /** The volume in units of 10^-decimals, as written. */
  exact: bigint;
  decimals: number;
}

/** What the year's strategies, replays and statistics share, each part built when first asked. */
export class YearCache {
  // Price strings repeat (every strategy reads the same days): each is parsed once a year.
  private readonly parsed = new Map<DecimalString, Dec>();
  private readonly steps = new Map<MarginStep, Dec>();
  private readonly stepsOf = new Map<ContractPartName, MarginStep[]>();
  private readonly inWindow = new Map<BacktestPosition, PricedPart[]>();
  private readonly replayed = new Map<
    BacktestPosition,
    { parts: PricedPart[]; days: readonly LocalDate[] }
  >();
  /** Per part's prices (shared by its window and replay views), per priced day. */
  private readonly clickPrices = new Map<readonly DecimalString[], (ClickPrice | undefined)[]>();
  /** Per instrument (maturity and part) and month, the mean of its prices in the window. */
  private readonly means = new Map<string, Dec | null>();
  private readonly ordered = new Map<readonly DailyPrice[], boolean>();
  private series: YearSeries | undefined;
  private limitsOf: { largest: Dec; smallest: Dec } | undefined;
  private readonly limitsByPart = new Map<PricedPart, ReplayLimits>();

  constructor(readonly year: BacktestYear) {}

  /** toDec, once per text. */
  dec(text: DecimalString): Dec {
    let value = this.parsed.get(text);
    if (value === undefined) {
      value = toDec(text);
      this.parsed.set(text, value);
    }
    return value;
  }

  /** The part's step in force on the day (as stepOn), found by halving its steps by day. */
  step(part: ContractPartName, day: LocalDate): MarginStep {
    let steps = this.stepsOf.get(part);
    if (steps === undefined) {
      // Stable: of steps from the same day the later one stays later, and so wins.
      steps = this.year.margins.filter((step) => step.part === part).sort(byFrom);
      this.stepsOf.set(part, steps);
    }
    let low = 0;
    let high = steps.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((steps[middle] as MarginStep).from <= day) low = middle + 1;
      else high = middle;
    }
    if (low === 0) throw new RangeError(`No margin for ${part} on ${day}`);
    return steps[low - 1] as MarginStep;
  }

  /** marginDec, each step's sum computed once. */
  margin(part: ContractPartName, day: LocalDate): Dec {
    return this.stepMargin(this.step(part, day));
  }

  /** A step's mark-up + transaction fee. */
  stepMargin(step: MarginStep): Dec {
    let value = this.steps.get(step);
    if (value === undefined) {
      value = toDec(step.markUp).plus(toDec(step.transactionFee));
      this.steps.set(step, value);
    }
    return value;
  }

  /** The position's parts priced within the window [from, to]. */
  windowParts(position: BacktestPosition): PricedPart[] {
    let parts = this.inWindow.get(position);
    if (parts === undefined) {
      parts = pricedParts(position, this.year.from, this.year.to);
      this.inWindow.set(position, parts);
    }
    return parts;
  }

  /**
   * The position's parts priced within the window up to its last day (what the replay reads),
   * with the days on which any of them is priced, in order. A part's price lookup may also know
   * later days: the replay asks only for its days.
   */
  replayParts(position: BacktestPosition): { parts: PricedPart[]; days: readonly LocalDate[] } {
    let replayed = this.replayed.get(position);
    if (replayed === undefined) {
      const until = earlier(position.lastDay, this.year.to);
      const parts = this.windowParts(position).map((part) => {
        let end = part.days.length;
        while (end > 0 && (part.days[end - 1] as LocalDate) > until) end -= 1;
        return end === part.days.length ? part : { ...part, days: part.days.slice(0, end) };
      });
      replayed = { parts, days: parts.map((part) => part.days).reduce(union, []) };
      this.replayed.set(position, replayed);
    }
    return replayed;
  }

  /** The replay's volume and click limits of a part. */
  replayLimits(part: PricedPart): ReplayLimits {
    let limits = this.limitsByPart.get(part);
    if (limits === undefined) {
      const percentages = (this.limitsOf ??= {
        largest: toDec(this.year.maxClickPercentage),
        smallest: toDec(this.year.minClickPercentage),
      });
      const { volume } = part;
      const largest = volume
        .times(percentages.largest)
        .div(HUNDRED)
        .toDecimalPlaces(VOLUME_DECIMALS, Dec.ROUND_DOWN);
      const smallest = Dec.min(volume.times(percentages.smallest).div(HUNDRED), largest);
      const texts = [volume, largest, smallest, runoutLimit(volume)].map(fromDec);
      const scale = Math.max(VOLUME_DECIMALS, ...texts.map(decimalsOf));
      const [v, l, s, t] = texts.map((text) => bigUnits(text, scale)) as [
        bigint,
        bigint,
        bigint,
        bigint,
      ];
      const decimals = decimalsOf(texts[0] as string);
      limits = {
        scale,
        volume: v,
        largest: l,
        smallest: s,
        threshold: t,
        exact: bigUnits(texts[0] as string, decimals),
        decimals,
      };
      this.limitsByPart.set(part, limits);
    }
    return limits;
  }

  /** The part's click price on its i-th priced day. */
  clickPrice(part: PricedPart, i: number): ClickPrice {
    let byDay = this.clickPrices.get(part.texts);
    if (byDay === undefined) {
      byDay = [];
      this.clickPrices.set(part.texts, byDay);
    }
    let known = byDay[i];
    if (known === undefined) {
      const market = this.dec(part.texts[i] as DecimalString);
      const margin = this.margin(part.part, part.days[i] as LocalDate);
      const price = market.plus(margin);
      known = {
        marketPrice: fromDec(market),
        margin: fromDec(margin),
        price: fromDec(price),
        marginDec: margin,
        priceDec: price,
      };
      byDay[i] = known;
    }
    return known;
  }

  /**
   * The mean of an instrument's daily market prices in the window within a month (YYYY-MM), to 4
   * decimals; null when it has none. The instrument: the part of the first position of the
   * maturity. Every price given counts, in the order given.
   */
  monthMean(maturity: string, part: ContractPartName, month: string): Dec | null {
    const key = `${maturity} ${part} ${month}`;
    let mean = this.means.get(key);
    if (mean === undefined) {
      const position = this.year.positions.find((each) => each.maturity === maturity);
      const prices = this.monthPrices(position?.prices[part] ?? [], month);
      mean = prices.length === 0 ? null : meanOf(prices, (text) => this.dec(text));
      this.means.set(key, mean);
    }
    return mean;
  }

  /** The prices in the window within the month, in the order given. */
  private monthPrices(prices: readonly DailyPrice[], month: string): DecimalString[] {
    let ordered = this.ordered.get(prices);
    if (ordered === undefined) {
      ordered = inDayOrder(prices);
      this.ordered.set(prices, ordered);
    }
    if (!ordered) {
      return prices
        .filter((price) => this.withinWindow(price.day) && price.day.startsWith(month))
        .map((price) => price.price);
    }
    // In day order: the month is a run of them. "YYYY-MM." follows every day of the month.
    const from = Math.max(firstAt(prices, this.year.from), firstAt(prices, month));
    const until = Math.min(firstAfter(prices, this.year.to), firstAt(prices, `${month}.`));
    return prices.slice(from, Math.max(from, until)).map((price) => price.price);
  }

  private withinWindow(day: LocalDate): boolean {
    return day >= this.year.from && day <= this.year.to;
  }

  /** The year's day series (YearSeries). */
  yearSeries(): YearSeries {
    return (this.series ??= buildSeries(this));
  }
}

/**
 * The mean of prices, half-up to 4 decimals: in integers when their sizes add up to a safe
 * integer, else in decimals.
 */
function meanOf(prices: readonly DecimalString[], dec: (text: DecimalString) => Dec): Dec {
  let scale = AVERAGE_PRICE_DECIMALS;
  for (const price of prices) scale = Math.max(scale, decimalsOf(price));
  const divisor = prices.length * 10 ** (scale - AVERAGE_PRICE_DECIMALS);
  let sum = 0;
  let size = divisor;
  for (const price of prices) {
    const units = unitsOf(price, scale);
    sum += units;
    size += Math.abs(units);
  }
  if (size <= Number.MAX_SAFE_INTEGER && scale <= MAX_EXACT_POWER) {
    return new Dec(unitsText(divideHalfUp(sum, divisor), AVERAGE_PRICE_DECIMALS));
  }
  return prices
    .reduce((total, price) => total.plus(dec(price)), new Dec(0))
    .div(prices.length)
    .toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP);
}

/** The day series, in integers when they are exact, else in decimals. */
function buildSeries(cache: YearCache): YearSeries {
  const parts = cache.year.positions.flatMap((position) => cache.windowParts(position));
  const { days, at } = commonDays(parts);
  // Every position has the same few parts: look each one's margin up once a day.
  const names = [...new Set(parts.map((part) => part.part))];
  const steps: MarginStep[][] = [];
  const margins = days.map((day) => {
    const dayly = names.map((name) => cache.step(name, day));
    steps.push(dayly);
    return dayly.map((step) => cache.stepMargin(step));
  });
  const priced = parts.map((part, p) => ({
    ...part,
    name: names.indexOf(part.part),
    at: at[p] as number[],
  }));
  return integerSeries(priced, days, steps) ?? decimalSeries(cache, priced, days, margins);
}

/** A part of the series with, per day of the series, the index of that day in its own days. */
interface SeriesPart extends PricedPart {
  /** Its index among the year's part names (the margins of a day). */
  name: number;
  at: readonly number[];
}

/** The days on which every part has a price, with each part's index of the day. */
function commonDays(parts: readonly PricedPart[]): { days: LocalDate[]; at: number[][] } {
  const days: LocalDate[] = [];
  const at = parts.map((): number[] => []);
  const [first, ...rest] = parts;
  const next = rest.map(() => 0);
  first?.days.forEach((day, i) => {
    for (let p = 0; p < rest.length; p++) {
      const own = (rest[p] as PricedPart).days;
      let j = next[p] as number;
      while (j < own.length && (own[j] as LocalDate) < day) j += 1;
      next[p] = j;
      if (own[j] !== day) return;
    }
    days.push(day);
    (at[0] as number[]).push(i);
    for (let p = 0; p < rest.length; p++) (at[p + 1] as number[]).push(next[p] as number);
  });
  return { days, at };
}

function decimalSeries(
  cache: YearCache,
  parts: readonly SeriesPart[],
  days: readonly LocalDate[],
  margins: readonly (readonly Dec[])[],
): YearSeries {
  const volume = parts.reduce((sum, part) => sum.plus(part.volume), new Dec(0));
  const amounts = days.map((_, d) =>
    parts.reduce(
      (sum, part) =>
        sum.plus(
          part.volume.times(
            cache
              .dec(part.texts[part.at[d] as number] as DecimalString)
              .plus((margins[d] as Dec[])[part.name] as Dec),
          ),
        ),
      new Dec(0),
    ),
  );
  return {
    days,
    prices: amounts.map((amount) =>
      fromDec(amount.div(volume).toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP)),
    ),
    amountUnits: null,
    amountScale: 0,
    priceUnits: null,
    amount: (i) => amounts[i] as Dec,
  };
}

/**
 * The day series in integers: volumes in units of 10^-sv, prices and margins of 10^-sp (at
 * least 4 decimals, the click price's), amounts of 10^-(sv + sp). Null when some figure or a
 * bound of the sums is not a safe integer: then the decimals decide.
 */
function integerSeries(
  parts: readonly SeriesPart[],
  days: readonly LocalDate[],
  steps: readonly (readonly MarginStep[])[],
): YearSeries | null {
  let sv = 0;
  for (const part of parts) sv = Math.max(sv, decimalsOf(part.volumeText));
  let sp = AVERAGE_PRICE_DECIMALS;
  for (const part of parts) {
    for (const i of part.at) sp = Math.max(sp, decimalsOf(part.texts[i] as DecimalString));
  }
  const stepUnits = new Map<MarginStep, number>();
  for (const dayly of steps) {
    for (const step of dayly) {
      if (stepUnits.has(step)) continue;
      sp = Math.max(sp, decimalsOf(step.markUp), decimalsOf(step.transactionFee));
      stepUnits.set(step, NaN);
    }
  }
  for (const step of stepUnits.keys()) {
    stepUnits.set(step, unitsOf(step.markUp, sp) + unitsOf(step.transactionFee, sp));
  }
  const volumes = parts.map((part) => unitsOf(part.volumeText, sv));
  const total = volumes.reduce((sum, v) => sum + v, 0);
  const divisor = total * 10 ** (sp - AVERAGE_PRICE_DECIMALS);
  // Part by part (each day's sum still adds the parts in their order). Bound: every product and
  // partial sum is at most the sum of |volume| x (|price| + |margin|).
  const amounts = new Float64Array(days.length);
  const sizes = new Float64Array(days.length);
  const margins = new Map<number, Float64Array>();
  parts.forEach((part, p) => {
    let dayly = margins.get(part.name);
    if (dayly === undefined) {
      dayly = Float64Array.from(
        steps,
        (step) => stepUnits.get(step[part.name] as MarginStep) as number,
      );
      margins.set(part.name, dayly);
    }
    const volume = volumes[p] as number;
    for (let d = 0; d < days.length; d++) {
      const price = unitsOf(part.texts[part.at[d] as number] as DecimalString, sp);
      const margin = dayly[d] as number;
      amounts[d] = (amounts[d] as number) + volume * (price + margin);
      sizes[d] = (sizes[d] as number) + Math.abs(volume) * (Math.abs(price) + Math.abs(margin));
    }
  });
  // NaN (a figure that is no safe integer) stays NaN and fails the bound's test.
  const bound = sizes.reduce((max, size) => Math.max(max, size), 0);
  const amountUnits = [...amounts];
  if (!(bound + divisor <= Number.MAX_SAFE_INTEGER) || sp > MAX_EXACT_POWER) return null;
  const priceUnits = amountUnits.map((amount) => divideHalfUp(amount, divisor));
  const scale = sv + sp;
  return {
    days,
    prices: priceUnits.map((units) => unitsText(units, AVERAGE_PRICE_DECIMALS)),
    amountUnits,
    amountScale: scale,
    priceUnits,
    amount: (i) => new Dec(unitsText(amountUnits[i] as number, scale)),
  };
}

/**
 * Day series handed out (yearDailyPrices, strategyInput), with their prices in units of 10^-4,
 * so that the strategies and statistics reading them need no decimals. An array is trusted only
 * while it still holds exactly the days and prices handed out.
 */
const handedOut = new WeakMap<readonly DailyPrice[], YearSeries>();

export function handOut(series: YearSeries): DailyPrice[] {
  const days = series.days.map((day, i) => ({ day, price: series.prices[i] as DecimalString }));
  handedOut.set(days, series);
  return days;
}

/** The series an array was handed out as, while unchanged; null for any other array. */
export function seriesOf(days: readonly DailyPrice[]): YearSeries | null {
  const series = handedOut.get(days);
  if (series === undefined || series.days.length !== days.length) return null;
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as DailyPrice;
    if (day.day !== series.days[i] || day.price !== series.prices[i]) return null;
  }
  return series;
}
