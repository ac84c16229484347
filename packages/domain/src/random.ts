/**
 * mulberry32: a small, fast 32-bit seeded generator (public domain, Tommy Ettinger) returning numbers in [0, 1).
 * Used where a result must be the same on every run: the simulator's world, the trim bootstrap, property tests.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
