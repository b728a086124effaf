import type { Backtest } from '@klik/api';
import type { BacktestYear, ContractPartName, DailyPrice, LocalDate } from '@klik/domain';

/*
 * The chart's history (docs/backtest.md, "The figures"): per day of the year's click price series,
 * that price and each part's own click price, volume-weighted over the positions that have the
 * part and a price that day. Exact, in scaled integers: a MONTH contract's year is 12 positions x
 * 2 parts x ~780 days, which in decimal objects took seconds; BigInt gives the same figures (half-up
 * to 4 decimals) in milliseconds.
 */

/** Prices and margins in millionths of a EUR/MWh, volumes in kWh: every stored decimal fits. */
const PRICE_PLACES = 6;
const VOLUME_PLACES = 3;
const SHOWN_PLACES = 4;

/** A plain decimal as an integer of `places` decimals; null when it has more. */
export function scaled(value: string, places: number): bigint | null {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  if (fraction.length > places) return null;
  const digits = BigInt(whole + fraction.padEnd(places, '0'));
  return negative ? -digits : digits;
}

/** An integer of `places` decimals as a plain decimal without trailing zeros. */
export function plain(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, -places);
  const fraction = digits.slice(-places).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** a / b half-up (away from zero on a half), b > 0. */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = ((negative ? -a : a) * 2n + b) / (2n * b);
  return negative ? -magnitude : magnitude;
}

interface PricedPosition {
  volume: bigint;
  prices: Map<LocalDate, bigint>;
}

/**
 * The history of the chart; null when a stored figure has more decimals than the scaled integers
 * hold (never for what the database keeps), and the caller computes it in decimals instead.
 */
export function chartHistory(
  year: BacktestYear,
  series: readonly DailyPrice[],
): Backtest['history'] | null {
  const parts = new Map<ContractPartName, PricedPosition[]>();
  for (const position of year.positions) {
    for (const { part, volume } of position.parts) {
      const kwh = scaled(volume, VOLUME_PLACES);
      if (kwh === null) return null;
      if (kwh <= 0n) continue;
      const prices = new Map<LocalDate, bigint>();
      for (const one of position.prices[part] ?? []) {
        const price = scaled(one.price, PRICE_PLACES);
        if (price === null) return null;
        prices.set(one.day, price);
      }
      const list = parts.get(part) ?? [];
      list.push({ volume: kwh, prices });
      parts.set(part, list);
    }
  }
  // Each part's margin steps in day order; on a tie the later step wins (as the domain's marginOn).
  const steps = new Map<ContractPartName, { from: LocalDate; margin: bigint }[]>();
  for (const part of parts.keys()) {
    const own = year.margins
      .map((step, index) => ({ step, index }))
      .filter(({ step }) => step.part === part)
      .sort((a, b) => a.step.from.localeCompare(b.step.from) || a.index - b.index);
    const list: { from: LocalDate; margin: bigint }[] = [];
    for (const { step } of own) {
      const markUp = scaled(step.markUp, PRICE_PLACES);
      const fee = scaled(step.transactionFee, PRICE_PLACES);
      if (markUp === null || fee === null) return null;
      list.push({ from: step.from, margin: markUp + fee });
    }
    steps.set(part, list);
  }
  const shown = 10n ** BigInt(PRICE_PLACES - SHOWN_PLACES);
  const history: Backtest['history'] = [];
  const next = new Map<ContractPartName, number>();
  for (const point of series) {
    const prices: { part: ContractPartName; price: string }[] = [];
    for (const [part, positions] of parts) {
      const list = steps.get(part)!;
      let index = next.get(part) ?? -1;
      while (index + 1 < list.length && list[index + 1]!.from <= point.day) index += 1;
      next.set(part, index);
      if (index < 0) throw new RangeError(`No margin for ${part} on ${point.day}`);
      const margin = list[index]!.margin;
      let volume = 0n;
      let amount = 0n;
      for (const one of positions) {
        const market = one.prices.get(point.day);
        if (market === undefined) continue;
        volume += one.volume;
        amount += one.volume * (market + margin);
      }
      // amount / volume is in millionths; shown half-up to 4 decimals.
      const price = volume === 0n ? 0n : divideHalfUp(amount, volume * shown);
      prices.push({ part, price: plain(price, SHOWN_PLACES) });
    }
    history.push({ day: point.day, price: point.price, prices });
  }
  return history;
}
