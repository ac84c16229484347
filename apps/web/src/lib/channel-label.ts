import type { TFunction } from 'i18next';

/**
 * A catalogue channel's name in the user's language (the `channels` strings). The translation key is the channel
 * id with dots as underscores and the number of a cylinder, generator or boiler as `N`, passed as `n` (one key
 * serves G/E 1 to 3). A channel without a translation shows `fallback` (the catalogue's label), else its id.
 */
export function channelLabel(channel: string, t: TFunction, fallback?: string): string {
  let n: string | undefined;
  const key = channel
    .replace(/\b(cylinders)\.(\d+)\b/, (_, word: string, num: string) => {
      n = num;
      return `${word}.N`;
    })
    .replace(/\b(ge|boiler)(\d)\b/, (_, word: string, num: string) => {
      n = num;
      return `${word}N`;
    })
    .replaceAll('.', '_');
  return t(`channels.${key}`, { n, defaultValue: fallback ?? channel });
}
