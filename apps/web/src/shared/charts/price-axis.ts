import type { Locale } from '@klik/api';
import { toDec } from '@klik/domain';
import { formatNumber } from '../format/format-numbers';

/**
 * The price axis of a chart: from a little below the lowest to a little above the highest price
 * (5% of the span, at least 1 EUR/MWh), in whole euros, never below 0, so the lines and markers
 * never touch the frame and a small move in the price is still visible. Without prices, 0 to 1.
 */
export function priceAxis(values: readonly string[]): { min: number; max: number } {
  const numbers = values.map((value) => toDec(value));
  const [first] = numbers;
  if (first === undefined) return { min: 0, max: 1 };
  const low = numbers.reduce((a, b) => (b.lt(a) ? b : a), first);
  const high = numbers.reduce((a, b) => (b.gt(a) ? b : a), first);
  const margin = Math.max(high.minus(low).times('0.05').toNumber(), 1);
  return {
    min: Math.max(0, Math.floor(low.toNumber() - margin)),
    max: Math.ceil(high.toNumber() + margin),
  };
}

/**
 * The y axis of a price chart (Recharts `YAxis` props, for Mantine's `yAxisProps`): scaled by
 * priceAxis, ticks in whole euros in the user's language.
 */
export function priceAxisProps(values: readonly string[], locale: Locale) {
  const { min, max } = priceAxis(values);
  return {
    domain: [min, max] as [number, number],
    width: 70,
    allowDecimals: false,
    tickFormatter: (value: number) => formatNumber(String(value), locale, 0),
  };
}
