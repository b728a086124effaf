import { describe, expect, it } from 'vitest';
import { cholesky, correlationFactor } from './cholesky';
import { standardNormals, xoshiro128 } from './random';

describe('xoshiro128', () => {
  it('gives the same numbers for the same seed and others for another', () => {
    const a = xoshiro128(42);
    const b = xoshiro128(42);
    const c = xoshiro128(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });

  it('is uniform on [0, 1), also from seed 0', () => {
    const uniform = xoshiro128(0);
    const values = Array.from({ length: 20_000 }, uniform);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeCloseTo(0.5, 2);
    const belowTenth = values.filter((value) => value < 0.1).length / values.length;
    expect(belowTenth).toBeCloseTo(0.1, 2);
  });
});

describe('standardNormals', () => {
  it('have mean 0 and variance 1', () => {
    const normal = standardNormals(xoshiro128(7));
    const values = Array.from({ length: 40_000 }, normal);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(variance).toBeCloseTo(1, 1);
    // About 5% beyond 1.96 on either side.
    const tails = values.filter((value) => Math.abs(value) > 1.959964).length / values.length;
    expect(Math.abs(tails - 0.05)).toBeLessThan(0.005);
  });

  it('survives a uniform of exactly 0', () => {
    const normal = standardNormals(() => 0);
    expect(Math.abs(normal())).toBe(0);
    expect(Math.abs(normal())).toBe(0);
  });
});

describe('cholesky', () => {
  it('factors a correlation matrix', () => {
    const factor = cholesky([
      [1, 0.6],
      [0.6, 1],
    ])!;
    expect(factor[0]).toEqual([1, 0]);
    expect(factor[1]![0]).toBeCloseTo(0.6, 12);
    expect(factor[1]![1]).toBeCloseTo(0.8, 12);
  });

  it('refuses a matrix that is not positive definite', () => {
    expect(
      cholesky([
        [1, 1],
        [1, 1],
      ]),
    ).toBeNull();
  });

  it('shrinks inconsistent correlations until they form a valid matrix', () => {
    const invalid = [
      [1, 0.9, -0.9],
      [0.9, 1, 0.9],
      [-0.9, 0.9, 1],
    ];
    expect(cholesky(invalid)).toBeNull();
    const factor = correlationFactor(invalid);
    // L·Lᵀ has ones on the diagonal and the correlations shrunk by one common factor.
    const product = (i: number, j: number) =>
      factor[i]!.reduce((sum, value, k) => sum + value * factor[j]![k]!, 0);
    expect(product(0, 0)).toBeCloseTo(1, 12);
    const keep = product(0, 1) / 0.9;
    expect(keep).toBeGreaterThan(0);
    expect(keep).toBeLessThan(1);
    expect(product(0, 2)).toBeCloseTo(-0.9 * keep, 12);
    expect(correlationFactor([[1]])).toEqual([[1]]);
  });
});
