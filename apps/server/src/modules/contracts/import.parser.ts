import { readSheet } from 'read-excel-file/node';
import Decimal from 'decimal.js';
import {
  CONTRACT_IMPORT_MAX_ROWS,
  type ContractImportFormat,
  type ContractImportIssue,
} from '@klik/api';

/*
 * Reads an import file into a table of text cells: the first row names the columns, every further
 * row is data. What the cells mean is decided in import.rows.ts, the same for both formats.
 * The rules (docs/contracts-import.md): CSV in UTF-8 with or without a byte-order mark, separated
 * by semicolons or commas (whichever the header uses), fields quoted with " as RFC 4180; XLSX: the
 * first sheet.
 */

export interface ImportTable {
  format: ContractImportFormat;
  header: string[];
  /** Data rows; `row` is the spreadsheet's row number (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

export type ReadResult =
  { ok: true; table: ImportTable } | { ok: false; issue: ContractImportIssue };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const BOM = '\uFEFF';

function fileIssue(code: ContractImportIssue['code']): ReadResult {
  return { ok: false, issue: { row: null, column: null, code, value: null } };
}

/** XLSX files are zip archives; everything else is read as CSV. */
export function formatOf(bytes: Uint8Array): ContractImportFormat {
  return ZIP_MAGIC.every((byte, index) => bytes[index] === byte) ? 'xlsx' : 'csv';
}

export async function readImportTable(bytes: Buffer): Promise<ReadResult> {
  const format = formatOf(bytes);
  let grid: string[][];
  if (format === 'xlsx') {
    const sheet = await readXlsx(bytes);
    if (sheet === null) return fileIssue('FILE_UNREADABLE');
    grid = sheet;
  } else {
    const text = decodeUtf8(bytes);
    if (text === null) return fileIssue('FILE_UNREADABLE');
    grid = parseCsv(text);
  }
  return tableOf(format, grid);
}

function tableOf(format: ContractImportFormat, grid: string[][]): ReadResult {
  // Rows without any text (a trailing newline, a formatted but empty spreadsheet row) are skipped
  // but keep their numbers, so every reported row is the one the user sees.
  const [header, ...data] = grid;
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    return fileIssue('FILE_EMPTY');
  }
  const rows = data
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) return fileIssue('FILE_EMPTY');
  if (rows.length > CONTRACT_IMPORT_MAX_ROWS) return fileIssue('TOO_MANY_ROWS');
  return { ok: true, table: { format, header: header.map((cell) => cell.trim()), rows } };
}

function decodeUtf8(bytes: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.startsWith(BOM) ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** The separator the header line uses: a semicolon unless the header has commas and none. */
export function separatorOf(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const headerLine = end === -1 ? text : text.slice(0, end);
  const semicolons = headerLine.split(';').length;
  const commas = headerLine.split(',').length;
  return commas > semicolons ? ',' : ';';
}

/** RFC 4180 with either separator; a quoted field may hold separators, quotes ("") and newlines. */
export function parseCsv(text: string): string[][] {
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (char === '\r' && text[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function readXlsx(bytes: Buffer): Promise<string[][] | null> {
  try {
    const data = await readSheet(bytes, { parseNumber: xlsxNumber, trim: false });
    return data.map((row) => row.map(xlsxCell));
  } catch {
    return null;
  }
}

/**
 * A spreadsheet stores numbers as binary floating point, so 0.1 + 0.2 is kept as
 * 0.30000000000000004; Excel shows 15 significant digits, and so do we (the cell's value as the
 * user sees it, then checked for its allowed decimals like any other).
 */
function xlsxNumber(text: string): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return new Decimal(value.toPrecision(15)).toFixed();
}

function xlsxCell(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell);
}
