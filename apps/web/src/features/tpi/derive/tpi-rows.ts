import { tpiCockpit, type TpiCustomerView, type TpiFilter } from '@klik/api';
import type { TpiRowState } from '../api/use-tpi-cockpit';

/** A row as the table shows it: its load state, and its figures through the filter. */
export interface ShownRow {
  state: TpiRowState;
  /** Null while nothing is loaded or stored, and after a failed load. */
  view: TpiCustomerView | null;
}

/**
 * The rows in the cockpit's order: customers with figures filtered and ordered as the server's
 * export does (tpiCockpit), then those without figures (loading or failed) by name, so their
 * status stays in sight whatever the filter.
 */
export function orderRows(
  rows: readonly TpiRowState[],
  filter: TpiFilter,
  at: Date = new Date(),
): ShownRow[] {
  const byId = new Map(rows.map((row) => [row.customer.id, row]));
  const loaded = tpiCockpit(
    rows.flatMap((row) => (row.data ? [row.data] : [])),
    filter,
    at,
  ).map((view) => ({ state: byId.get(view.customerId) as TpiRowState, view }));
  const waiting = rows
    .filter((row) => row.data === null)
    .sort((a, b) => a.customer.name.localeCompare(b.customer.name, 'nl'))
    .map((state) => ({ state, view: null }));
  return [...loaded, ...waiting];
}
