/** A quadratic `a + b·x + c·x²` and its least-squares fit (trim curves, shop-test SFOC curves). */
export interface Quadratic {
  a: number;
  b: number;
  c: number;
}

/** Least-squares quadratic through the points (normal equations, 3 × 3 by Cramer's rule). */
export function fitQuadratic(xs: readonly number[], ys: readonly number[]): Quadratic | undefined {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    const x2 = x * x;
    s0 += 1;
    s1 += x;
    s2 += x2;
    s3 += x2 * x;
    s4 += x2 * x2;
    t0 += y;
    t1 += x * y;
    t2 += x2 * y;
  }
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
