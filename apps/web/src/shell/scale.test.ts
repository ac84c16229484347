import { describe, expect, it } from 'vitest';
import { computeScale } from './scale';

describe('scale to fit 1920 × 1080', () => {
  it('is 1 at the design size', () => {
    expect(computeScale(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
  });

  it('scales a window exactly at 16:9 by both ratios alike', () => {
    expect(computeScale(1280, 720)).toEqual({ scale: 2 / 3, left: 0, top: 0 });
  });

  it('scales a window wider than 16:9 by its height and centres it horizontally', () => {
    const fit = computeScale(2560, 1080);
    expect(fit.scale).toBe(1);
    expect(fit.left).toBe(320);
    expect(fit.top).toBe(0);
  });

  it('scales a window narrower than 16:9 by its width and centres it vertically', () => {
    const fit = computeScale(960, 1080);
    expect(fit.scale).toBe(0.5);
    expect(fit.left).toBe(0);
    expect(fit.top).toBe(270);
  });
});
