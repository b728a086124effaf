import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Role } from '@klik/api';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface RolesTable {
  name: Role;
  description: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  role: Role;
  locale: string;
  read_only: Generated<boolean>;
  allow_tpi_page: Generated<boolean>;
  click_authorized: Generated<boolean>;
  email: string | null;
  created_at: CreatedAt;
  disabled: Generated<boolean>;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface DashboardsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  position: Generated<number>;
  created_at: CreatedAt;
}

export interface UserCustomersTable {
  user_id: number;
  customer_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  impersonator_user_id: number | null;
  read_only: boolean;
  created_at: Date;
  last_used_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  at: Date;
  actor_user_id: number | null;
  actor_username: string | null;
  impersonator_user_id: number | null;
  impersonator_username: string | null;
  action: string;
  outcome: string;
  subject: string | null;
  details: ColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  at: Date;
  username_key: string;
  ip: string;
  succeeded: boolean;
}

export interface TradingStatusTable {
  id: Generated<boolean>;
  pauze_active: boolean;
  updated_at: Date;
  updated_by: number | null;
}

type Numeric = ColumnType<string, string | number, string | number>;

export interface ContractsTable {
  id: Generated<number>;
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
  /** bigint, raised by a trigger on every change of the contract, its positions or its clicks. */
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
}

export interface DataVersionsTable {
  name: string;
  version: ColumnType<string, never, never>;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  customers: CustomersTable;
  dashboards: DashboardsTable;
  user_customers: UserCustomersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  login_attempts: LoginAttemptsTable;
  trading_status: TradingStatusTable;
  contracts: ContractsTable;
  dashboard_contracts: DashboardContractsTable;
  position_months: PositionMonthsTable;
  clicks: ClicksTable;
  click_months: ClickMonthsTable;
  market_offers: MarketOffersTable;
  data_versions: DataVersionsTable;
  market_prices: MarketPricesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
