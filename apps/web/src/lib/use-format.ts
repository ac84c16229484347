import { useTranslation } from 'react-i18next';

/** Number formatting in the console's language; `—` for missing values. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en_US' ? 'en-US' : 'zh-CN';
  const num = (v: number | null | undefined, decimals = 2) =>
    v === null || v === undefined
      ? '—'
      : v.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const fuel = (id: string) =>
    t(`ship.fuels.${id}`, { defaultValue: t(`reports.imoFuels.${id}`, { defaultValue: id }) });
  const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  const port = (p: { nameEn: string; nameZh: string | null } | null) =>
    p ? (i18n.language !== 'en_US' && p.nameZh ? p.nameZh : p.nameEn) : '—';
  return { t, num, fuel, utc, sum, port };
}
