import { z } from 'zod';
import { ErrorBodySchema } from './errors';
import { DaySchema, IdParamSchema, YearOfSupplyParamSchema } from './bounded.schemas';
import {
  ContractIdSchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';

/*
 * Strategies replayed on price history (docs/backtest.md): the daily price history and its import,
 * one contract year's strategies side by side with the actual clicks, the attribution of the
 * difference, and a consultant's ranking of the customers they serve. Money is EUR with 2
 * decimals, prices EUR/MWh with 4, volumes MWh with 3, shares percent with 2: plain decimal
 * strings. Days are Amsterdam calendar days (YYYY-MM-DD).
 */

export const BACKTEST_PATHS = {
  /** Daily settlement prices from CSV (text/csv body); ?dryRun=true checks without writing. Admins only. */
  historyImport: '/rest/backtest/history/import',
  /** What history is kept: per product, market and year of supply the first and last day and the number of days. */
  historyCoverage: '/rest/backtest/history',
  /** One contract year of a customer replayed: ?contractId=&yearOfSupply= plus the strategy parameters. */
  replay: '/rest/backtest/:customerId',
  /** The same as a file: ?format=csv|xlsx|pdf&locale=nl|en plus the replay's query. */
  export: '/rest/backtest/:customerId/export',
  /** A consultant's (or account manager's, admin's) customers ranked by their clicks' results. */
  ranking: '/rest/backtest/ranking',
} as const;

/** The strategies a contract year is replayed with (packages/domain/src/backtest). */
export const StrategyIdSchema = z.enum([
  /** The customer's own clicks, as stored. */
  'ACTUAL',
  /** The hedge policy's corridor followed at its lower bound, middle and upper bound. */
  'CORRIDOR_LOWER',
  'CORRIDOR_MIDDLE',
  'CORRIDOR_UPPER',
  /** Equal tranches on the chosen schedule (monthly or quarterly). */
  'EQUAL_TRANCHES',
  /** Everything on the first day of the window. */
  'FIRST_DAY',
  /** Everything on the last day of the window. */
  'LAST_DAY',
  /** A share whenever the price is below its N-day average. */
  'LIMIT_BELOW_AVERAGE',
]);
export type StrategyId = z.infer<typeof StrategyIdSchema>;

export const TrancheScheduleSchema = z.enum(['MONTHLY', 'QUARTERLY']);
export type TrancheSchedule = z.infer<typeof TrancheScheduleSchema>;

/** The parameters a user edits on the screen; every one has a default. */
export const StrategyParametersSchema = z.object({
  trancheSchedule: TrancheScheduleSchema.default('MONTHLY'),
  /** The N of "below its N-day average": trading days with a price, 5..250. */
  limitDays: z.coerce.number().int().min(5).max(250).default(20),
  /** Percent of the year's volume each limit click fixes, 1..100. */
  limitShare: z.coerce.number().int().min(1).max(100).default(10),
  /** The strategy the actual clicks are compared with and attributed against. */
  reference: StrategyIdSchema.exclude(['ACTUAL']).default('EQUAL_TRANCHES'),
});
export type StrategyParameters = z.infer<typeof StrategyParametersSchema>;

export const BacktestParamsSchema = z.object({ customerId: IdParamSchema });
export type BacktestParams = z.infer<typeof BacktestParamsSchema>;

export const BacktestQuerySchema = StrategyParametersSchema.extend({
  contractId: ContractIdSchema,
  yearOfSupply: YearOfSupplyParamSchema,
});
export type BacktestQuery = z.infer<typeof BacktestQuerySchema>;

export const BacktestExportQuerySchema = BacktestQuerySchema.extend({
  format: z.enum(['csv', 'xlsx', 'pdf']).default('csv'),
  locale: z.enum(['nl', 'en']).optional(),
});
export type BacktestExportQuery = z.infer<typeof BacktestExportQuerySchema>;

/** One click a strategy made (or, for ACTUAL, one stored click's part). */
export const ReplayedClickSchema = z.object({
  day: DaySchema,
  maturity: MaturitySchema,
  part: ContractPartNameSchema,
  volume: DecimalStringSchema,
  /** EUR/MWh: the market price of the day the click used. */
  marketPrice: DecimalStringSchema,
  /** EUR/MWh: mark-up + transaction fees the click paid. */
  margin: DecimalStringSchema,
  /** EUR/MWh: market price + margin. */
  price: DecimalStringSchema,
  /** True when the click was not chosen by the strategy but forced: the volume still open at a deadline or at the window's end. */
  forced: z.boolean(),
});
export type ReplayedClick = z.infer<typeof ReplayedClickSchema>;

/** Why a strategy has no result for the year. */
export const StrategyUnavailableSchema = z.enum([
  /** CORRIDOR_*: the year has no hedge policy. */
  'NO_POLICY',
  /** No history priced the year's positions within the window. */
  'NO_HISTORY',
]);

export const StrategyResultSchema = z.object({
  strategy: StrategyIdSchema,
  /** Null when the strategy could run; otherwise why not (and every figure below is null). */
  unavailable: StrategyUnavailableSchema.nullable(),
  clicks: z.array(ReplayedClickSchema),
  /** How many clicks the strategy made itself (forced ones not counted). */
  clickCount: z.number().int(),
  volume: DecimalStringSchema,
  /** EUR: the sum of every click's volume x price, each to cents. */
  totalCost: DecimalStringSchema.nullable(),
  /** EUR/MWh: total cost / volume. */
  averagePrice: DecimalStringSchema.nullable(),
  /** EUR: the actual clicks' total cost minus this strategy's; positive = the strategy was cheaper. */
  resultAgainstActual: DecimalStringSchema.nullable(),
  /** EUR/MWh: the same per MWh of the year. */
  resultAgainstActualPerMwh: DecimalStringSchema.nullable(),
});
export type StrategyResult = z.infer<typeof StrategyResultSchema>;

/** The difference actual − reference split in three parts that add up to it (docs/backtest.md). */
export const AttributionSchema = z.object({
  reference: StrategyIdSchema,
  /** EUR: actual total cost − reference total cost. */
  total: DecimalStringSchema,
  /** EUR: choosing the day within each month against that month's average price. */
  timing: DecimalStringSchema,
  /** EUR: how much was fixed in which month, valued at the months' average prices. */
  volume: DecimalStringSchema,
  /** EUR: mark-up and fees paid against the reference's. */
  margin: DecimalStringSchema,
});
export type Attribution = z.infer<typeof AttributionSchema>;

/**
 * One day of the chart, for every window day on which every position part has a market price
 * (days without are left out, not null): `price` is the year's click price as the strategies see
 * it, one volume-weighted series over all positions and parts (domain `yearDailyPrices`: sum of
 * part volume x (market + margin) / volume, 4 decimals) - draw this line. `prices` (added to it)
 * holds the same per part (volume-weighted over the positions), e.g. Peak and OffPeak apart.
 */
export const HistoryPointSchema = z.object({
  day: DaySchema,
  price: DecimalStringSchema,
  prices: z.array(z.object({ part: ContractPartNameSchema, price: DecimalStringSchema })),
});

export const BacktestSchema = z.object({
  customerId: z.number().int(),
  contractId: ContractIdSchema,
  yearOfSupply: z.number().int(),
  /** The click window replayed: from its first day with history to the last deadline or today. */
  window: z.object({ from: DaySchema, to: DaySchema }).nullable(),
  /** True when the window ends today because the year can still be clicked: the rest is valued at today's price. */
  open: z.boolean(),
  volume: DecimalStringSchema,
  /** Over the window, the year product's click price: the 12-month average, high and low before its end. */
  twelveMonth: z
    .object({ average: DecimalStringSchema, high: DecimalStringSchema, low: DecimalStringSchema })
    .nullable(),
  /** EUR: the whole volume fixed on the window's cheapest and dearest day, and their difference. */
  bestDay: z.object({ day: DaySchema, totalCost: DecimalStringSchema }).nullable(),
  worstDay: z.object({ day: DaySchema, totalCost: DecimalStringSchema }).nullable(),
  spread: DecimalStringSchema.nullable(),
  parameters: StrategyParametersSchema,
  strategies: z.array(StrategyResultSchema),
  /** Null when the reference or the actual clicks cannot be replayed. */
  attribution: AttributionSchema.nullable(),
  history: z.array(HistoryPointSchema),
});
export type Backtest = z.infer<typeof BacktestSchema>;

export const RankingQuerySchema = z.object({
  reference: StrategyIdSchema.exclude(['ACTUAL']).default('EQUAL_TRANCHES'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['againstAverage', 'againstReference', 'customerName']).default('againstReference'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type RankingQuery = z.infer<typeof RankingQuerySchema>;

/** One customer's clicked years together: how their clicks did against the market. */
export const RankingRowSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  /** Contract years with clicks that were replayed. */
  years: z.number().int(),
  clickedVolume: DecimalStringSchema,
  averageClickPrice: DecimalStringSchema.nullable(),
  /** EUR/MWh: the 12-month average click price − the clicks' average; positive = clicked below it. */
  againstAverage: DecimalStringSchema.nullable(),
  /** EUR/MWh: the reference's average price − the clicks'; positive = the clicks beat the reference. */
  againstReference: DecimalStringSchema.nullable(),
});
export type RankingRow = z.infer<typeof RankingRowSchema>;

export const RankingSchema = z.object({
  reference: StrategyIdSchema,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(RankingRowSchema),
});
export type Ranking = z.infer<typeof RankingSchema>;

export const HistoryImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** The header a history file carries, in any order (the shape of the exchanges' settlement exports). */
export const HISTORY_IMPORT_COLUMNS = [
  'date',
  'product',
  'year',
  'maturity',
  'market',
  'price',
] as const;
/** At most this many bytes per file: the server refuses a larger body (413) before reading it. */
export const HISTORY_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** At most this many data rows per file (about 10 years of one market's instruments). */
export const HISTORY_IMPORT_MAX_ROWS = 200_000;
/** At most this many issues are listed; issueCount says how many there were. */
export const HISTORY_IMPORT_MAX_ISSUES = 200;

export const HistoryImportIssueCodeSchema = z.enum([
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'HEADER_MISSING_COLUMN',
  'DATE_INVALID',
  'PRODUCT_UNKNOWN',
  'YEAR_INVALID',
  'MATURITY_INVALID',
  'MARKET_UNKNOWN',
  'PRICE_INVALID',
  /** The same instrument and day twice in one file. */
  'ROW_DUPLICATE',
  /** A settlement dated on or after its instrument's delivery start: it was no longer clickable. */
  'DATE_AFTER_DELIVERY',
]);
export type HistoryImportIssueCode = z.infer<typeof HistoryImportIssueCodeSchema>;

export const HistoryImportIssueSchema = z.object({
  /** The row as a spreadsheet numbers it (the header is row 1); null: the whole file. */
  row: z.number().int().positive().nullable(),
  column: z.string().nullable(),
  code: HistoryImportIssueCodeSchema,
  /** The offending text as read (shortened), when there is one. */
  value: z.string().nullable(),
});
export type HistoryImportIssue = z.infer<typeof HistoryImportIssueSchema>;

/** What an import did, or (dry run) would do. A file with any issue imports nothing (422 IMPORT_REFUSED). */
export const HistoryImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True only when the import wrote its rows. */
  imported: z.boolean(),
  rowCount: z.number().int().nonnegative(),
  /** Instrument days new to the history. */
  created: z.number().int().nonnegative(),
  /** Instrument days kept with another price (a corrected settlement). */
  changed: z.number().int().nonnegative(),
  /** Instrument days already kept with this price: a re-import changes nothing. */
  unchanged: z.number().int().nonnegative(),
  issues: z.array(HistoryImportIssueSchema),
  issueCount: z.number().int().nonnegative(),
});
export type HistoryImportReport = z.infer<typeof HistoryImportReportSchema>;

export const HistoryCoverageSchema = z.array(
  z.object({
    product: z.string(),
    market: z.enum(['OTC', 'ICE']),
    yearOfSupply: z.number().int(),
    from: DaySchema,
    to: DaySchema,
    days: z.number().int(),
    source: z.enum(['IMPORT', 'SYNTHETIC', 'RECORDED']),
  }),
);
export type HistoryCoverage = z.infer<typeof HistoryCoverageSchema>;

/** 422 IMPORT_REFUSED: the file has issues, so nothing was imported; the report says which. */
export const HistoryImportRefusedSchema = ErrorBodySchema.extend({
  report: HistoryImportReportSchema,
});
export type HistoryImportRefused = z.infer<typeof HistoryImportRefusedSchema>;
