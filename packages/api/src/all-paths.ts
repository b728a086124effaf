import { ACCOUNT_PATHS } from './account.schemas';
import { ADMIN_PATHS } from './admin.schemas';
import { AUTH_PATHS } from './auth.schemas';
import { BACKTEST_PATHS } from './backtest.schemas';
import { BUDGET_PATHS } from './budgets.schemas';
import { CLICK_CONFIRMATION_PATHS } from './click-confirmation.schemas';
import { CLICK_PATHS } from './clicks.schemas';
import { CONTRACT_PATHS } from './contracts.schemas';
import { DEADLINE_PATHS } from './deadlines.schemas';
import { INTEGRATION_PATHS, WEBHOOK_PATHS } from './integrations.schemas';
import { HEDGE_POLICY_PATHS } from './hedge-policies.schemas';
import { LOCALE_PATHS } from './locale.schemas';
import { MAIL_PATHS } from './mail.schemas';
import { MARGIN_PATHS } from './margins.schemas';
import { MARKET_PATHS } from './market.schemas';
import { DEFAULT_NOTIFICATION_BACKEND_BASE, NOTIFICATION_PATHS } from './notifications.schemas';
import { PASSWORD_RESET_PATHS } from './password-reset.schemas';
import { POSITION_PATHS } from './positions.schemas';
import { PRICE_ALERT_PATHS } from './price-alerts.schemas';
import { PURCHASE_PATHS } from './purchase.schemas';
import { REALTIME_PATHS } from './realtime.schemas';
import { RISK_PATHS } from './risk.schemas';
import { SSO_PATHS } from './sso.schemas';
import { STANDING_ORDER_PATHS } from './standing-orders.schemas';
import { SYSTEM_PATHS } from './system.schemas';
import { TPI_PATHS } from './tpi.schemas';
import { TRADING_PATHS } from './trading.schemas';

/** Every feature's path object by its name; a test holds it to the package's `*_PATHS` exports. */
export const PATHS_BY_FEATURE = {
  ACCOUNT_PATHS,
  ADMIN_PATHS,
  AUTH_PATHS,
  BACKTEST_PATHS,
  BUDGET_PATHS,
  CLICK_CONFIRMATION_PATHS,
  CLICK_PATHS,
  CONTRACT_PATHS,
  DEADLINE_PATHS,
  HEDGE_POLICY_PATHS,
  INTEGRATION_PATHS,
  LOCALE_PATHS,
  MAIL_PATHS,
  MARGIN_PATHS,
  MARKET_PATHS,
  NOTIFICATION_PATHS,
  PASSWORD_RESET_PATHS,
  POSITION_PATHS,
  PRICE_ALERT_PATHS,
  PURCHASE_PATHS,
  REALTIME_PATHS,
  RISK_PATHS,
  SSO_PATHS,
  STANDING_ORDER_PATHS,
  SYSTEM_PATHS,
  TPI_PATHS,
  TRADING_PATHS,
  WEBHOOK_PATHS,
} as const;

/** The notification backend's paths, relative to notificationBackendUrl. */
const NOTIFICATION_BACKEND_KEYS: ReadonlySet<string> = new Set<keyof typeof NOTIFICATION_PATHS>([
  'list',
  'latest',
  'count',
  'readAll',
  'read',
  'attachment',
]);

/**
 * Every path pattern of this package as a server with the default settings serves it (the
 * notification backend's under '/rest'). The server's tests hold its routes to this list.
 */
export function servedPaths(): string[] {
  return Object.entries(PATHS_BY_FEATURE).flatMap(([name, paths]) =>
    Object.entries(paths).map(([key, path]: [string, string]) =>
      name === 'NOTIFICATION_PATHS' && NOTIFICATION_BACKEND_KEYS.has(key)
        ? `${DEFAULT_NOTIFICATION_BACKEND_BASE}${path}`
        : path,
    ),
  );
}
