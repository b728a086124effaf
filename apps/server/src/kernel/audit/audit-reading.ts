import { sql } from 'kysely';
import type { AuditEvent, AuditFilterQuery, AuditOutcome } from '@klik/api';
import { addDays, amsterdamInstant, MIDNIGHT } from '@klik/domain';
import type { Db } from '../../db/database';
import { likePattern } from '../../db/like-pattern';

/*
 * Reading the audit log (its writing: audit-log.ts): the audit screen's filtered, paged list and
 * its count, and single entries other records refer to. The kernel owns the table.
 */

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

/**
 * The filters as SQL. `customers`: the caller's view, null for every event, else only events
 * about these customers (an account manager's portfolio).
 */
function whereOf(filter: AuditFilterQuery, customers: readonly number[] | null) {
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
  const own = customers;
  if (own !== null) {
    conditions.push(
      own.length === 0 ? sql`false` : sql`a.customer_ids && array[${sql.join(own)}]::int[]`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** Events matching the filters in the caller's view, in the filter's order. */
export async function findAuditEvents(
  db: Db,
  filter: AuditFilterQuery,
  customers: readonly number[] | null,
  limit: number,
  offset: number,
): Promise<AuditEvent[]> {
  const direction = sql.raw(filter.sort === 'at' ? 'asc' : 'desc');
  const rows = await sql<AuditRow>`
    select a.id, a.at, a.actor_username, a.impersonator_username, a.action, a.outcome,
      a.subject, a.customer_ids, a.details, a.ip
    from audit_log a where ${whereOf(filter, customers)}
    order by a.at ${direction}, a.id ${direction}
    limit ${limit} offset ${offset}`.execute(db);
  return rows.rows.map(eventOf);
}

/** How many events match the filters in the caller's view. */
export async function countAuditEvents(
  db: Db,
  filter: AuditFilterQuery,
  customers: readonly number[] | null,
): Promise<number> {
  const counted = await sql<{ total: number }>`
    select count(*)::int as total from audit_log a where ${whereOf(filter, customers)}`.execute(db);
  return counted.rows[0]?.total ?? 0;
}

/** The first entry of an action's outcome about a subject, e.g. a click's execution. */
export async function firstAuditEntry(
  db: Db,
  entry: { subject: string; action: string; outcome: AuditOutcome },
): Promise<{ impersonatorUserId: number | null; impersonatorUsername: string | null } | undefined> {
  const row = await db
    .selectFrom('audit_log')
    .select(['impersonator_user_id', 'impersonator_username'])
    .where('subject', '=', entry.subject)
    .where('action', '=', entry.action)
    .where('outcome', '=', entry.outcome)
    .orderBy('id')
    .executeTakeFirst();
  return row
    ? {
        impersonatorUserId: row.impersonator_user_id,
        impersonatorUsername: row.impersonator_username,
      }
    : undefined;
}
