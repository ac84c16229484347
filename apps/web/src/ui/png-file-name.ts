/** A PNG's file name from a chart's label. */
export const pngFileName = (label: string) =>
  `${
    label
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'chart'
  }.png`;

/** Saves a picture (a data URL) under the chart's label. */
export function savePng(dataUrl: string, label: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = pngFileName(label);
  a.click();
}
