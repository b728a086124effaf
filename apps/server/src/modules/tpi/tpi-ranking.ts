import { toDec } from '@klik/domain';
import type { TpiQuery, TpiRankField, TpiRisk } from '@klik/api';
import type { TpiCustomerRow } from './tpi.repository';

/** Whether the query asks for another order than the database's (by name) or a risk filter. */
export function ranksByRisk(query: TpiQuery): boolean {
  return (
    (query.sort !== undefined && query.sort !== 'customer') ||
    query.minCostAtRisk !== undefined ||
    query.minProbabilityAboveBand !== undefined ||
    query.minBehindHedgePolicy !== undefined
  );
}

const atLeast = (value: string | null, min: string | undefined) =>
  min === undefined || (value !== null && toDec(value).gte(toDec(min)));

/**
 * The customers (given by name, then id) filtered by the query's minimums and ordered by its
 * sort: a customer without the figure fails a minimum on it and goes last in either direction;
 * equal figures keep name order.
 */
export function rankCustomers<Row extends TpiCustomerRow>(
  rows: readonly Row[],
  risks: ReadonlyMap<number, TpiRisk>,
  query: TpiQuery,
): Row[] {
  const none: TpiRisk = { costAtRisk: null, probabilityAboveBand: null, behindHedgePolicy: null };
  const riskOf = (row: Row) => risks.get(row.id) ?? none;
  const passing = rows.filter((row) => {
    const risk = riskOf(row);
    return (
      atLeast(risk.costAtRisk, query.minCostAtRisk) &&
      atLeast(risk.probabilityAboveBand, query.minProbabilityAboveBand) &&
      atLeast(risk.behindHedgePolicy, query.minBehindHedgePolicy)
    );
  });
  const sort = query.sort ?? 'customer';
  const field = sort.replace(/^-/, '') as TpiRankField;
  if (field === 'customer') return sort.startsWith('-') ? passing.reverse() : passing;
  const descending = sort.startsWith('-');
  const order = new Map(rows.map((row, index) => [row.id, index]));
  return passing.sort((a, b) => {
    const x = riskOf(a)[field];
    const y = riskOf(b)[field];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const compared = toDec(x).cmp(toDec(y));
      if (compared !== 0) return descending ? -compared : compared;
    }
    return order.get(a.id)! - order.get(b.id)!;
  });
}
