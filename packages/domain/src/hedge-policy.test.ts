import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corridorAt, hedgePolicyProblem, hedgePosition, type HedgePoint } from './hedge-policy';
import { toDec } from './decimal';

const policy: HedgePoint[] = [
  { date: '2026-01-01', minShare: '30', maxShare: null },
  { date: '2026-07-01', minShare: '60', maxShare: '80' },
  { date: '2026-12-15', minShare: '90', maxShare: '100' },
];

describe('hedge policy', () => {
  it('refuses policies that cannot be followed', () => {
    expect(hedgePolicyProblem(policy)).toBeNull();
    expect(hedgePolicyProblem([])).toBe('POINTS_REQUIRED');
    expect(hedgePolicyProblem([{ date: '2026-01-01', minShare: '101', maxShare: null }])).toBe(
      'SHARE_INVALID',
    );
    expect(hedgePolicyProblem([{ date: '2026-01-01', minShare: '10', maxShare: '-1' }])).toBe(
      'SHARE_INVALID',
    );
    expect(hedgePolicyProblem([{ date: '2026-01-01', minShare: '50', maxShare: '40' }])).toBe(
      'SHARE_RANGE_INVALID',
    );
    expect(hedgePolicyProblem([policy[1]!, policy[0]!])).toBe('DATES_NOT_INCREASING');
    expect(
      hedgePolicyProblem([policy[0]!, { date: '2026-01-01', minShare: '40', maxShare: null }]),
    ).toBe('DATES_NOT_INCREASING');
    expect(
      hedgePolicyProblem([policy[0]!, { date: '2026-02-01', minShare: '20', maxShare: null }]),
    ).toBe('SHARES_DECREASING');
  });

  it('is a step function: the last point on or before the day is in force', () => {
    expect(corridorAt(policy, '2025-12-31')).toEqual({ min: '0', max: '100', point: null });
    expect(corridorAt(policy, '2026-01-01')).toMatchObject({ min: '30', max: '100' });
    expect(corridorAt(policy, '2026-06-30')).toMatchObject({ min: '30', max: '100' });
    expect(corridorAt(policy, '2026-07-01')).toMatchObject({ min: '60', max: '80' });
    expect(corridorAt([...policy].reverse(), '2027-01-01')).toMatchObject({
      min: '90',
      max: '100',
    });
  });

  it('places a share behind, on or above the corridor; the limits are on it', () => {
    expect(hedgePosition(policy, '2026-08-01', '59.99')).toBe('BEHIND');
    expect(hedgePosition(policy, '2026-08-01', '60')).toBe('ON');
    expect(hedgePosition(policy, '2026-08-01', '80')).toBe('ON');
    expect(hedgePosition(policy, '2026-08-01', '80.01')).toBe('AHEAD');
    expect(hedgePosition(policy, '2025-08-01', '0')).toBe('ON');
  });

  it('position agrees with the corridor for any valid policy, day and share', () => {
    const day = fc
      .integer({ min: 0, max: 1000 })
      .map((n) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10));
    const share = fc.integer({ min: 0, max: 10000 }).map((n) => (n / 100).toFixed(2));
    const points = fc.uniqueArray(day, { minLength: 1, maxLength: 5 }).chain((days) =>
      fc
        .array(fc.integer({ min: 0, max: 100 }), {
          minLength: days.length * 2,
          maxLength: days.length * 2,
        })
        .map((values) => {
          const sorted = [...values].sort((a, b) => a - b);
          return [...days].sort().map((date, i) => ({
            date,
            minShare: String(sorted[i]),
            maxShare: String(sorted[i + days.length]),
          }));
        }),
    );
    fc.assert(
      fc.property(points, day, share, (policyPoints, at, fixed) => {
        expect(hedgePolicyProblem(policyPoints)).toBeNull();
        const corridor = corridorAt(policyPoints, at);
        const position = hedgePosition(policyPoints, at, fixed);
        const value = toDec(fixed);
        expect(position === 'BEHIND').toBe(value.lt(toDec(corridor.min)));
        expect(position === 'AHEAD').toBe(value.gt(toDec(corridor.max)));
        // The requirement never falls as the days pass.
        const later = corridorAt(policyPoints, '2099-01-01');
        expect(toDec(later.min).gte(toDec(corridor.min))).toBe(true);
      }),
    );
  });
});
