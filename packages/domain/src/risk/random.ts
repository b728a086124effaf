/*
 * Seeded randomness for the Monte Carlo (docs/risk.md): the same seed gives the same numbers on
 * every machine and runtime, because only 32-bit integer arithmetic (Math.imul, shifts) and
 * IEEE-754 doubles with correctly rounded Math.log, Math.sqrt, Math.cos are used.
 */

/** A source of uniform numbers in [0, 1). */
export type Uniform = () => number;

/**
 * xoshiro128** (Blackman and Vigna, 2018): 128 bits of state, period 2^128 - 1, passes BigCrush.
 * The state is filled from the seed by splitmix32, so any 32-bit seed (also 0) gives a valid,
 * well-mixed state.
 */
export function xoshiro128(seed: number): Uniform {
  let x = seed >>> 0;
  const splitmix = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return () => {
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9);
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return (r >>> 0) / 4294967296;
  };
}

function rotl(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

/**
 * Standard normal numbers by the Box-Muller transform: two uniforms give two independent
 * normals, the second kept for the next call. The first uniform is taken as 1 - u, in (0, 1],
 * so its logarithm is finite.
 */
export function standardNormals(uniform: Uniform): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}
