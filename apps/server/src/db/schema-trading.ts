import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Numeric } from './schema-columns';

// Tables of trading: contracts and their positions, market prices, clicks, quotes, margins and
// terms.
//
// `contract_id` means two things (docs/glossary.md): in `contracts` it is the contract id, the
// customer's contract number as text (the API's `contractId`); in every other table it is an
// integer foreign key to `contracts.id`, the row id, which TypeScript calls `contractRowId`.

export interface TradingStatusTable {
  id: Generated<boolean>;
  pauze_active: boolean;
  updated_at: Date;
  updated_by: number | null;
}

/** contracts.deadline_rule as read. */
export interface DeadlineRuleColumn {
  YEAR: number;
  QUARTER: number;
  MONTH: number;
}

export interface ContractsTable {
  /** The row id: what other tables' integer `contract_id` refers to (`contractRowId` in TS). */
  id: Generated<number>;
  /** The contract id: the contract number the customer knows, unique, text (the API's `contractId`). */
  contract_id: string;
  customer_id: number;
  commodity: 'Power' | 'Gas';
  product: string;
  click_type: 'ALL' | 'YEAR' | 'QUARTER' | 'MONTH' | null;
  click_option: 'OTC_ONLY' | 'PRE_EOD' | 'PRE_EOD_AND_OVERNIGHT';
  mark_up: Numeric;
  transaction_fee: Numeric;
  lump_sum: ColumnType<string, string | number | undefined, string | number>;
  contracted_volume: Numeric;
  run_out: Generated<boolean>;
  max_clicks_per_year: number | null;
  /** The smallest click per part, percent of the position's total volume (0004). */
  min_click_percentage: ColumnType<string, string | number | undefined, string | number>;
  // From 0018 (managecontract, docs/contracts.md).
  /**
   * The contract's revision: raised by every edit (managecontract, the import), never by a click.
   * An edit is made on the revision read (the API carries it as the edit's `version`), and a quote
   * lapses when it moves.
   */
  revision: ColumnType<number, never, number>;
  /** null: the Off-peak part is priced as mark_up / transaction_fee. */
  off_peak_mark_up: ColumnType<string | null, string | null | undefined, string | null>;
  off_peak_transaction_fee: ColumnType<string | null, string | null | undefined, string | null>;
  /** The largest click per part, percent of the position's total volume. */
  max_click_percentage: ColumnType<string, string | number | undefined, string | number>;
  /** Trading days before delivery per period type (domain DeadlineRule). */
  deadline_rule: ColumnType<DeadlineRuleColumn, string | undefined, string>;
  /** null: as the customer's require_sms / require_approval. */
  require_sms: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  require_approval: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** The margin scenario assigned to the contract (docs/margins.md), null: none (0016). */
  margin_scenario_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * bigint, raised by a trigger on every change of the contract, its positions or its clicks: the
   * stamp a kept view of the contract is checked against (the positions' `stamp`), not its revision.
   */
  version: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DashboardContractsTable {
  dashboard_id: number;
  contract_id: number;
  customer_id: number;
}

export type PartName = 'Gas' | 'Peak' | 'OffPeak';

export interface PositionMonthsTable {
  contract_id: number;
  part: PartName;
  year_of_supply: number;
  month: number;
  total_volume: Numeric;
  clicked_volume: ColumnType<string, string | number | undefined, string | number>;
  auto_clicked_volume: ColumnType<string, string | number | undefined, string | number>;
  clicked_cost: ColumnType<string, string | number | undefined, string | number>;
}

export type ClickStatus = 'PENDING_APPROVAL' | 'IN_PROGRESS' | 'COMPLETED' | 'REJECTED' | 'EXPIRED';

export interface ClicksTable {
  id: Generated<number>;
  contract_id: number;
  year_of_supply: number;
  maturity: string;
  status: ClickStatus;
  auto: Generated<boolean>;
  market: 'OTC' | 'ICE';
  created_at: Date;
  completed_at: Date | null;
  created_by: number | null;
  // From 0004: clicks made through a quote.
  quote_id: ColumnType<string | null, string | null | undefined, string | null>;
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  price_source: ColumnType<string | null, string | null | undefined, string | null>;
  total_cost: ColumnType<string | null, string | null | undefined, string | null>;
  in_progress_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  fixing_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  approval_deadline: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** What happened to a click, as the click ledger records it (0024). */
export type ClickLedgerEvent =
  'CREATED' | 'PENDING_APPROVAL' | 'APPROVED' | 'REJECTED' | 'COMPLETED' | 'EXPIRED';

/**
 * One event of a click, append-only and hash-chained per customer (0024, docs/audit-trail.md).
 * stream, seq, prev_hash and hash are set by the database's trigger.
 */
export interface ClickLedgerTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  stream: ColumnType<string, never, never>;
  seq: ColumnType<string, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
  at: Date;
  click_id: number;
  customer_id: number;
  event: ClickLedgerEvent;
  actor_user_id: number | null;
  actor_username: string | null;
  impersonator_user_id: number | null;
  impersonator_username: string | null;
  facts: ColumnType<Record<string, unknown>, string, string>;
}

export interface ClickMonthsTable {
  click_id: number;
  part: PartName;
  month: number;
  volume: Numeric;
  price: Numeric;
}

export type MarketProduct = 'NL_POWER_BASE' | 'NL_POWER_PEAK' | 'NL_POWER_OFFPEAK' | 'TTF_GAS';

export interface MarketOffersTable {
  product: MarketProduct;
  year_of_supply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  price: ColumnType<string | null, string | number | null, string | number | null>;
  quoted_at: Date;
}

export type PriceOrigin = 'SIMULATED' | 'CSV' | 'INGEST';

export interface MarketPricesTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  product: MarketProduct;
  year_of_supply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  price: Numeric;
  at: Date;
  source: PriceOrigin;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
  /** xid8, read as a string: the transaction that recorded the price (modules/market/price-watch.ts). */
  tx: ColumnType<string, never, never>;
}

export interface PriceWatchCursorsTable {
  name: string;
  /** xid8 as a string. */
  tx: string;
  /** bigint as a string. */
  price_id: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DataVersionsTable {
  name: string;
  version: ColumnType<string, never, never>;
}

/** One part of a quote as stored (decimals as strings). */
export interface StoredQuotePart {
  name: PartName;
  volume: string;
  openVolume: string;
  totalVolume: string;
  marketPrice: string;
  markUp: string;
  transactionFee: string;
  clickPrice: string;
  cost: string;
  runoutApplied: boolean;
  limits: { min: string; max: string };
  /** The scenario version whose mark-up and fee priced the part; absent or null: the contract's own (0016). */
  marginScenario?: { scenarioId: number; version: number } | null;
  /** The market product that priced the part (its pricing ID); absent in quotes made before. */
  marketProduct?: MarketProduct;
}

export interface PurchaseQuotesTable {
  id: string;
  user_id: number;
  session_id: number | null;
  contract_id: number;
  year_of_supply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  price_source: string;
  parts: ColumnType<StoredQuotePart[], string, string>;
  total_cost: Numeric;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  cancelled_at: Date | null;
  /** The contract's revision the quote was made on (0018); null: made before 0018. */
  contract_revision: ColumnType<number | null, number | null | undefined, number | null>;
  // From 0016: the margin scenario version that priced the quote (null: the contract's own).
  margin_scenario_id: ColumnType<number | null, number | null | undefined, number | null>;
  margin_scenario_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** The standing order that made the quote (0023); null: a person's quote. */
  standing_order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MarginScenariosTable {
  id: Generated<number>;
  created_at: Date;
}

/** A grid line as stored in margin_scenario_versions.lines (decimals as strings). */
export interface StoredMarginLine {
  commodity: 'Power' | 'Gas';
  part: PartName;
  maturityType: 'YEAR' | 'QUARTER' | 'MONTH';
  minVolume: string | null;
  markUp: string;
  transactionFee: string;
}

export interface MarginScenarioVersionsTable {
  scenario_id: number;
  version: number;
  name: string;
  /** Amsterdam days, read as 'YYYY-MM-DD' text. */
  valid_from: ColumnType<string, string, string>;
  valid_until: ColumnType<string | null, string | null, string | null>;
  effective_at: Date;
  lines: ColumnType<StoredMarginLine[], string, string>;
  created_at: Date;
  created_by: number | null;
}

export interface MarginScenarioCustomersTable {
  customer_id: number;
  scenario_id: number;
}

export interface PricingIdsTable {
  product: string;
  part: PartName;
  market_product: MarketProduct;
}

export interface TermsVersionsTable {
  id: Generated<number>;
  customer_id: number | null;
  version: number;
  body_nl: string;
  body_en: string;
  published_at: Date;
}

export interface TermsAcceptancesTable {
  user_id: number;
  customer_id: number;
  version: number;
  accepted_at: Date;
}

export interface SmsVerificationsTable {
  id: Generated<number>;
  quote_id: string;
  user_id: number;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
  verified_at: Date | null;
  /** 'totp': the user's authenticator app confirmed the quote; code_hash is then empty (0011). */
  factor: Generated<'sms' | 'totp'>;
}
