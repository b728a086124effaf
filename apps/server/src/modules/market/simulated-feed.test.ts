import { describe, expect, it } from 'vitest';
import { PriceQuoteSchema, type PriceQuote } from '@klik/api';
import { SimulatedFeed } from './simulated-feed';

// Monday 2026-11-23: 10:00 Amsterdam is 09:00 UTC (winter time).
const MONDAY_1000 = new Date('2026-11-23T09:00:00Z');
const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

function run(seed: number, ticks: Date[]): PriceQuote[][] {
  const feed = new SimulatedFeed(seed);
  feed.prepare(new Map());
  return ticks.map((at) => feed.tick(at));
}

function priceOf(quotes: PriceQuote[], product: string, maturity: string, market = 'OTC') {
  const quote = quotes.find(
    (q) =>
      q.product === product &&
      q.maturity === maturity &&
      q.market === market &&
      q.yearOfSupply === 2027,
  );
  return quote ? Number(quote.price) : undefined;
}

describe('SimulatedFeed', () => {
  const ticks = [0, 1, 2, 3, 4, 5].map((n) => minutes(MONDAY_1000, n));

  it('gives the same prices for the same seed and ticks, and other prices for another seed', () => {
    const first = run(42, ticks);
    expect(run(42, ticks)).toEqual(first);
    expect(run(43, ticks).slice(1)).not.toEqual(first.slice(1));
  });

  it('quotes every product and tradable period on both markets on its first tick, then moves some', () => {
    const [opening, second] = run(7, ticks);
    // 4 products x (M12 2026, whose deadline is 30 November, + 3 years x 17 maturities) x 2 markets
    expect(opening).toHaveLength(4 * (1 + 3 * 17) * 2);
    expect(new Set(opening?.map((q) => q.yearOfSupply))).toEqual(new Set([2026, 2027, 2028, 2029]));
    expect(opening?.filter((q) => q.yearOfSupply === 2026).map((q) => q.maturity)).toEqual(
      Array(8).fill('M12'),
    );
    expect(second!.length).toBeGreaterThan(0);
    expect(second!.length).toBeLessThan(opening!.length);
    for (const quote of [...opening!, ...second!]) {
      expect(PriceQuoteSchema.safeParse(quote).success).toBe(true);
      expect(quote.at).toBe(new Date(quote.at).toISOString());
    }
  });

  it('starts at realistic levels and moves in small steps', () => {
    const quotes = run(3, ticks);
    const opening = quotes[0]!;
    const ttf = priceOf(opening, 'TTF_GAS', 'Y')!;
    const peak = priceOf(opening, 'NL_POWER_PEAK', 'Y')!;
    const offpeak = priceOf(opening, 'NL_POWER_OFFPEAK', 'Y')!;
    const base = priceOf(opening, 'NL_POWER_BASE', 'Y')!;
    expect(ttf).toBeGreaterThan(30);
    expect(ttf).toBeLessThan(40);
    expect(peak).toBeGreaterThan(90);
    expect(peak).toBeLessThan(110);
    expect(offpeak).toBeGreaterThan(60);
    expect(offpeak).toBeLessThan(80);
    expect(base).toBeGreaterThan(75);
    expect(base).toBeLessThan(95);
    // Winter trades above summer.
    expect(priceOf(opening, 'TTF_GAS', 'Q1')!).toBeGreaterThan(priceOf(opening, 'TTF_GAS', 'Q3')!);
    for (const later of quotes.slice(1)) {
      for (const quote of later) {
        const before = priceOf(opening, quote.product, quote.maturity, quote.market);
        if (quote.yearOfSupply !== 2027 || before === undefined) continue;
        expect(Math.abs(Number(quote.price) - before) / before).toBeLessThan(0.05);
      }
    }
  });

  it('quotes only inside the window: nothing before 10:00, at night or at the weekend; OTC only after 15:30', () => {
    const feed = new SimulatedFeed(1);
    feed.prepare(new Map());
    expect(feed.tick(new Date('2026-11-23T08:59:59Z'))).toEqual([]); // 09:59:59 Amsterdam
    expect(feed.tick(new Date('2026-11-28T11:00:00Z'))).toEqual([]); // Saturday
    expect(feed.tick(new Date('2026-12-25T11:00:00Z'))).toEqual([]); // Christmas Day
    expect(feed.tick(new Date('2026-11-23T15:00:00Z'))).toEqual([]); // 16:00
    const lateAfternoon = feed.tick(new Date('2026-11-23T14:45:00Z')); // 15:45
    expect(lateAfternoon.length).toBeGreaterThan(0);
    expect(new Set(lateAfternoon.map((q) => q.market))).toEqual(new Set(['OTC']));
  });

  it('carries on from the stored prices it is prepared with', () => {
    const feed = new SimulatedFeed(9);
    feed.prepare(new Map([['TTF_GAS/2027/Y/OTC', '51.234']]));
    const opening = feed.tick(MONDAY_1000);
    expect(priceOf(opening, 'TTF_GAS', 'Y')).toBe(51.234);
    expect(priceOf(opening, 'TTF_GAS', 'Y', 'ICE')).toBe(51.284);
  });
});
