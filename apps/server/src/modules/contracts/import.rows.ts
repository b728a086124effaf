import {
  CONTRACT_IMPORT_COLUMNS,
  CONTRACT_IMPORT_CONTRACT_COLUMNS,
  CONTRACT_IMPORT_REQUIRED_COLUMNS,
  MAX_YEAR_OF_SUPPLY,
  MIN_YEAR_OF_SUPPLY,
  MONTH_SHARE_COLUMNS,
  type ContractImportColumn,
  type ContractImportContractColumn,
  type ContractImportIssue,
  type ContractImportIssueCode,
} from '@klik/api';
import type { ContractPartName } from '@klik/domain';
import type { ImportTable } from './import.parser';

/*
 * The cells of an import table as typed values: one ImportRow per data row, or the issues that
 * keep a row from being one. Numbers take a decimal point or a decimal comma and no thousands
 * separators; values are checked against what the database can hold (docs/contracts-import.md).
 */

/** Contract values as the file gives them; a column the file leaves out is absent. */
export interface ImportContractValues {
  contractId: string;
  customerId?: number;
  commodity?: 'Power' | 'Gas';
  product?: string;
  clickType?: 'ALL' | 'YEAR' | 'QUARTER' | 'MONTH' | null;
  marketOption?: 'OTC_ONLY' | 'PRE_EOD' | 'PRE_EOD_AND_OVERNIGHT';
  lumpSum?: string;
  runOut?: boolean;
  maxClicksPerYear?: number | null;
  minClickPercentage?: string;
  maxClickPercentage?: string;
}

/**
 * One data row. Decimals are the cell's text with a decimal comma made a point; whether they fit
 * their field is the contract input schema's to say (the same as on managecontract).
 */
export interface ImportRow {
  row: number;
  contract: ImportContractValues;
  yearOfSupply: number;
  part: ContractPartName;
  volume: string;
  markUp?: string;
  transactionFee?: string;
  /** 12 shares in percent, or null for a flat year. */
  profile: string[] | null;
}

export interface ParsedRows {
  rows: ImportRow[];
  issues: ContractImportIssue[];
  /** The contract columns the file has (the others keep their values on a change). */
  contractColumns: ContractImportContractColumn[];
}

const NUMBER = /^\d+(?:[.,]\d+)?$/;
const MAX_VALUE_LENGTH = 60;
const INT_MAX = 2_147_483_647;

const COMMODITIES = ['Power', 'Gas'] as const;
const PARTS = ['Gas', 'Peak', 'OffPeak'] as const;
const CLICK_TYPES = ['ALL', 'YEAR', 'QUARTER', 'MONTH'] as const;
const OPTIONS = ['OTC_ONLY', 'PRE_EOD', 'PRE_EOD_AND_OVERNIGHT'] as const;

class CellIssue {
  constructor(
    readonly code: ContractImportIssueCode,
    readonly column: ContractImportColumn,
    readonly value: string,
  ) {}
}

export function issueOf(
  row: number | null,
  column: string | null,
  code: ContractImportIssueCode,
  value: string | null = null,
): ContractImportIssue {
  return {
    row,
    column,
    code,
    value: value === null ? null : value.slice(0, MAX_VALUE_LENGTH),
  };
}

/** Where each known column is in the table, or the header's issues. */
function columnsOf(header: string[]): {
  index: Map<ContractImportColumn, number>;
  issues: ContractImportIssue[];
} {
  const byLowerName = new Map(CONTRACT_IMPORT_COLUMNS.map((name) => [name.toLowerCase(), name]));
  const index = new Map<ContractImportColumn, number>();
  const issues: ContractImportIssue[] = [];
  header.forEach((title, position) => {
    if (title === '') return;
    const column = byLowerName.get(title.toLowerCase());
    if (column === undefined) issues.push(issueOf(1, title, 'COLUMN_UNKNOWN', title));
    else if (index.has(column)) issues.push(issueOf(1, title, 'COLUMN_DUPLICATE', title));
    else index.set(column, position);
  });
  for (const required of CONTRACT_IMPORT_REQUIRED_COLUMNS) {
    if (!index.has(required)) issues.push(issueOf(1, required, 'COLUMN_MISSING'));
  }
  const shares = MONTH_SHARE_COLUMNS.filter((column) => index.has(column));
  if (shares.length > 0 && shares.length < 12) {
    for (const column of MONTH_SHARE_COLUMNS) {
      if (!index.has(column)) issues.push(issueOf(1, column, 'COLUMN_MISSING'));
    }
  }
  return { index, issues };
}

