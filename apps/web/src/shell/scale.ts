/** SPEC §9: the console is designed at 1920 × 1080 (16:9). */
export const designWidth = 1920;
export const designHeight = 1080;

export interface ScaleFit {
  scale: number;
  /** Offsets (px) that centre the scaled design in the window. */
  left: number;
  top: number;
}

/**
 * Fits the 1920 × 1080 design into the window. At the 16:9 threshold both ratios are equal; a window
 * wider than 16:9 is scaled by its height (side bands left and right), a narrower one by its width
 * (bands above and below). That is the smaller of the two ratios, so nothing is ever cut off.
 */
export function computeScale(width: number, height: number): ScaleFit {
  if (width <= 0 || height <= 0) return { scale: 1, left: 0, top: 0 };
  const wider = width / height > designWidth / designHeight;
  const scale = wider ? height / designHeight : width / designWidth;
  return {
    scale,
    left: Math.max(0, (width - designWidth * scale) / 2),
    top: Math.max(0, (height - designHeight * scale) / 2),
  };
}
