import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEvent,
  type AuditIntegrity,
  type AuditFilterQuery,
  type AuditPage,
  type AuditQuery,
} from '@klik/api';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { csvField } from '../clicks/click-export';
import { type AdminDeps } from './admin-change';
import { auditChange } from '../../kernel/audit/audit-log';
import { scopeOf, type AdminScope } from '../../kernel/access/admin-scope';
import { countAuditEvents, findAuditEvents } from '../../kernel/audit/audit-reading';
import { verifyChains, type ChainEntryRef } from '../../kernel/audit/chain-verification';

const entryOf = (ref: ChainEntryRef) => ({ ...ref, at: ref.at?.toISOString() ?? null });

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
    const customers = scope.customerFilter;
    const data = await findAuditEvents(db, query, customers, query.size, query.page * query.size);
    const total = await countAuditEvents(db, query, customers);
    return { data, page: query.page, size: query.size, total };
  }

  /** At most AUDIT_EXPORT_MAX_ROWS events; the export itself is audited. */
  async exportCsv(auth: AuthContext, filter: AuditFilterQuery, ip: string | null): Promise<string> {
    const { db, now } = this.deps;
    const scope = await this.#scope(auth, filter);
    const events = await findAuditEvents(
      db,
      filter,
      scope.customerFilter,
      AUDIT_EXPORT_MAX_ROWS,
      0,
    );
    await auditChange(db, now(), auth, {
      action: 'audit.export',
      subject: 'audit',
      customerIds: filter.customerId === undefined ? [] : [filter.customerId],
      details: { filter, rows: events.length },
      ip,
    });
    return auditCsv(events);
  }

  /** Walks both hash chains (docs/audit-trail.md): every stream, the broken ones first. */
  async integrity(): Promise<AuditIntegrity> {
    const report = await verifyChains(this.deps.db, this.deps.now());
    const streams = report.streams.map((stream) => ({
      ...stream,
      intactUpTo: stream.intactUpTo && entryOf(stream.intactUpTo),
      break: stream.break && { ...entryOf(stream.break), reason: stream.break.reason },
    }));
    return {
      checkedAt: report.checkedAt.toISOString(),
      intact: report.intact,
      streams: [...streams].sort((a, b) => Number(b.break !== null) - Number(a.break !== null)),
    };
  }
}
