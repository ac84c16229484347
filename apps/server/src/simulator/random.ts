/** Seeded randomness for the simulator: everything it produces is a function of the seed. */

export { mulberry32 } from '@ecohelm/domain';

/** A stateless hash of (seed, integer) to [-1, 1]. */
export function hashUnit(seed: number, i: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return ((h >>> 0) / 4294967295) * 2 - 1;
}

/** Smooth 1-D value noise in [-1, 1]: lattice values at integers, smoothstep between. */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const u = f * f * (3 - 2 * f);
  const a = hashUnit(seed, i);
  const b = hashUnit(seed, i + 1);
  return a + (b - a) * u;
}

/** Two octaves of value noise, still in about [-1, 1]. */
export function fbm(seed: number, x: number): number {
  return 0.7 * valueNoise(seed, x) + 0.3 * valueNoise(seed + 101, x * 2.7);
}

/** Gaussian-ish noise from a hash (sum of three uniforms), mean 0, sd ≈ 1. */
export function hashNormal(seed: number, i: number): number {
  return (hashUnit(seed, i) + hashUnit(seed + 7, i) + hashUnit(seed + 13, i)) * 1.0;
}
