import {
  HISTORY_IMPORT_COLUMNS,
  HISTORY_IMPORT_MAX_ROWS,
  MARKET_PRODUCTS,
  type HistoryImportIssue,
  type MarketProduct,
} from '@klik/api';
import { isMaturity, monthsOf, type Maturity } from '@klik/domain';
import type { HistoryRow } from './history.repository';

/*
 * Reads a price history file (docs/backtest.md, "Price history"): CSV in UTF-8 with or without a
 * byte-order mark, separated by commas or semicolons (whichever the header line uses), fields
 * optionally quoted with " as RFC 4180. The first row names the columns, in any order and without
 * regard to case; other columns are ignored. Every further non-empty row is one settlement price.
 * Every problem is listed with its row (the header is row 1) and column; the caller refuses the
 * whole file when there is any.
 */

export interface ParsedHistory {
  /** Data rows read (empty rows not counted). */
  rowCount: number;
  /** The rows without an issue, in file order. */
  rows: HistoryRow[];
  /** Every issue, in row order (the caller lists the first HISTORY_IMPORT_MAX_ISSUES). */
  issues: HistoryImportIssue[];
}

type Column = (typeof HISTORY_IMPORT_COLUMNS)[number];

const BOM = '\uFEFF';
const MAX_VALUE_LENGTH = 40;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR = /^\d{4}$/;
// Up to 8 whole digits (numeric(12,4) below 99999999) and 4 decimals, a decimal point.
const PRICE = /^\d{1,8}(\.\d{1,4})?$/;
const MIN_YEAR = 2000;
const MAX_YEAR = 2100;
const PRODUCTS: ReadonlySet<string> = new Set(MARKET_PRODUCTS);

function fileIssue(code: HistoryImportIssue['code']): ParsedHistory {
  return { rowCount: 0, rows: [], issues: [{ row: null, column: null, code, value: null }] };
}

function shortened(value: string): string {
  return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH - 1)}…` : value;
}

/** Whether a "YYYY-MM-DD" text names a real calendar day. */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** The first day of an instrument's delivery: from then on it is no longer traded. */
export function deliveryStart(yearOfSupply: number, maturity: Maturity): string {
  const month = monthsOf(maturity)[0] ?? 1;
  return `${yearOfSupply}-${String(month).padStart(2, '0')}-01`;
}

/** The separator the header line uses: a semicolon unless the header has more commas. */
function separatorOf(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const headerLine = end === -1 ? text : text.slice(0, end);
  return headerLine.split(',').length > headerLine.split(';').length ? ',' : ';';
}

/** RFC 4180 with either separator; a quoted field may hold separators, quotes ("") and newlines. */
function parseCsv(text: string): string[][] {
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
    } else if (char === '"' && field === '') {
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

export function parseHistoryCsv(bytes: Uint8Array): ParsedHistory {
  // Bytes that are not UTF-8 become U+FFFD and fail their column's check with the row named.
  let text = new TextDecoder('utf-8').decode(bytes);
  if (text.startsWith(BOM)) text = text.slice(1);
  const [header, ...data] = parseCsv(text);
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    return fileIssue('FILE_EMPTY');
  }
  const lines = data
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));

  const names = header.map((cell) => cell.trim().toLowerCase());
  const position = new Map<Column, number>();
  const issues: HistoryImportIssue[] = [];
  for (const column of HISTORY_IMPORT_COLUMNS) {
    const at = names.indexOf(column);
    if (at === -1) issues.push({ row: 1, column, code: 'HEADER_MISSING_COLUMN', value: null });
    else position.set(column, at);
  }
  if (issues.length > 0) return { rowCount: lines.length, rows: [], issues };
  if (lines.length === 0) return fileIssue('FILE_EMPTY');
  if (lines.length > HISTORY_IMPORT_MAX_ROWS) {
    return { ...fileIssue('FILE_TOO_LARGE'), rowCount: lines.length };
  }

  const rows: HistoryRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of lines) {
    const cell = (column: Column) => (cells[position.get(column) as number] ?? '').trim();
    const issue = (column: Column | null, code: HistoryImportIssue['code'], value: string) =>
      issues.push({ row, column, code, value: shortened(value) });
    const before = issues.length;

    const day = cell('date');
    if (!isDay(day)) issue('date', 'DATE_INVALID', day);
    const product = cell('product').toUpperCase();
    if (!PRODUCTS.has(product)) issue('product', 'PRODUCT_UNKNOWN', cell('product'));
    const yearText = cell('year');
    const yearOfSupply = Number(yearText);
    const yearValid = YEAR.test(yearText) && yearOfSupply >= MIN_YEAR && yearOfSupply <= MAX_YEAR;
    if (!yearValid) issue('year', 'YEAR_INVALID', yearText);
    const maturity = cell('maturity').toUpperCase();
    const maturityValid = isMaturity(maturity);
    if (!maturityValid) issue('maturity', 'MATURITY_INVALID', cell('maturity'));
    const market = cell('market').toUpperCase();
    if (market !== 'OTC' && market !== 'ICE') issue('market', 'MARKET_UNKNOWN', cell('market'));
    const price = cell('price');
    if (!PRICE.test(price) || !/[1-9]/.test(price)) issue('price', 'PRICE_INVALID', price);
    if (issues.length > before) continue;

    if (day >= deliveryStart(yearOfSupply, maturity as Maturity)) {
      issue('date', 'DATE_AFTER_DELIVERY', day);
      continue;
    }
    const key = `${product}/${yearOfSupply}/${maturity}/${market}/${day}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issue(null, 'ROW_DUPLICATE', `${product} ${yearOfSupply} ${maturity} ${market} ${day}`);
      continue;
    }
    seen.set(key, row);
    rows.push({
      day,
      product: product as MarketProduct,
      yearOfSupply,
      maturity,
      market: market as 'OTC' | 'ICE',
      price,
    });
  }
  return { rowCount: lines.length, rows, issues };
}
