/** A quadratic `a + b·x + c·x²` and its least-squares fit (trim curves, shop-test SFOC curves). */
export interface Quadratic {
  a: number;
  b: number;
  c: number;
}

/** Least-squares quadratic through the points (normal equations, 3 × 3 by Cramer's rule). */
export function fitQuadratic(xs: readonly number[], ys: readonly number[]): Quadratic | undefined {
  // Power sums: s[k] = Σ xᵏ (k = 0…4), t[k] = Σ xᵏ·y (k = 0…2).
  const s = [0, 0, 0, 0, 0];
  const t = [0, 0, 0];
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i]!;
    let p = 1;
    for (let k = 0; k <= 4; k++) {
      s[k]! += p;
      if (k <= 2) t[k]! += p * y;
      p *= xs[i]!;
    }
  }
  const [s0, s1, s2, s3, s4] = s as [number, number, number, number, number];
  const [t0, t1, t2] = t as [number, number, number];
  const det = (m: number[]) =>
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const d = det([s0, s1, s2, s1, s2, s3, s2, s3, s4]);
  if (Math.abs(d) < 1e-12) return undefined;
  return {
    a: det([t0, s1, s2, t1, s2, s3, t2, s3, s4]) / d,
    b: det([s0, t0, s2, s1, t1, s3, s2, t2, s4]) / d,
    c: det([s0, s1, t0, s1, s2, t1, s2, s3, t2]) / d,
  };
}

export const evalQuadratic = (q: Quadratic, x: number): number => q.a + q.b * x + q.c * x * x;
