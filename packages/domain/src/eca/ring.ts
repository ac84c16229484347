/** Checks of a range of positions a crew enters as a control area (no zone data: safe for the console). */

/** Why a range of positions cannot bound an area; empty when it can. Positions as [lon, lat]. */
export function ringProblems(ring: readonly (readonly [number, number])[]): string[] {
  const problems: string[] = [];
  ring.forEach(([lon, lat], i) => {
    if (!Number.isFinite(lat) || lat < -90 || lat > 90)
      problems.push(`position ${i + 1}: latitude ${lat} is not between -90 and 90`);
    if (!Number.isFinite(lon) || lon < -180 || lon > 180)
      problems.push(`position ${i + 1}: longitude ${lon} is not between -180 and 180`);
  });
  if (problems.length > 0) return problems;
  const open = closedRing(ring).slice(0, -1);
  const distinct = new Set(open.map(([x, y]) => `${x},${y}`));
  if (distinct.size < 3) return ['a range needs at least 3 different positions'];
  if (distinct.size < open.length) problems.push('a position is given twice');
  // Planar checks on longitudes unwrapped around the first point (areas span at most a few hundred miles).
  const pts = open.map(([x, y]) => [x - 360 * Math.round((x - open[0]![0]) / 360), y] as const);
  let area = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1] = pts[i]!;
    const [x2, y2] = pts[(i + 1) % pts.length]!;
    area += x1 * y2 - x2 * y1;
  }
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue; // neighbours share a corner
      if (segmentsCross(pts[i]!, pts[(i + 1) % n]!, pts[j]!, pts[(j + 1) % n]!)) {
        problems.push(`the boundary crosses itself (side ${i + 1} and side ${j + 1})`);
      }
    }
  }
  if (problems.length === 0 && Math.abs(area) < 1e-10)
    problems.push('the positions lie on one line and bound no area');
  return problems;
}

function segmentsCross(
  a: readonly [number, number],
  b: readonly [number, number],
  c: readonly [number, number],
  d: readonly [number, number],
): boolean {
  const o = (p: readonly [number, number], q: readonly [number, number], r: readonly [number, number]) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

/** The ring closed (first position repeated at the end). */
export function closedRing(ring: readonly (readonly [number, number])[]): [number, number][] {
  const out = ring.map(([x, y]) => [x, y] as [number, number]);
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0], first[1]]);
  return out;
}
