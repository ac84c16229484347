import { describe, expect, it } from 'vitest';
import { channelById } from './catalogue.ts';
import { circularMean } from './circular.ts';

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
const mean = (channel: string, degrees: number[]) =>
  deg(
    circularMean(
      channelById(channel)!,
      degrees.reduce((s, d) => s + Math.sin(rad(d)), 0),
      degrees.reduce((s, d) => s + Math.cos(rad(d)), 0),
    ),
  );

describe('circular mean', () => {
  it.each([
    [[359, 1], 0],
    [[350, 10, 0], 0],
    [[355, 5, 15], 5],
    [[80, 100], 90],
    [[170, 190], 180],
    [[270, 280, 260], 270],
  ])('of headings %j is %d°', (degrees, expected) => {
    const m = mean('navigation.headingTrue', degrees);
    expect(Math.min(Math.abs(m - expected), 360 - Math.abs(m - expected))).toBeLessThan(1e-9);
    expect(m).toBeGreaterThanOrEqual(0);
    expect(m).toBeLessThan(360);
  });

  it('keeps angles relative to the bow in (−180°, 180°]', () => {
    expect(mean('environment.wind.angleApparent', [-170, 170])).toBeCloseTo(180, 9);
    expect(mean('environment.wind.angleApparent', [-10, -20])).toBeCloseTo(-15, 9);
  });

  it('has no mean when the directions cancel', () => {
    expect(mean('navigation.headingTrue', [0, 180])).toBeNaN();
  });
});
