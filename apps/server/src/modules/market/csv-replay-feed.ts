import { PriceQuoteSchema, type PriceQuote } from '@klik/api';
import { isMarketQuoted, type PriceSource } from './price-source';

export const CSV_HEADER = ['at', 'product', 'yearOfSupply', 'maturity', 'market', 'price'] as const;

/** A CSV file that cannot be replayed, with one problem per offending line. */
export class CsvFormatError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid price CSV:\n  ${problems.join('\n  ')}`);
    this.name = 'CsvFormatError';
  }
}

/**
 * Parses recorded prices (see docs/market.md): a header line, then one price per line; blank
 * lines and lines starting with # are skipped. Every wrong line is reported, by number.
 */
export function parsePriceCsv(text: string): PriceQuote[] {
  const lines = text.split(/\r?\n/);
  const problems: string[] = [];
  const quotes: PriceQuote[] = [];
  let headerSeen = false;
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split(',').map((cell) => cell.trim());
    if (!headerSeen) {
      headerSeen = true;
      if (cells.join(',') !== CSV_HEADER.join(',')) {
        problems.push(`line ${lineNumber}: expected the header ${CSV_HEADER.join(',')}`);
      }
      return;
    }
    if (cells.length !== CSV_HEADER.length) {
      problems.push(
        `line ${lineNumber}: expected ${CSV_HEADER.length} fields, found ${cells.length}`,
      );
      return;
    }
    const [at, product, year, maturity, market, price] = cells;
    const parsed = PriceQuoteSchema.safeParse({
      at,
      product,
      yearOfSupply: year !== undefined && /^\d+$/.test(year) ? Number(year) : year,
      maturity,
      market,
      price,
    });
    if (!parsed.success) {
      const reasons = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'row'} ${issue.message}`,
      );
      problems.push(`line ${lineNumber}: ${reasons.join('; ')}`);
      return;
    }
    quotes.push(parsed.data);
  });
  if (!headerSeen) problems.push('line 1: the file holds no header and no prices');
  else if (quotes.length === 0 && problems.length === 0) problems.push('the file holds no prices');
  if (problems.length > 0) throw new CsvFormatError(problems);
  return quotes;
}

/**
 * Replays recorded prices: each tick sends the next group of rows that share one `at` in the
 * file, stamped with the tick's instant, and starts over after the last group. The file's times
 * give the order and grouping only, so a recording replays as a live market. A tick while no
 * market is open sends nothing and keeps its place; rows of a market that is closed are skipped.
 */
export class CsvReplayFeed implements PriceSource {
  readonly origin = 'CSV' as const;
  readonly #groups: PriceQuote[][] = [];
  #next = 0;

  constructor(quotes: readonly PriceQuote[]) {
    let current: PriceQuote[] = [];
    let currentAt: string | null = null;
    for (const quote of quotes) {
      if (currentAt !== null && quote.at !== currentAt) {
        this.#groups.push(current);
        current = [];
      }
      currentAt = quote.at;
      current.push(quote);
    }
    if (current.length > 0) this.#groups.push(current);
  }

  prepare(): void {
    // A replay starts from the top of its file on every leader.
    this.#next = 0;
  }

  tick(at: Date): PriceQuote[] {
    const open = { OTC: isMarketQuoted(at, 'OTC'), ICE: isMarketQuoted(at, 'ICE') };
    if (!open.OTC && !open.ICE) return [];
    const group = this.#groups[this.#next] ?? [];
    this.#next = (this.#next + 1) % Math.max(this.#groups.length, 1);
    const iso = at.toISOString();
    return group.filter((quote) => open[quote.market]).map((quote) => ({ ...quote, at: iso }));
  }
}
