import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../../kernel/config/config';
import { CsvReplayFeed, parsePriceCsv } from './csv-replay-feed';
import type { PriceSource } from './price-source';
import { SimulatedFeed } from './simulated-feed';

/** The timed feed the configuration asks for; null when MARKET_FEED is none. */
export function createPriceSource(
  market: Config['market'],
  readTextFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): PriceSource | null {
  switch (market.feed) {
    case 'simulated':
      return new SimulatedFeed(market.seed ?? randomInt(0, 2 ** 32 - 1));
    case 'csv': {
      if (market.csvPath === null) throw new Error('MARKET_FEED_CSV is required for the csv feed');
      // A broken file stops the start with every wrong line named.
      return new CsvReplayFeed(parsePriceCsv(readTextFile(market.csvPath)));
    }
    case 'none':
      return null;
  }
}
