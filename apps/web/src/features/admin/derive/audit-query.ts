import { AuditQuerySchema, type AUDIT_SORT_FIELDS } from '@klik/api';
import { listQuery, type ListParams } from './list-query';

export const AUDIT_LIST_FIELDS = [
  'actor',
  'customerId',
  'action',
  'outcome',
  'from',
  'to',
  'sort',
  'page',
  'size',
] as const;
export type AuditListField = (typeof AUDIT_LIST_FIELDS)[number];
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];
export type AuditListParams = ListParams<AuditListField>;

/** The audit screen's query in the address bar: its filters, newest first unless asked otherwise. */
export const auditListQuery = listQuery<AuditListField, AuditSortField>(
  AUDIT_LIST_FIELDS,
  AuditQuerySchema,
  '-at',
);

/** The filters alone (no page, size or sort), as the CSV export takes them. */
export function auditExportQueryString(params: AuditListParams): string {
  const { page: _page, size: _size, ...filters } = params;
  return auditListQuery.queryString(filters);
}

/**
 * Actions the log holds, offered as suggestions in the action filter (which takes any exact action).
 * The server writes them (apps/server: writeAudit and the admin changes).
 */
export const KNOWN_AUDIT_ACTIONS = [
  'login',
  'logout',
  'loginAs',
  'changePassword',
  'terminateSession',
  'setTradingStatus',
  'purchase.quote',
  'purchase.quote.cancel',
  'purchase.sms.send',
  'purchase.sms.verify',
  'purchase.terms.accept',
  'click.execute',
  'click.approve',
  'click.reject',
  'click.complete',
  'click.expire',
  'user.create',
  'user.createViewOnly',
  'user.update',
  'user.deactivate',
  'user.reactivate',
  'user.resetPassword',
  'accountManager.create',
  'accountManager.portfolio',
  'consultant.create',
  'consultant.update',
  'customer.create',
  'customer.update',
  'customer.dashboards',
  'customer.deactivate',
  'customer.reactivate',
  'terms.publish',
  'audit.export',
] as const;
