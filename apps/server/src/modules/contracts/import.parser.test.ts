import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import writeXlsxFile from 'write-excel-file/node';
import { parseCsv, readImportTable, type ImportTable } from './import.parser';
import { parseImportRows } from './import.rows';

const HEADER = 'contractId;customerId;commodity;product;yearOfSupply;part;volume';

async function tableOf(bytes: Buffer): Promise<ImportTable> {
  const result = await readImportTable(bytes);
  if (!result.ok) throw new Error(`unreadable: ${result.issue.code}`);
  return result.table;
}

async function rowsOf(text: string) {
  return parseImportRows(await tableOf(Buffer.from(text, 'utf8')));
}

describe('reading CSV', () => {
  it('reads semicolon-separated UTF-8 with a byte-order mark and a decimal comma', async () => {
    const parsed = await rowsOf(
      `\uFEFF${HEADER}\r\nKL-1001;7;Gas;Gas Zakelijk;2027;Gas;"1234,5"\r\n`,
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        row: 2,
        contract: {
          contractId: 'KL-1001',
          customerId: 7,
          commodity: 'Gas',
          product: 'Gas Zakelijk',
        },
        yearOfSupply: 2027,
        part: 'Gas',
        volume: '1234.5',
        profile: null,
      },
    ]);
  });

  it('reads comma-separated files with a decimal point, and a quoted decimal comma', async () => {
    const parsed = await rowsOf(
      'contractId,yearOfSupply,part,volume,markUp\nKL-1001,2027,peak,1000.125,"2,5"\nKL-1001,2027,OffPeak,800,1.75',
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows.map((row) => [row.part, row.volume, row.markUp])).toEqual([
      ['Peak', '1000.125', '2.5'],
      ['OffPeak', '800', '1.75'],
    ]);
  });

  it('keeps quoted separators, quotes and line breaks inside a field', () => {
    expect(parseCsv('a;b\n"x;y";"he said ""hi""\nbye"\n')).toEqual([
      ['a', 'b'],
      ['x;y', 'he said "hi"\nbye'],
    ]);
  });

  it('numbers rows as a spreadsheet does and skips empty lines', async () => {
    const parsed = await rowsOf(`${HEADER}\n\nKL-1001;7;Gas;G;2027;Gas;abc\n;;;;;;\n`);
    expect(parsed.issues).toEqual([
      { row: 3, column: 'volume', code: 'NUMBER_INVALID', value: 'abc' },
    ]);
  });

  it('refuses bytes that are not UTF-8, and a file without data rows', async () => {
    expect(await readImportTable(Buffer.from([0x63, 0x3b, 0xff, 0xfe, 0x0a]))).toEqual({
      ok: false,
      issue: { row: null, column: null, code: 'FILE_UNREADABLE', value: null },
    });
    const empty = await readImportTable(Buffer.from(`${HEADER}\n`));
    expect(empty.ok ? null : empty.issue.code).toBe('FILE_EMPTY');
  });
});

describe('the columns', () => {
  it('names unknown, duplicate and missing columns in row 1', async () => {
    const parsed = await rowsOf('contractId;Volume;colour;volume;part\nKL-1001;1;x;1;Gas');
    expect(parsed.rows).toEqual([]);
    expect(parsed.issues).toEqual([
      { row: 1, column: 'colour', code: 'COLUMN_UNKNOWN', value: 'colour' },
      { row: 1, column: 'volume', code: 'COLUMN_DUPLICATE', value: 'volume' },
      { row: 1, column: 'yearOfSupply', code: 'COLUMN_MISSING', value: null },
    ]);
  });

  it('wants all twelve monthly shares or none', async () => {
    const parsed = await rowsOf(
      'contractId;yearOfSupply;part;volume;m1;m2\nKL-1001;2027;Gas;1;50;50',
    );
    expect(parsed.issues.map((issue) => [issue.column, issue.code])).toContainEqual([
      'm3',
      'COLUMN_MISSING',
    ]);
  });
});

