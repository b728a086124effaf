import {
  DashboardsBodySchema,
  type CustomerDetail,
  type DashboardsBody,
  type ErrorCode,
} from '@klik/api';
import { asCode } from './user-form';

/** A dashboard as the editor holds it; `key` tells rows apart before a new one has an id. */
export interface DashboardRow {
  key: string;
  id?: number;
  name: string;
  contractIds: string[];
}

let nextKey = 0;

export function newDashboardRow(): DashboardRow {
  nextKey += 1;
  return { key: `new-${nextKey}`, name: '', contractIds: [] };
}

export function dashboardRowsOf(customer: CustomerDetail): DashboardRow[] {
  return customer.dashboards.map((dashboard) => ({
    key: `id-${dashboard.id}`,
    id: dashboard.id,
    name: dashboard.name,
    contractIds: [...dashboard.contractIds],
  }));
}

/** Moves the row at `from` one place up (-1) or down (+1); the order is the customer's. */
export function moveRow(rows: readonly DashboardRow[], from: number, by: -1 | 1): DashboardRow[] {
  const to = from + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  if (row) next.splice(to, 0, row);
  return next;
}

/** The contracts chosen for a dashboard, kept in the order of the customer's contracts. */
export function withContracts(
  row: DashboardRow,
  chosen: readonly string[],
  order: readonly string[],
): DashboardRow {
  return { ...row, contractIds: order.filter((id) => chosen.includes(id)) };
}

export type CheckedDashboards =
  | { ok: true; body: DashboardsBody }
  | { ok: false; errors: Record<string, ErrorCode>; formError: ErrorCode | null };

/** Checks the dashboards with the server's schema; a name's message is kept by the row's key. */
export function checkDashboards(rows: readonly DashboardRow[], version: number): CheckedDashboards {
  const parsed = DashboardsBodySchema.safeParse({
    version,
    dashboards: rows.map(({ id, name, contractIds }) => ({
      ...(id === undefined ? {} : { id }),
      name,
      contractIds,
    })),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, ErrorCode> = {};
  let formError: ErrorCode | null = null;
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    const row = typeof index === 'number' ? rows[index] : undefined;
    if (row && field === 'name') errors[row.key] ??= asCode(issue.message);
    else formError ??= asCode(issue.message);
  }
  return { ok: false, errors, formError };
}
