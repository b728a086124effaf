import { z } from 'zod';
import { ErrorBodySchema, FIELD_ERROR_CODES } from './errors';

/*
 * The bulk import of contracts and their volumes (docs/contracts-import.md): a CSV or XLSX file
 * with one row per contract, year of supply and part, sent as the raw request body. A dry run
 * answers what would be created or changed and every problem with its row and column; the import
 * itself writes everything or nothing.
 */

/** The largest file the server reads (a 10,000-row CSV is about 1.5 MB). */
export const CONTRACT_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** The most data rows one file may hold. */
export const CONTRACT_IMPORT_MAX_ROWS = 50_000;
/** The most issues one answer lists; issueCount still counts them all. */
export const CONTRACT_IMPORT_MAX_ISSUES = 1000;

export const CONTRACT_IMPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Columns that describe the contract: equal on every row of one contract. */
export const CONTRACT_IMPORT_CONTRACT_COLUMNS = [
  'contractId',
  'customerId',
  'commodity',
  'product',
  'clickType',
  'marketOption',
  'lumpSum',
  'runOut',
  'maxClicksPerYear',
  'minClickPercentage',
  'maxClickPercentage',
] as const;
export const MONTH_SHARE_COLUMNS = [
  'm1',
  'm2',
  'm3',
  'm4',
  'm5',
  'm6',
  'm7',
  'm8',
  'm9',
  'm10',
  'm11',
  'm12',
] as const;
/** Columns of one year of supply and part; markUp and transactionFee are per part. */
export const CONTRACT_IMPORT_ROW_COLUMNS = [
  'yearOfSupply',
  'part',
  'volume',
  'markUp',
  'transactionFee',
  ...MONTH_SHARE_COLUMNS,
] as const;
export const CONTRACT_IMPORT_COLUMNS = [
  ...CONTRACT_IMPORT_CONTRACT_COLUMNS,
  ...CONTRACT_IMPORT_ROW_COLUMNS,
] as const;
export type ContractImportColumn = (typeof CONTRACT_IMPORT_COLUMNS)[number];
export type ContractImportContractColumn = (typeof CONTRACT_IMPORT_CONTRACT_COLUMNS)[number];

/** Columns every file must have; the others may be left out (then: kept, or the default). */
export const CONTRACT_IMPORT_REQUIRED_COLUMNS = [
  'contractId',
  'yearOfSupply',
  'part',
  'volume',
] as const satisfies readonly ContractImportColumn[];

/** What can be wrong with the file itself or a cell before the contract's own rules apply. */
export const CONTRACT_IMPORT_FILE_CODES = [
  'FILE_UNREADABLE',
  'FILE_EMPTY',
  'TOO_MANY_ROWS',
  'COLUMN_UNKNOWN',
  'COLUMN_MISSING',
  'COLUMN_DUPLICATE',
  'VALUE_REQUIRED',
  'VALUE_INVALID',
  'NUMBER_INVALID',
  'CONTRACT_ROWS_DIFFER',
  'CUSTOMER_UNKNOWN',
  'PROFILE_INCOMPLETE',
] as const;

/**
 * An issue is about a row and column (or the whole file: row and column null): a file code, a
 * field code of the contract's input schema (FIELD_ERROR_CODES: the same texts as on
 * managecontract), or a rule of the single edit that clicks protect.
 */
export const CONTRACT_IMPORT_ISSUE_CODES = [
  ...CONTRACT_IMPORT_FILE_CODES,
  ...FIELD_ERROR_CODES,
  'CONTRACT_HAS_CLICKS',
  'YEAR_HAS_CLICKS',
  'VOLUME_BELOW_CLICKED',
] as const;
export const ContractImportIssueCodeSchema = z.enum(CONTRACT_IMPORT_ISSUE_CODES);
export type ContractImportIssueCode = z.infer<typeof ContractImportIssueCodeSchema>;

export const ContractImportIssueSchema = z.object({
  /** The row as a spreadsheet numbers it (the header is row 1); null: the whole file. */
  row: z.number().int().positive().nullable(),
  column: z.string().nullable(),
  code: ContractImportIssueCodeSchema,
  /** The offending text as read (shortened), when there is one. */
  value: z.string().nullable(),
});
export type ContractImportIssue = z.infer<typeof ContractImportIssueSchema>;

export const CONTRACT_IMPORT_ACTIONS = ['create', 'change', 'unchanged'] as const;
export const ContractImportActionSchema = z.enum(CONTRACT_IMPORT_ACTIONS);
export type ContractImportAction = z.infer<typeof ContractImportActionSchema>;

export const ContractImportLineSchema = z.object({
  contractId: z.string(),
  customerId: z.number().int(),
  action: ContractImportActionSchema,
  /** The contract's first row in the file. */
  row: z.number().int().positive(),
  rowCount: z.number().int().positive(),
  yearsOfSupply: z.array(z.number().int()),
  /** What a change alters: contract columns by name, and `volume` for the volumes. */
  changedFields: z.array(z.string()),
});
export type ContractImportLine = z.infer<typeof ContractImportLineSchema>;

export const ContractImportFormatSchema = z.enum(['csv', 'xlsx']);
export type ContractImportFormat = z.infer<typeof ContractImportFormatSchema>;

export const ContractImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True only when the import wrote its changes. */
  imported: z.boolean(),
  format: ContractImportFormatSchema.nullable(),
  /** Data rows read (without the header). */
  rowCount: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Per contract, in the order of the file; empty when the file could not be read. */
  contracts: z.array(ContractImportLineSchema),
  /** In the order of the file, at most CONTRACT_IMPORT_MAX_ISSUES. */
  issues: z.array(ContractImportIssueSchema),
  issueCount: z.number().int().nonnegative(),
});
export type ContractImportReport = z.infer<typeof ContractImportReportSchema>;

export const ContractImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** 422 IMPORT_REFUSED: the file has issues, so nothing was imported; the report says which. */
export const ContractImportRefusedSchema = ErrorBodySchema.extend({
  report: ContractImportReportSchema,
});
export type ContractImportRefused = z.infer<typeof ContractImportRefusedSchema>;
