import { isWindowOpen, type Market } from '@klik/domain';
import type { MarketProduct, PriceQuote } from '@klik/api';

/** A feed that produces prices on a timer: the simulated walk or a CSV replay. */
export interface PriceSource {
  readonly origin: 'SIMULATED' | 'CSV';
  /**
   * Called when this instance starts running the feed, with the latest stored price per
   * instrument (instrumentKey), so a new leader carries on where the previous one stopped.
   */
  prepare(latest: ReadonlyMap<string, string>): void;
  /** The prices of one tick at an instant; empty when nothing is quoted then. */
  tick(at: Date): PriceQuote[];
}

export function instrumentKey(instrument: {
  product: MarketProduct;
  yearOfSupply: number;
  maturity: string;
  market: Market;
}): string {
  return `${instrument.product}/${instrument.yearOfSupply}/${instrument.maturity}/${instrument.market}`;
}

/**
 * Whether a market is quoted at an instant: OTC while the OTC window is open (10:00-16:00),
 * ICE Endex while its pre-end-of-day session is (10:00-15:30), on trading days. Overnight
 * orders fix at the 09:30 fixing, so nothing moves between the close and the next morning.
 */
export function isMarketQuoted(at: Date, market: Market): boolean {
  return isWindowOpen(at, { marketOption: 'PRE_EOD', market });
}
