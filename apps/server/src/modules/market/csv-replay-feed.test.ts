import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CsvFormatError, CsvReplayFeed, parsePriceCsv } from './csv-replay-feed';

const HEADER = 'at,product,yearOfSupply,maturity,market,price';
const MONDAY_1100 = new Date('2026-11-23T10:00:00Z');

function problemsOf(text: string): string[] {
  try {
    parsePriceCsv(text);
  } catch (error) {
    if (error instanceof CsvFormatError) return error.problems;
    throw error;
  }
  return [];
}

describe('parsePriceCsv', () => {
  it('reads the shipped sample', () => {
    const quotes = parsePriceCsv(
      readFileSync(new URL('./sample-prices.csv', import.meta.url), 'utf8'),
    );
    expect(quotes.length).toBeGreaterThan(10);
    expect(quotes[0]).toEqual({
      at: '2026-11-20T09:00:00Z',
      product: 'NL_POWER_PEAK',
      yearOfSupply: 2027,
      maturity: 'Y',
      market: 'OTC',
      price: '98.45',
    });
  });

  it('names every wrong line by its number and what is wrong with it', () => {
    const text = [
      '# recorded prices',
      HEADER,
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Y,OTC,34.5',
      '',
      '2026-11-20T09:00:00Z,COAL,2027,Y,OTC,34.5',
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Q5,OTC,34.5',
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Y,EEX,34.5',
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Y,OTC,-1',
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Y,OTC,99999999',
      'yesterday,TTF_GAS,2027,Y,OTC,34.5',
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Y,OTC',
      '2026-11-20T09:00:00Z,TTF_GAS,twenty,Y,OTC,34.5',
    ].join('\n');
    const problems = problemsOf(text);
    expect(problems).toHaveLength(8);
    expect(problems[0]).toMatch(/^line 5: product/);
    expect(problems[1]).toMatch(/^line 6: maturity/);
    expect(problems[2]).toMatch(/^line 7: market/);
    expect(problems[3]).toMatch(/^line 8: price/);
    expect(problems[4]).toMatch(/^line 9: price must be below 99999999/);
    expect(problems[5]).toMatch(/^line 10: at/);
    expect(problems[6]).toBe('line 11: expected 6 fields, found 5');
    expect(problems[7]).toMatch(/^line 12: yearOfSupply/);
  });

  it('refuses a file without the header or without prices', () => {
    expect(problemsOf('at,product,price\n')).toEqual([
      'line 1: expected the header at,product,yearOfSupply,maturity,market,price',
    ]);
    expect(problemsOf(`${HEADER}\n`)).toEqual(['the file holds no prices']);
    expect(problemsOf('')).toEqual(['line 1: the file holds no header and no prices']);
  });
});

describe('CsvReplayFeed', () => {
  const quotes = parsePriceCsv(
    [
      HEADER,
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Y,OTC,34.5',
      '2026-11-20T09:00:00Z,TTF_GAS,2027,Y,ICE,34.55',
      '2026-11-20T09:05:00Z,TTF_GAS,2027,Y,OTC,34.75',
    ].join('\n'),
  );

  it('sends one group of rows per tick, stamped with the tick, and starts over after the last', () => {
    const feed = new CsvReplayFeed(quotes);
    feed.prepare();
    const first = feed.tick(MONDAY_1100);
    expect(first.map((q) => [q.market, q.price, q.at])).toEqual([
      ['OTC', '34.5', MONDAY_1100.toISOString()],
      ['ICE', '34.55', MONDAY_1100.toISOString()],
    ]);
    const later = new Date(MONDAY_1100.getTime() + 5000);
    expect(feed.tick(later).map((q) => q.price)).toEqual(['34.75']);
    expect(feed.tick(later).map((q) => q.price)).toEqual(['34.5', '34.55']);
  });

  it('waits in its place while the window is closed and skips a closed market', () => {
    const feed = new CsvReplayFeed(quotes);
    feed.prepare();
    expect(feed.tick(new Date('2026-11-28T10:00:00Z'))).toEqual([]); // Saturday
    const afterIceClose = feed.tick(new Date('2026-11-23T14:45:00Z')); // 15:45: OTC only
    expect(afterIceClose.map((q) => [q.market, q.price])).toEqual([['OTC', '34.5']]);
  });
});
