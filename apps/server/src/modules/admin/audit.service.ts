import { sql } from 'kysely';
import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEvent,
  type AuditFilterQuery,
  type AuditOutcome,
  type AuditPage,
  type AuditQuery,
} from '@klik/api';
import { addDays, amsterdamInstant, MIDNIGHT } from '@klik/domain';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { csvField } from '../clicks/click-export';
import { type AdminDeps } from './admin-change';
import { auditChange } from '../../kernel/audit/audit-log';
import { scopeOf, type AdminScope } from './permissions';
import { likePattern } from '../../db/like-pattern';

interface AuditRow {
  id: string;
  at: Date;
  actor_username: string | null;
  impersonator_username: string | null;
  action: string;
  outcome: string;
  subject: string | null;
  customer_ids: number[];
  details: Record<string, unknown>;
  ip: string | null;
}

function eventOf(row: AuditRow): AuditEvent {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actor_username,
    impersonator: row.impersonator_username,
    action: row.action,
    outcome: row.outcome as AuditOutcome,
    subject: row.subject,
    customerIds: row.customer_ids,
    details: row.details,
    ip: row.ip,
  };
}

/** The filters as SQL; an account manager's view is limited to events about their portfolio. */
function whereOf(filter: AuditFilterQuery, scope: AdminScope) {
  const conditions = [sql`true`];
  if (filter.actor) {
    const like = likePattern(filter.actor);
    conditions.push(
      sql`(lower(coalesce(a.actor_username, '')) like ${like}
        or lower(coalesce(a.impersonator_username, '')) like ${like})`,
    );
  }
  if (filter.customerId !== undefined) {
    conditions.push(sql`${filter.customerId}::int = any(a.customer_ids)`);
  }
  if (filter.action) conditions.push(sql`a.action = ${filter.action}`);
  if (filter.outcome) conditions.push(sql`a.outcome = ${filter.outcome}`);
  if (filter.from) conditions.push(sql`a.at >= ${amsterdamInstant(filter.from, MIDNIGHT)}`);
  if (filter.to) {
    conditions.push(sql`a.at < ${amsterdamInstant(addDays(filter.to, 1), MIDNIGHT)}`);
  }
  const own = scope.customerFilter;
  if (own !== null) {
    conditions.push(
      own.length === 0 ? sql`false` : sql`a.customer_ids && array[${sql.join(own)}]::int[]`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** Events matching the filters in the caller's view, in the filter's order. */
export async function findEvents(
  db: Db,
  filter: AuditFilterQuery,
  scope: AdminScope,
  limit: number,
  offset: number,
): Promise<AuditEvent[]> {
  const direction = sql.raw(filter.sort === 'at' ? 'asc' : 'desc');
  const rows = await sql<AuditRow>`
    select a.id, a.at, a.actor_username, a.impersonator_username, a.action, a.outcome,
      a.subject, a.customer_ids, a.details, a.ip
    from audit_log a where ${whereOf(filter, scope)}
    order by a.at ${direction}, a.id ${direction}
    limit ${limit} offset ${offset}`.execute(db);
  return rows.rows.map(eventOf);
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'impersonator',
  'action',
  'outcome',
  'subject',
  'customerIds',
  'ip',
  'details',
] as const;

/** RFC 4180, like the click export: CRLF, ISO instants, details as JSON. */
export function auditCsv(events: readonly AuditEvent[]): string {
  const text = (value: string | null) => csvField(value === null ? null : { text: value });
  const lines = [CSV_COLUMNS.join(',')];
  for (const event of events) {
    lines.push(
      [
        text(event.id),
        text(event.at),
        text(event.actor),
        text(event.impersonator),
        text(event.action),
        text(event.outcome),
        text(event.subject),
        text(event.customerIds.join(' ')),
        text(event.ip),
        text(JSON.stringify(event.details)),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The audit screen: the log filtered and paged on the server, and its CSV export. */
export class AuditLogService {
  constructor(private readonly deps: AdminDeps) {}

  async #scope(auth: AuthContext, filter: AuditFilterQuery): Promise<AdminScope> {
    const scope = await scopeOf(this.deps.db, auth, 'audit.read');
    if (filter.customerId !== undefined)
      await scope.assertCustomer(this.deps.db, filter.customerId);
    return scope;
  }

  async list(auth: AuthContext, query: AuditQuery): Promise<AuditPage> {
    const { db } = this.deps;
    const scope = await this.#scope(auth, query);
    const data = await findEvents(db, query, scope, query.size, query.page * query.size);
    const counted = await sql<{ total: number }>`
      select count(*)::int as total from audit_log a where ${whereOf(query, scope)}`.execute(db);
    return { data, page: query.page, size: query.size, total: counted.rows[0]?.total ?? 0 };
  }

  /** At most AUDIT_EXPORT_MAX_ROWS events; the export itself is audited. */
  async exportCsv(auth: AuthContext, filter: AuditFilterQuery, ip: string | null): Promise<string> {
    const { db, now } = this.deps;
    const scope = await this.#scope(auth, filter);
    const events = await findEvents(db, filter, scope, AUDIT_EXPORT_MAX_ROWS, 0);
    await auditChange(db, now(), auth, {
      action: 'audit.export',
      subject: 'audit',
      customerIds: filter.customerId === undefined ? [] : [filter.customerId],
      details: { filter, rows: events.length },
      ip,
    });
    return auditCsv(events);
  }
}
