import type { Waypoint } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { between, distanceNm, remainingLegs, staysAfterLegs } from './speed.route-legs.ts';

const wp = (name: string, lat: number, lon: number): Waypoint => ({
  name,
  lat,
  lon,
  speedMinKn: null,
  speedMaxKn: null,
});

describe('legs still to sail', () => {
  // About 400 nm due east along the equator, then 60 nm north.
  const route = [wp('A', 0, 0), wp('B', 0, 6.6667), wp('C', 1, 6.6667)];
  const total = distanceNm(route[0]!, route[1]!);

  it('splits long legs at fixed points between their waypoints', () => {
    const legs = remainingLegs(route, undefined);
    expect(legs).toHaveLength(4);
    for (const l of legs.slice(0, 3)) expect(l.distanceNm).toBeCloseTo(total / 3, 6);
    expect(legs[0]!.courseRad).toBeCloseTo(Math.PI / 2, 3);
    expect(legs[3]!.distanceNm).toBeCloseTo(60, 0);
    expect(legs.map((l) => l.toName)).toEqual([
      `B −${Math.round((2 * total) / 3)} nm`,
      `B −${Math.round(total / 3)} nm`,
      'B',
      'C',
    ]);
  });

  it('joins the plan at the ship and keeps the pieces ahead where they were as she sails', () => {
    const at = (f: number) => between(route[0]!, route[1]!, f);
    const a = remainingLegs(route, at(0.1));
    const b = remainingLegs(route, at(0.2));
    expect(a[0]!.fromName).toBe('Own ship');
    expect(a[0]!.distanceNm).toBeCloseTo(total / 3 - 0.1 * total, 3);
    expect(b[0]!.distanceNm).toBeCloseTo(total / 3 - 0.2 * total, 3);
    expect(a.slice(1).map((l) => l.to)).toEqual(b.slice(1).map((l) => l.to));
    // Past the first piece's end, the ship is on the second piece.
    expect(remainingLegs(route, at(0.5))).toHaveLength(3);
    // On the second leg, off the track by a few miles.
    const north = remainingLegs(route, { lat: 0.5, lon: 6.7 });
    expect(north).toHaveLength(1);
    expect(north[0]!.toName).toBe('C');
  });

  it('counts a planned stop at the leg it lies on', () => {
    const legs = remainingLegs(route, undefined);
    const after = staysAfterLegs(
      [
        { lat: 0.5, lon: 6.67, stayH: 12 },
        { lat: 40, lon: 40, stayH: 5 },
      ],
      legs,
    );
    expect(after).toEqual([0, 0, 0, 12]);
  });
});
