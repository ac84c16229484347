import { useTranslation } from 'react-i18next';

/** The one formatter per language and number of decimals for what `formatNumber` hands on. */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * `v` with `decimals` decimals as `Intl.NumberFormat` writes it in the console's two languages (en-US and zh-CN
 * group thousands with `,` and write `.` and `-` alike): rounded half away from zero on the number's shortest
 * decimal form, as ICU does, and `-` for a negative number that rounds to zero. Written out because the page's first
 * `Intl.NumberFormat` loads the browser's number data (~30 ms of a page's first draw); numbers that JavaScript writes
 * with an exponent, or too large to round exactly, are handed to `Intl.NumberFormat`. A test checks the two agree.
 */
export function formatNumber(v: number, decimals: number, locale: string): string {
  const text = String(Math.abs(v));
  const shifted = text.includes('e') ? Number.NaN : Math.round(Number(`${text}e${decimals}`));
  if (!Number.isSafeInteger(shifted)) return numberFormat(locale, decimals).format(v);
  const digits = String(shifted).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  return decimals > 0 ? `${sign}${whole}.${digits.slice(-decimals)}` : `${sign}${whole}`;
}

/** Number formatting in the console's language; `—` for missing values. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en_US' ? 'en-US' : 'zh-CN';
  const num = (v: number | null | undefined, decimals = 2) =>
    v === null || v === undefined ? '—' : formatNumber(v, decimals, locale);
  const fuel = (id: string) =>
    t(`ship.fuels.${id}`, { defaultValue: t(`reports.imoFuels.${id}`, { defaultValue: id }) });
  const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  const port = (p: { nameEn: string; nameZh: string | null } | null) =>
    p ? (i18n.language !== 'en_US' && p.nameZh ? p.nameZh : p.nameEn) : '—';
  return { t, num, fuel, utc, sum, port };
}
