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
  /** For SMS verification of clicks (0004). */
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  /** Raised by every administrative edit; a stale edit is refused (0007). */
  version: Generated<number>;
  /** Set with an initial password: the next sign-in must change it (0007). */
  must_change_password: Generated<boolean>;
  /** A customer user who manages their own company's users (0007). */
  manage_users: Generated<boolean>;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
  require_sms: Generated<boolean>;
  require_approval: Generated<boolean>;
  /** False: deactivated; its users cannot sign in for it and its contracts cannot be clicked. */
  active: Generated<boolean>;
  version: Generated<number>;
  /** Its users may be linked by verified e-mail on their first single sign-on (0008). */
  sso_link_by_email: Generated<boolean>;
  /** Its users may confirm clicks with an authenticator app instead of an SMS code (0011). */
  allow_totp: Generated<boolean>;
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
  /** Per customer; the user's own read_only and click_authorized apply as well (0007). */
  read_only: Generated<boolean>;
  click_authorized: Generated<boolean>;
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
  /** An administrator without the required second factor: may only set one up (0011). */
  second_factor_pending: Generated<boolean>;
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
  /** The customers the event is about (0007). */
  customer_ids: ColumnType<number[], number[] | undefined, number[]>;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  at: Date;
  username_key: string;
  ip: string;
  /** Null while the attempt is in flight: written before its password is checked. */
  succeeded: boolean | null;
}

export interface TradingStatusTable {
  id: Generated<boolean>;
  pauze_active: boolean;
  updated_at: Date;
  updated_by: number | null;
}

type Numeric = ColumnType<string, string | number, string | number>;

/** contracts.deadline_rule as read. */
export interface DeadlineRuleColumn {
  YEAR: number;
  QUARTER: number;
  MONTH: number;
}

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
  /** The smallest click per part, percent of the position's total volume (0004). */
  min_click_percentage: ColumnType<string, string | number | undefined, string | number>;
  // From 0018 (managecontract, docs/contracts.md).
  /** Raised by every edit, never by a click: edits are checked and quotes lapse against it. */
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

export interface NotificationsTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  user_id: number;
  customer_id: number | null;
  kind: string;
  message_key: string;
  params: ColumnType<Record<string, string | number>, string, string>;
  publish_date: Date;
  read: Generated<boolean>;
  /** What the screen opens: the click (0012). */
  click_id: Generated<number | null>;
  /** The contract's own id (contracts.contract_id), for its position (0012). */
  contract_id: Generated<string | null>;
  /** The announcement whose words an ANNOUNCEMENT notification shows (0012). */
  announcement_id: Generated<number | null>;
  attachment_kind: Generated<'announcement' | 'clickConfirmation' | null>;
  /** The announcement's id or the click's id, as attachment_kind says. */
  attachment_ref: Generated<number | null>;
}

/** A message an administrator published to every user or chosen customers (0012). */
export interface AnnouncementsTable {
  id: Generated<number>;
  title_nl: string;
  title_en: string;
  body_nl: string;
  body_en: string;
  audience: 'all' | 'customers';
  published_at: Date;
  published_by: number | null;
  recipients: Generated<number>;
}

export interface AnnouncementCustomersTable {
  announcement_id: number;
  customer_id: number;
}

export interface AnnouncementAttachmentsTable {
  announcement_id: number;
  locale: 'nl' | 'en';
  filename: string;
  content_type: string;
  size: number;
  content: Buffer;
}

/** Events of committed changes not yet published on the bus (modules/realtime/event-outbox.ts). */
export interface EventOutboxTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** A user's choice per notification kind; absent kinds follow DEFAULT_DELIVERY (0013). */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  channel: 'portal' | 'email';
}

export type MailJobStatus = 'pending' | 'sent' | 'outbox' | 'failed';

/** One e-mail per notification and recipient, sent by the mail worker (0013, modules/mail). */
export interface MailJobsTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  /** bigint: read as a string. */
  notification_id: ColumnType<string, string | number, string | number>;
  user_id: number;
  status: Generated<MailJobStatus>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
  recipient: string | null;
  subject: string | null;
  body_text: string | null;
}

/** Which user an identity of a single sign-on provider is (0008, modules/sso). */
export interface SsoIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
}

/** A single sign-on on its way through the provider; single use (0008, modules/sso). */
export interface SsoLoginsTable {
  state_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  browser_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** A new mobile number waiting for the code sent to it (0010, modules/account). */
/** A user's authenticator app (0011, modules/account/totp). */
export interface UserTotpTable {
  user_id: number;
  /** Sealed with TOTP_ENCRYPTION_KEY when set (modules/account/totp.ts). */
  secret: string;
  created_at: Date;
  /** Null while pending: no code from the app has been given yet. */
  enabled_at: Date | null;
  /** The last 30-second step a code was accepted for; codes of it or earlier are refused. */
  last_used_step: number | null;
}

export interface MobileVerificationsTable {
  user_id: number;
  mobile: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
}

/** A reset or invitation link; only the token's SHA-256 is kept (0009, modules/password-reset). */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'reset' | 'invitation';
  created_at: Date;
  expires_at: Date;
  /** Used, or voided by a newer link or a reset. */
  used_at: Date | null;
}

/** A forgotPassword request, counted for its throttle (0009). */
export interface PasswordResetRequestsTable {
  id: Generated<string>;
  account_key: string;
  ip: string;
  at: Date;
}

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

export interface Database {
  password_reset_tokens: PasswordResetTokensTable;
  mobile_verifications: MobileVerificationsTable;
  user_totp: UserTotpTable;
  password_reset_requests: PasswordResetRequestsTable;
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
  price_watch_cursors: PriceWatchCursorsTable;
  price_alerts: PriceAlertsTable;
  price_alert_recipients: PriceAlertRecipientsTable;
  standing_orders: StandingOrdersTable;
  standing_order_codes: StandingOrderCodesTable;
  deadline_calendar_feeds: DeadlineCalendarFeedsTable;
  budgets: BudgetsTable;
  budget_expected_prices: BudgetExpectedPricesTable;
  hedge_policies: HedgePoliciesTable;
  hedge_policy_alerts: HedgePolicyAlertsTable;
  purchase_quotes: PurchaseQuotesTable;
  margin_scenarios: MarginScenariosTable;
  margin_scenario_versions: MarginScenarioVersionsTable;
  margin_scenario_customers: MarginScenarioCustomersTable;
  pricing_ids: PricingIdsTable;
  terms_versions: TermsVersionsTable;
  terms_acceptances: TermsAcceptancesTable;
  sms_verifications: SmsVerificationsTable;
  notifications: NotificationsTable;
  announcements: AnnouncementsTable;
  announcement_customers: AnnouncementCustomersTable;
  announcement_attachments: AnnouncementAttachmentsTable;
  event_outbox: EventOutboxTable;
  notification_preferences: NotificationPreferencesTable;
  mail_jobs: MailJobsTable;
  sso_identities: SsoIdentitiesTable;
  sso_logins: SsoLoginsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