describe('the values', () => {
  const shares = Array.from({ length: 12 }, (_, month) => `m${month + 1}`).join(';');

  it('reads a profile of twelve shares, and refuses one with gaps', async () => {
    const profile = '10;10;10;10;5;5;5;5;10;10;10;10';
    const parsed = await rowsOf(
      `contractId;yearOfSupply;part;volume;${shares}\n` +
        `KL-100;2027;Gas;1;${profile}\n` +
        'KL-100;2028;Gas;1;50;50;;;;;;;;;;\n',
    );
    expect(parsed.rows[0]?.profile).toEqual(profile.split(';'));
    expect(parsed.issues).toHaveLength(10);
    expect(parsed.issues[0]).toEqual({
      row: 3,
      column: 'm3',
      code: 'PROFILE_INCOMPLETE',
      value: null,
    });
  });

  it('refuses thousands separators, signs, unknown words and years out of range', async () => {
    const parsed = await rowsOf(
      'contractId;commodity;marketOption;markUp;yearOfSupply;part;volume;runOut\n' +
        'KL-100;Water;OTC_ONLY;1,5;2027;Gas;1.0001;ja\n' +
        'KL-100;Gas;ICE;1;1999;Base;1.234,5;true\n' +
        'KL-100;Gas;pre_eod;-1;2027;Gas;;maybe\n',
    );
    expect(parsed.rows).toEqual([]);
    expect(parsed.issues.map((issue) => `${issue.row}:${issue.column}:${issue.code}`)).toEqual([
      '2:commodity:VALUE_INVALID',
      '3:marketOption:VALUE_INVALID',
      '3:yearOfSupply:NUMBER_INVALID',
      '3:part:VALUE_INVALID',
      '3:volume:NUMBER_INVALID',
      '4:runOut:VALUE_INVALID',
      '4:volume:VALUE_REQUIRED',
      '4:markUp:NUMBER_INVALID',
    ]);
  });

  it('reads an empty clickType or maxClicksPerYear as none', async () => {
    const parsed = await rowsOf(
      'contractId;clickType;maxClicksPerYear;yearOfSupply;part;volume\nKL-100;;;2027;Gas;1\nKL-101;quarter;4;2027;Gas;1',
    );
    expect(parsed.rows.map((row) => row.contract)).toEqual([
      { contractId: 'KL-100', clickType: null, maxClicksPerYear: null },
      { contractId: 'KL-101', clickType: 'QUARTER', maxClicksPerYear: 4 },
    ]);
  });
});

describe('reading XLSX', () => {
  it('reads the first sheet with numbers as the spreadsheet shows them', async () => {
    const cell = (value: string | number) =>
      typeof value === 'number' ? { value, type: Number } : { value, type: String };
    const bytes = await writeXlsxFile([
      ['contractId', 'customerId', 'yearOfSupply', 'part', 'volume', 'markUp'].map(cell),
      ['KL-100', 7, 2027, 'Gas', 0.1 + 0.2, '2,25'].map(cell),
      ['KL-100', 7, 2028, 'Gas', 1234567.125, 1.5].map(cell),
    ]).toBuffer();
    const table = await tableOf(bytes);
    expect(table.format).toBe('xlsx');
    const parsed = parseImportRows(table);
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows.map((row) => [row.row, row.yearOfSupply, row.volume, row.markUp])).toEqual([
      [2, 2027, '0.3', '2.25'],
      [3, 2028, '1234567.125', '1.5'],
    ]);
  });

  it('refuses a zip that is not a workbook', async () => {
    const result = await readImportTable(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(result.ok ? null : result.issue.code).toBe('FILE_UNREADABLE');
  });
});

describe('the sample files in docs/samples', () => {
  it('read the same rows from CSV and XLSX, without issues', async () => {
    const samples = new URL('../../../../../docs/samples/', import.meta.url);
    const csv = parseImportRows(
      await tableOf(readFileSync(new URL('contracts-import.csv', samples))),
    );
    const xlsx = parseImportRows(
      await tableOf(readFileSync(new URL('contracts-import.xlsx', samples))),
    );
    expect(csv.issues).toEqual([]);
    expect(csv.rows).toHaveLength(4);
    expect(xlsx.rows).toEqual(csv.rows);
  });
});
