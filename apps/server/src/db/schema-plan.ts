import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Numeric } from './schema-columns';
import type { PartName } from './schema-trading';

// Tables of the customer's plan: budgets, hedge policies, deadline feeds, standing orders and
// price alerts. Their `contract_id` is the integer row id of the contract (contracts.id,
// `contractRowId` in TypeScript), not the contract id the customer knows (docs/glossary.md).

/** A budget per contract and year of supply (migration 0020, docs/budgets.md). */
export interface BudgetsTable {
  id: Generated<number>;
  contract_id: number;
  year_of_supply: number;
  budget_price: string;
  lower_bound: string;
  upper_bound: string;
  last_zone: 'BELOW_LOWER' | 'WITHIN' | 'ABOVE_UPPER' | null;
  last_expected_price: string | null;
  evaluated_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BudgetExpectedPricesTable {
  budget_id: number;
  day: ColumnType<string, string, string>;
  expected_price: string;
  at: Date;
}

/** A hedge policy per contract and year (migration 0020): points as [{date, minShare, maxShare}]. */
export interface HedgePoliciesTable {
  id: Generated<number>;
  contract_id: number;
  year_of_supply: number;
  points: ColumnType<{ date: string; minShare: string; maxShare: string | null }[], string, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface HedgePolicyAlertsTable {
  policy_id: number;
  point_date: ColumnType<string, string, string>;
  sent_at: Date;
}

/** A user's deadline calendar feed, found by its token's digest (0022). */
export interface DeadlineCalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: Date;
}

/** A standing order (0023, modules/standing-orders, docs/standing-orders.md). */
export interface StandingOrdersTable {
  id: Generated<number>;
  customer_id: number;
  contract_id: number;
  year_of_supply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  percentage: ColumnType<string | null, string | null, string | null>;
  volumes: ColumnType<Partial<Record<PartName, string>> | null, string | null, string | null>;
  limit_price: ColumnType<string | null, string | null, string | null>;
  stop_price: ColumnType<string | null, string | null, string | null>;
  /** date, read as "YYYY-MM-DD" (an Amsterdam day). */
  valid_until: ColumnType<string, string, string>;
  status: ColumnType<
    'ACTIVE' | 'EXECUTED' | 'CANCELLED' | 'LAPSED',
    'ACTIVE' | undefined,
    'EXECUTED' | 'CANCELLED' | 'LAPSED'
  >;
  waiting_reason: ColumnType<string | null, string | null | undefined, string | null>;
  lapse_reason: ColumnType<string | null, string | null | undefined, string | null>;
  second_factor: 'sms' | 'totp' | null;
  terms_version: number | null;
  created_by: number;
  created_at: Date;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ended_by: ColumnType<number | null, number | null | undefined, number | null>;
  click_id: ColumnType<number | null, number | null | undefined, number | null>;
  quote_id: ColumnType<string | null, string | null | undefined, string | null>;
  triggered_by: ColumnType<'LIMIT' | 'STOP' | null, never, 'LIMIT' | 'STOP' | null>;
  trigger_click_price: ColumnType<string | null, never, string | null>;
  trigger_market_price: ColumnType<string | null, never, string | null>;
  trigger_price_id: ColumnType<string | null, never, string | null>;
  checked_prices: ColumnType<Record<string, string> | null, never, string | null>;
  checked_at: ColumnType<Date | null, never, Date | null>;
}

/** An SMS code that confirms placing a standing order (0023). */
export interface StandingOrderCodesTable {
  id: Generated<number>;
  user_id: number;
  customer_id: number;
  nonce: string;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
  used_at: Date | null;
}

/** A price alert (0021, docs/price-alerts.md). */
export interface PriceAlertsTable {
  id: Generated<number>;
  customer_id: number;
  contract_id: number;
  part: 'Gas' | 'Peak' | 'OffPeak';
  year_of_supply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  direction: 'EQUAL_OR_LOWER' | 'EQUAL_OR_HIGHER';
  price: Numeric;
  /** An Amsterdam day, read as YYYY-MM-DD text where it is selected with ::text. */
  expires_on: ColumnType<string, string, string>;
  version: Generated<number>;
  /** Whether the last price it saw met it; null before the first (or since an edit). */
  last_met: boolean | null;
  /** bigint as a string: the price that last changed last_met. */
  last_price_id: string | null;
  last_fired_at: Date | null;
  last_fired_price: Numeric | null;
  created_at: Date;
  created_by: number | null;
  updated_at: Date;
}

export interface PriceAlertRecipientsTable {
  alert_id: number;
  user_id: number;
}
