import { useTranslation } from 'react-i18next';

/**
 * One formatter per language and number of decimals: `toLocaleString` with options builds a new one for every
 * number (a page of tables formats hundreds; ~60 ms of the speed page's first render on a busy machine).
 */
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

/** Number formatting in the console's language; `—` for missing values. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en_US' ? 'en-US' : 'zh-CN';
  const num = (v: number | null | undefined, decimals = 2) =>
    v === null || v === undefined ? '—' : numberFormat(locale, decimals).format(v);
  const fuel = (id: string) =>
    t(`ship.fuels.${id}`, { defaultValue: t(`reports.imoFuels.${id}`, { defaultValue: id }) });
  const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  const port = (p: { nameEn: string; nameZh: string | null } | null) =>
    p ? (i18n.language !== 'en_US' && p.nameZh ? p.nameZh : p.nameEn) : '—';
  return { t, num, fuel, utc, sum, port };
}
