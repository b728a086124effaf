import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_IMPORT_MAX_ROWS, HistoryImportIssueCodeSchema } from '@klik/api';
import { parseHistoryCsv } from './history-import.parser';

const HEADER = 'date,product,year,maturity,market,price';

function parse(text: string) {
  return parseHistoryCsv(Buffer.from(text, 'utf8'));
}

function codes(text: string) {
  return parse(text).issues.map((issue) => [issue.row, issue.column, issue.code, issue.value]);
}

describe('the price history parser', () => {
  it('reads rows in any column order, with commas or semicolons, a BOM and CRLF', () => {
    const comma = parse(`${HEADER}\n2026-03-02,NL_POWER_BASE,2027,Y,OTC,85.25\n`);
    expect(comma.issues).toEqual([]);
    expect(comma.rows).toEqual([
      {
        day: '2026-03-02',
        product: 'NL_POWER_BASE',
        yearOfSupply: 2027,
        maturity: 'Y',
        market: 'OTC',
        price: '85.25',
      },
    ]);
    const semicolon = parse(
      '\uFEFFPrice;Market;Maturity;Year;Product;Date;comment\r\n' +
        '"34.125";ice;q1;2027;ttf_gas;2026-03-02;"a; note"\r\n\r\n' +
        '34.2;OTC;M1;2027;TTF_GAS;2026-03-03;\r\n',
    );
    expect(semicolon.issues).toEqual([]);
    expect(semicolon.rowCount).toBe(2);
    expect(semicolon.rows.map((row) => [row.market, row.maturity, row.product, row.price])).toEqual(
      [
        ['ICE', 'Q1', 'TTF_GAS', '34.125'],
        ['OTC', 'M1', 'TTF_GAS', '34.2'],
      ],
    );
  });

  it('names an empty file, a header without data and a missing column', () => {
    expect(codes('')).toEqual([[null, null, 'FILE_EMPTY', null]]);
    expect(codes(' ; \n')).toEqual([[null, null, 'FILE_EMPTY', null]]);
    expect(codes(`${HEADER}\n\n`)).toEqual([[null, null, 'FILE_EMPTY', null]]);
    expect(codes('date,product,year,market\n2026-03-02,TTF_GAS,2027,OTC\n')).toEqual([
      [1, 'maturity', 'HEADER_MISSING_COLUMN', null],
      [1, 'price', 'HEADER_MISSING_COLUMN', null],
    ]);
  });

  it('refuses more rows than a file may hold', () => {
    const row = '2026-03-02,TTF_GAS,2027,Y,OTC,30\n';
    const parsed = parse(HEADER + '\n' + row.repeat(HISTORY_IMPORT_MAX_ROWS + 1));
    expect(parsed.issues).toEqual([
      { row: null, column: null, code: 'FILE_TOO_LARGE', value: null },
    ]);
    expect(parsed.rows).toEqual([]);
  });

  it('names every bad cell with its row and column', () => {
    const text = [
      HEADER,
      '2026-02-30,NL_POWER_BASE,2027,Y,OTC,85',
      '02-03-2026,NL_POWER_BASE,2027,Y,OTC,85',
      '2026-03-02,NL_POWER,2027,Y,OTC,85',
      '2026-03-02,TTF_GAS,27,Y,OTC,30',
      '2026-03-02,TTF_GAS,2101,Y,OTC,30',
      '2026-03-02,TTF_GAS,2027,Q5,OTC,30',
      '2026-03-02,TTF_GAS,2027,Y,EEX,30',
      '2026-03-02,TTF_GAS,2027,Y,OTC,"30,5"',
      '2026-03-02,TTF_GAS,2027,Y,OTC,0',
      '2026-03-02,TTF_GAS,2027,Y,OTC,-3',
      '2026-03-02,TTF_GAS,2027,Y,OTC,1.23456',
      '2026-03-02,TTF_GAS,2027,Y,OTC,',
      '2027-01-01,TTF_GAS,2027,Y,OTC,30',
      '2027-03-31,TTF_GAS,2027,Q2,OTC,30',
      '2027-04-01,TTF_GAS,2027,Q2,OTC,30',
      '2026-03-02,TTF_GAS,2027,Y,OTC,30',
      '2026-03-02,ttf_gas,2027,y,otc,30.5',
    ].join('\n');
    expect(codes(text)).toEqual([
      [2, 'date', 'DATE_INVALID', '2026-02-30'],
      [3, 'date', 'DATE_INVALID', '02-03-2026'],
      [4, 'product', 'PRODUCT_UNKNOWN', 'NL_POWER'],
      [5, 'year', 'YEAR_INVALID', '27'],
      [6, 'year', 'YEAR_INVALID', '2101'],
      [7, 'maturity', 'MATURITY_INVALID', 'Q5'],
      [8, 'market', 'MARKET_UNKNOWN', 'EEX'],
      [9, 'price', 'PRICE_INVALID', '30,5'],
      [10, 'price', 'PRICE_INVALID', '0'],
      [11, 'price', 'PRICE_INVALID', '-3'],
      [12, 'price', 'PRICE_INVALID', '1.23456'],
      [13, 'price', 'PRICE_INVALID', ''],
      [14, 'date', 'DATE_AFTER_DELIVERY', '2027-01-01'],
      [16, 'date', 'DATE_AFTER_DELIVERY', '2027-04-01'],
      [18, null, 'ROW_DUPLICATE', 'TTF_GAS 2027 Y OTC 2026-03-02'],
    ]);
  });

  it('covers every issue code', () => {
    const seen = new Set([
      'FILE_EMPTY',
      'FILE_TOO_LARGE',
      'HEADER_MISSING_COLUMN',
      'DATE_INVALID',
      'PRODUCT_UNKNOWN',
      'YEAR_INVALID',
      'MATURITY_INVALID',
      'MARKET_UNKNOWN',
      'PRICE_INVALID',
      'ROW_DUPLICATE',
      'DATE_AFTER_DELIVERY',
    ]);
    // The cases above name each code; a code added to the contract needs a case here too.
    expect(HistoryImportIssueCodeSchema.options.filter((code) => !seen.has(code))).toEqual([]);
  });

  it('shortens a long value and reads bytes that are not UTF-8 as a bad cell', () => {
    const long = 'X'.repeat(100);
    const [issue] = parse(`${HEADER}\n2026-03-02,${long},2027,Y,OTC,30\n`).issues;
    expect(issue?.value?.length).toBe(40);
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\n2026-03-02,TTF_GAS,2027,Y,OTC,3`),
      Buffer.from([0xb5]),
      Buffer.from('\n'),
    ]);
    expect(parseHistoryCsv(latin1).issues.map((i) => i.code)).toEqual(['PRICE_INVALID']);
  });
});

describe('the sample file (docs/samples/price-history.csv)', () => {
  it('reads without an issue', () => {
    const sample = readFileSync(
      join(
        import.meta.dirname,
        '..',
        '..',
        '..',
        '..',
        '..',
        'docs',
        'samples',
        'price-history.csv',
      ),
    );
    const parsed = parseHistoryCsv(sample);
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows).toHaveLength(14);
  });
});