export function parseImportRows(table: ImportTable): ParsedRows {
  const { index, issues } = columnsOf(table.header);
  const contractColumns = CONTRACT_IMPORT_CONTRACT_COLUMNS.filter((column) => index.has(column));
  if (issues.length > 0) return { rows: [], issues, contractColumns };
  const rows: ImportRow[] = [];
  for (const { row, cells } of table.rows) {
    const cellOf = (column: ContractImportColumn): string | undefined => {
      const position = index.get(column);
      return position === undefined ? undefined : (cells[position] ?? '').trim();
    };
    const rowIssues: ContractImportIssue[] = [];
    const read = <T>(column: ContractImportColumn, parse: (text: string) => T): T | undefined => {
      const text = cellOf(column);
      if (text === undefined) return undefined;
      try {
        return parse(text);
      } catch (error) {
        if (!(error instanceof CellIssue)) throw error;
        rowIssues.push(issueOf(row, error.column, error.code, error.value || null));
        return undefined;
      }
    };
    const contractId = read('contractId', (text) => required('contractId', text));
    const contract: ImportContractValues = { contractId: contractId ?? '' };
    const set = <K extends keyof ImportContractValues>(key: K, value: ImportContractValues[K]) => {
      if (value !== undefined) contract[key] = value;
    };
    set(
      'customerId',
      read('customerId', (text) => integerOf('customerId', text, 1, INT_MAX)),
    );
    set(
      'commodity',
      read('commodity', (text) => oneOf('commodity', text, COMMODITIES)),
    );
    set(
      'product',
      read('product', (text) => text),
    );
    set(
      'clickType',
      read('clickType', (text) => (text === '' ? null : oneOf('clickType', text, CLICK_TYPES))),
    );
    set(
      'marketOption',
      read('marketOption', (text) => oneOf('marketOption', text, OPTIONS)),
    );
    set(
      'lumpSum',
      read('lumpSum', (text) => decimalOf('lumpSum', text)),
    );
    set(
      'runOut',
      read('runOut', (text) => booleanOf('runOut', text)),
    );
    set(
      'maxClicksPerYear',
      read('maxClicksPerYear', (text) =>
        text === '' ? null : integerOf('maxClicksPerYear', text, 1, INT_MAX),
      ),
    );
    set(
      'minClickPercentage',
      read('minClickPercentage', (text) => decimalOf('minClickPercentage', text)),
    );
    set(
      'maxClickPercentage',
      read('maxClickPercentage', (text) => decimalOf('maxClickPercentage', text)),
    );
    const yearOfSupply = read('yearOfSupply', (text) =>
      integerOf('yearOfSupply', text, MIN_YEAR_OF_SUPPLY, MAX_YEAR_OF_SUPPLY),
    );
    const part = read('part', (text) => oneOf('part', text, PARTS));
    const volume = read('volume', (text) => decimalOf('volume', text));
    const markUp = read('markUp', (text) => decimalOf('markUp', text));
    const transactionFee = read('transactionFee', (text) => decimalOf('transactionFee', text));
    const shares = MONTH_SHARE_COLUMNS.map((column) =>
      read(column, (text) => (text === '' ? '' : decimalOf(column, text))),
    );
    const profile = profileOf(row, shares, rowIssues);
    if (rowIssues.length > 0) {
      issues.push(...rowIssues);
      continue;
    }
    const parsed: ImportRow = {
      row,
      contract,
      yearOfSupply: yearOfSupply as number,
      part: part as ContractPartName,
      volume: volume as string,
      profile,
    };
    if (markUp !== undefined) parsed.markUp = markUp;
    if (transactionFee !== undefined) parsed.transactionFee = transactionFee;
    rows.push(parsed);
  }
  return { rows, issues, contractColumns };
}

/** All twelve shares or none; whether they sum to 100 is the input schema's rule. */
function profileOf(
  row: number,
  shares: (string | undefined)[],
  issues: ContractImportIssue[],
): string[] | null {
  const given = shares.filter((share): share is string => share !== undefined && share !== '');
  if (given.length === 0) return null;
  if (given.length < 12) {
    MONTH_SHARE_COLUMNS.forEach((column, month) => {
      if (shares[month] === '') issues.push(issueOf(row, column, 'PROFILE_INCOMPLETE'));
    });
    return null;
  }
  return given;
}

function required(column: ContractImportColumn, text: string): string {
  if (text === '') throw new CellIssue('VALUE_REQUIRED', column, text);
  return text;
}

/** One of the allowed words, matched without regard to case and written as the API spells it. */
function oneOf<T extends string>(
  column: ContractImportColumn,
  text: string,
  allowed: readonly T[],
): T {
  const match = allowed.find(
    (value) => value.toLowerCase() === required(column, text).toLowerCase(),
  );
  if (match === undefined) throw new CellIssue('VALUE_INVALID', column, text);
  return match;
}

function booleanOf(column: ContractImportColumn, text: string): boolean {
  const word = required(column, text).toLowerCase();
  if (['true', 'yes', 'ja', '1'].includes(word)) return true;
  if (['false', 'no', 'nee', '0'].includes(word)) return false;
  throw new CellIssue('VALUE_INVALID', column, text);
}

function integerOf(column: ContractImportColumn, text: string, min: number, max: number): number {
  if (!/^\d{1,10}$/.test(required(column, text))) {
    throw new CellIssue('NUMBER_INVALID', column, text);
  }
  const value = Number(text);
  if (value < min || value > max) throw new CellIssue('NUMBER_INVALID', column, text);
  return value;
}

/**
 * A decimal with a point or a comma and no thousands separators ("1.234,5" is refused: which
 * separator is which cannot be told from one cell), written with a point.
 */
function decimalOf(column: ContractImportColumn, text: string): string {
  if (!NUMBER.test(required(column, text))) throw new CellIssue('NUMBER_INVALID', column, text);
  return text.replace(',', '.');
}
