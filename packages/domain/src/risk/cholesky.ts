/**
 * The lower-triangular L with L·Lᵀ = the given symmetric matrix (Cholesky–Banachiewicz), or null
 * when the matrix is not positive definite.
 */
export function cholesky(matrix: readonly (readonly number[])[]): number[][] | null {
  const n = matrix.length;
  const lower = matrix.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i]![j]!;
      for (let k = 0; k < j; k++) sum -= lower[i]![k]! * lower[j]![k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        lower[i]![i] = Math.sqrt(sum);
      } else {
        lower[i]![j] = sum / lower[j]![j]!;
      }
    }
  }
  return lower;
}

/**
 * The Cholesky factor of a correlation matrix. Correlations estimated pair by pair (or some
 * estimated and some from the configuration) need not form a valid matrix together; then the
 * correlations are shrunk towards 0 in steps of 10% until it is (at the latest with all of them
 * 0, the identity), which keeps their signs and order.
 */
export function correlationFactor(correlation: readonly (readonly number[])[]): number[][] {
  for (let step = 0; ; step++) {
    const keep = 1 - step / 10;
    const shrunk = correlation.map((row, i) => row.map((value, j) => (i === j ? 1 : value * keep)));
    const factor = cholesky(shrunk);
    if (factor !== null) return factor;
  }
}
