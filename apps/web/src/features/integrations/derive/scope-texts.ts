import { API_WRITE_SCOPES, type ApiScope } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';

/** Each scope in plain words: what an integrator's system may do with it. */
export const SCOPE_TEXTS: Readonly<Record<ApiScope, MessageKey>> = {
  'positions:read': 'integrations.scope.positionsRead',
  'clicks:read': 'integrations.scope.clicksRead',
  'notifications:read': 'integrations.scope.notificationsRead',
  'budgets:read': 'integrations.scope.budgetsRead',
  'standing-orders:read': 'integrations.scope.standingOrdersRead',
  'price-alerts:read': 'integrations.scope.priceAlertsRead',
  'price-alerts:write': 'integrations.scope.priceAlertsWrite',
};

export function changesData(scope: ApiScope): boolean {
  return API_WRITE_SCOPES.includes(scope);
}
