import type { ClickDetail } from '@klik/api';
import writeXlsxFile from 'write-excel-file/node';

/** Column headings of both exports, one row per click part. */
export const EXPORT_COLUMNS = [
  'clickId',
  'contractId',
  'product',
  'yearOfSupply',
  'maturity',
  'market',
  'priceSource',
  'status',
  'createdAt',
  'completedAt',
  'createdBy',
  // Who was signed in as the creator (a TPI consultant from overview, or an administrator).
  'createdByImpersonator',
  'decidedBy',
  'part',
  'volumeMWh',
  'marketPrice',
  'markUp',
  'transactionFee',
  'clickPrice',
  'cost',
  'clickTotalCost',
] as const;

export type Cell = { text: string } | { number: string } | null;

function rowsOf(clicks: readonly ClickDetail[]): Cell[][] {
  const text = (value: string | number | null): Cell =>
    value === null ? null : { text: String(value) };
  const number = (value: string | null): Cell => (value === null ? null : { number: value });
  return clicks.flatMap((click) =>
    click.parts.map((part) => [
      number(String(click.id)),
      text(click.contractId),
      text(click.product),
      number(String(click.yearOfSupply)),
      text(click.maturity),
      text(click.market),
      text(click.priceSource),
      text(click.status),
      text(click.createdAt),
      text(click.completedAt),
      text(click.createdBy),
      text(click.createdByImpersonator),
      text(click.decidedBy),
      text(part.name),
      number(part.volume),
      number(part.marketPrice),
      number(part.markUp),
      number(part.transactionFee),
      number(part.price),
      number(part.cost),
      number(click.totalCost),
    ]),
  );
}

// A spreadsheet runs a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180 quoting; text a spreadsheet would run as a formula is defused). */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if ('number' in cell) return cell.number;
  const value = FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * RFC 4180 CSV: comma separated, CRLF line ends, '.' decimals and ISO 8601 instants, so
 * spreadsheets and scripts in any locale read the same numbers. Text that a spreadsheet would
 * run as a formula is prefixed with an apostrophe.
 */
export function clicksCsv(clicks: readonly ClickDetail[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const row of rowsOf(clicks)) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** One sheet of a workbook: its name, its bold headings and its rows. */
export interface XlsxSheet {
  sheet: string;
  columns: readonly string[];
  rows: readonly Cell[][];
}

/** Sheets as one XLSX workbook, in their order; numbers are spreadsheet numbers. */
export async function xlsxSheetsOf(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  return writeXlsxFile(
    sheets.map(({ sheet, columns, rows }) => ({
      sheet,
      data: [
        columns.map((column) => ({ value: column, fontWeight: 'bold' as const })),
        ...rows.map((row) =>
          row.map((cell) => {
            if (cell === null) return null;
            if ('number' in cell) return { value: Number(cell.number), type: Number };
            return { value: cell.text, type: String };
          }),
        ),
      ],
    })),
  ).toBuffer();
}

/** Rows as an XLSX workbook with one sheet under bold headings. */
export function xlsxOf(
  columns: readonly string[],
  rows: readonly Cell[][],
  sheet: string,
): Promise<Buffer> {
  return xlsxSheetsOf([{ sheet, columns, rows }]);
}

/** The same rows as an XLSX workbook with one sheet. */
export function clicksXlsx(clicks: readonly ClickDetail[]): Promise<Buffer> {
  return xlsxOf(EXPORT_COLUMNS, rowsOf(clicks), 'Clicks');
}
