import { describe, expect, it } from 'vitest';
import type { TpiRisk } from '@klik/api';
import { rankCustomers, ranksByRisk } from './tpi-ranking';

const rows = [
  { id: 1, name: 'Aa' },
  { id: 2, name: 'Bb' },
  { id: 3, name: 'Cc' },
  { id: 4, name: 'Dd' },
];
const risk = (costAtRisk: string | null, probability: string | null, behind: string | null) => ({
  costAtRisk,
  probabilityAboveBand: probability,
  behindHedgePolicy: behind,
});
const risks = new Map<number, TpiRisk>([
  [1, risk('100.5', '12', '0')],
  [2, risk('2000', null, '15.5')],
  [3, risk('100.5', '40', null)],
]);
const query = { page: 0, size: 50 };
const ids = (ranked: { id: number }[]) => ranked.map((row) => row.id);

describe('rankCustomers', () => {
  it('orders numerically, ties and missing figures by name', () => {
    expect(ids(rankCustomers(rows, risks, { ...query, sort: 'costAtRisk' }))).toEqual([1, 3, 2, 4]);
    expect(ids(rankCustomers(rows, risks, { ...query, sort: '-costAtRisk' }))).toEqual([
      2, 1, 3, 4,
    ]);
    expect(ids(rankCustomers(rows, risks, { ...query, sort: '-probabilityAboveBand' }))).toEqual([
      3, 1, 2, 4,
    ]);
    expect(ids(rankCustomers(rows, risks, { ...query, sort: '-behindHedgePolicy' }))).toEqual([
      2, 1, 3, 4,
    ]);
    expect(ids(rankCustomers(rows, risks, { ...query, sort: '-customer' }))).toEqual([4, 3, 2, 1]);
    expect(ids(rankCustomers(rows, risks, query))).toEqual([1, 2, 3, 4]);
  });

  it('keeps only customers at or above every minimum', () => {
    expect(ids(rankCustomers(rows, risks, { ...query, minCostAtRisk: '100.5' }))).toEqual([
      1, 2, 3,
    ]);
    expect(ids(rankCustomers(rows, risks, { ...query, minBehindHedgePolicy: '0' }))).toEqual([
      1, 2,
    ]);
    expect(
      ids(
        rankCustomers(rows, risks, {
          ...query,
          minProbabilityAboveBand: '12',
          minCostAtRisk: '200',
        }),
      ),
    ).toEqual([]);
  });

  it('is needed only for another order than by name or a minimum', () => {
    expect(ranksByRisk(query)).toBe(false);
    expect(ranksByRisk({ ...query, sort: 'customer' })).toBe(false);
    expect(ranksByRisk({ ...query, sort: '-customer' })).toBe(true);
    expect(ranksByRisk({ ...query, minCostAtRisk: '0' })).toBe(true);
  });
});
