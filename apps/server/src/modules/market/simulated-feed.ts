import Decimal from 'decimal.js';
import { amsterdamDate, isDeadlinePassed, MATURITIES, monthsOf, type Maturity } from '@klik/domain';
import { MARKET_PRODUCTS, type MarketProduct, type PriceQuote } from '@klik/api';
import { instrumentKey, isMarketQuoted, type PriceSource } from './price-source';

/** Levels in EUR/MWh around which the walk moves, and its volatility per tick. */
const PRODUCT_LEVELS: Record<
  MarketProduct,
  { level: string; volatility: string; decimals: number }
> = {
  NL_POWER_BASE: { level: '85', volatility: '0.0015', decimals: 2 },
  NL_POWER_PEAK: { level: '100', volatility: '0.0018', decimals: 2 },
  NL_POWER_OFFPEAK: { level: '70', volatility: '0.0015', decimals: 2 },
  TTF_GAS: { level: '35', volatility: '0.0025', decimals: 3 },
};

// Winter months trade above summer months; a quarter or year is the mean of its months.
const MONTH_SHAPE = [
  '1.12',
  '1.10',
  '1.04',
  '0.96',
  '0.92',
  '0.90',
  '0.92',
  '0.92',
  '0.96',
  '1.00',
  '1.06',
  '1.10',
];
// Further years trade a little lower (backwardation).
const YEAR_DISCOUNT = '0.97';
// The walk is pulled back a little towards its anchor so the demo stays at realistic levels.
const MEAN_REVERSION = '0.01';
// ICE Endex quotes sit a few cents from the OTC quote.
const ICE_SPREAD = '0.05';
/** Each tick moves about this share of the instruments. */
const MOVE_PROBABILITY = 0.3;
/** Years of supply quoted: the current one (what is still tradable of it) and the next three. */
const YEARS_AHEAD = 3;

interface Walk {
  product: MarketProduct;
  yearOfSupply: number;
  maturity: Maturity;
  anchor: Decimal;
  level: Decimal;
  quoted: boolean;
}

/** mulberry32: a small, fast PRNG whose sequence depends only on its seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shapeOf(maturity: Maturity): Decimal {
  const months = monthsOf(maturity);
  const sum = months.reduce(
    (acc, month) => acc.plus(MONTH_SHAPE[month - 1] ?? '1'),
    new Decimal(0),
  );
  return sum.dividedBy(months.length);
}

/**
 * The demo feed: a seeded, mean-reverting random walk per product x year x maturity, quoted on
 * OTC and ICE Endex while their windows are open. The same seed and the same ticks give the same
 * prices. The walk's arithmetic is exact decimal; only the random draw is a float, and it is cut
 * to six decimals before it touches a price.
 */
export class SimulatedFeed implements PriceSource {
  readonly origin = 'SIMULATED' as const;
  readonly #random: () => number;
  readonly #walks = new Map<string, Walk>();
  #latest: ReadonlyMap<string, string> = new Map();

  constructor(readonly seed: number) {
    this.#random = mulberry32(seed);
  }

  prepare(latest: ReadonlyMap<string, string>): void {
    this.#latest = latest;
    this.#walks.clear();
  }

  tick(at: Date): PriceQuote[] {
    const markets = (['OTC', 'ICE'] as const).filter((market) => isMarketQuoted(at, market));
    if (markets.length === 0) return [];
    const currentYear = Number(amsterdamDate(at).slice(0, 4));
    const quotes: PriceQuote[] = [];
    const iso = at.toISOString();
    for (const walk of this.#walksFor(currentYear)) {
      // A period whose deadline passed is no longer traded.
      if (isDeadlinePassed(at, walk)) continue;
      const moves = !walk.quoted || this.#random() < MOVE_PROBABILITY;
      if (!moves) continue;
      if (walk.quoted) this.#step(walk);
      walk.quoted = true;
      const { decimals } = PRODUCT_LEVELS[walk.product];
      for (const market of markets) {
        const raw = market === 'ICE' ? walk.level.plus(ICE_SPREAD) : walk.level;
        const minimum = new Decimal(1).dividedBy(new Decimal(10).pow(decimals));
        const price = Decimal.max(raw.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP), minimum);
        quotes.push({
          product: walk.product,
          yearOfSupply: walk.yearOfSupply,
          maturity: walk.maturity,
          market,
          price: price.toFixed(),
          at: iso,
        });
      }
    }
    return quotes;
  }

  #walksFor(currentYear: number): Walk[] {
    const walks: Walk[] = [];
    for (const product of MARKET_PRODUCTS) {
      for (let offset = 0; offset <= YEARS_AHEAD; offset += 1) {
        const yearOfSupply = currentYear + offset;
        for (const maturity of MATURITIES) {
          const key = `${product}/${yearOfSupply}/${maturity}`;
          let walk = this.#walks.get(key);
          if (!walk) {
            const anchor = new Decimal(PRODUCT_LEVELS[product].level)
              .times(shapeOf(maturity))
              .times(new Decimal(YEAR_DISCOUNT).pow(Math.max(offset - 1, 0)))
              .toDecimalPlaces(4);
            const stored = this.#latest.get(
              instrumentKey({ product, yearOfSupply, maturity, market: 'OTC' }),
            );
            const level = stored === undefined ? anchor : new Decimal(stored);
            walk = { product, yearOfSupply, maturity, anchor, level, quoted: false };
            this.#walks.set(key, walk);
          }
          walks.push(walk);
        }
      }
    }
    return walks;
  }

  #step(walk: Walk): void {
    // Box-Muller: a standard normal draw from two uniform ones.
    const u1 = Math.max(this.#random(), Number.MIN_VALUE);
    const u2 = this.#random();
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    const shock = walk.level
      .times(PRODUCT_LEVELS[walk.product].volatility)
      .times(new Decimal(z.toFixed(6)));
    const pull = walk.anchor.minus(walk.level).times(MEAN_REVERSION);
    walk.level = walk.level.plus(shock).plus(pull).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  }
}
