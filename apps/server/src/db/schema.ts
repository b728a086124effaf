import type { Insertable, Selectable } from 'kysely';
import type {
  RolesTable,
  UsersTable,
  CustomersTable,
  DashboardsTable,
  UserCustomersTable,
  SessionsTable,
  AuditLogTable,
  ChainHeadsTable,
  LoginAttemptsTable,
  SsoIdentitiesTable,
  SsoLoginsTable,
  UserTotpTable,
  MobileVerificationsTable,
  PasswordResetTokensTable,
  PasswordResetRequestsTable,
} from './schema-people';
import type {
  TradingStatusTable,
  ContractsTable,
  DashboardContractsTable,
  PositionMonthsTable,
  ClicksTable,
  ClickMonthsTable,
  ClickLedgerTable,
  MarketOffersTable,
  MarketPricesTable,
  PriceWatchCursorsTable,
  DataVersionsTable,
  PurchaseQuotesTable,
  MarginScenariosTable,
  MarginScenarioVersionsTable,
  MarginScenarioCustomersTable,
  PricingIdsTable,
  TermsVersionsTable,
  TermsAcceptancesTable,
  SmsVerificationsTable,
} from './schema-trading';
import type {
  NotificationsTable,
  AnnouncementsTable,
  AnnouncementCustomersTable,
  AnnouncementAttachmentsTable,
  EventOutboxTable,
  NotificationPreferencesTable,
  MailJobsTable,
} from './schema-messages';
import type {
  BudgetsTable,
  BudgetExpectedPricesTable,
  HedgePoliciesTable,
  HedgePolicyAlertsTable,
  DeadlineCalendarFeedsTable,
  StandingOrdersTable,
  StandingOrderCodesTable,
  PriceAlertsTable,
  PriceAlertRecipientsTable,
} from './schema-plan';
import type { ApiClientsTable, ApiTokenKeysTable } from './schema-api-clients';
import type {
  WebhookEndpointsTable,
  WebhookMessagesTable,
  WebhookDeliveriesTable,
} from './schema-webhooks';
import type { PriceHistoryTable } from './schema-backtest';

// The database as Kysely sees it. The tables are declared by area in schema-people.ts,
// schema-trading.ts, schema-messages.ts and schema-plan.ts; everything is exported from here.
export type * from './schema-columns';
export type * from './schema-people';
export type * from './schema-trading';
export type * from './schema-messages';
export type * from './schema-plan';
export type * from './schema-api-clients';
export type * from './schema-webhooks';
export type * from './schema-backtest';

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
  chain_heads: ChainHeadsTable;
  login_attempts: LoginAttemptsTable;
  trading_status: TradingStatusTable;
  contracts: ContractsTable;
  dashboard_contracts: DashboardContractsTable;
  position_months: PositionMonthsTable;
  clicks: ClicksTable;
  click_months: ClickMonthsTable;
  click_ledger: ClickLedgerTable;
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
  api_clients: ApiClientsTable;
  api_token_keys: ApiTokenKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  price_history: PriceHistoryTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
