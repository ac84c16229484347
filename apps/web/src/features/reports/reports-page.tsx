import { type Regime, type ReportFormat, type ReportLanguage, ruleSetText } from '@ecohelm/contracts';
import { Alert, App, Button, Progress, Segmented, Select, Space, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { addAreaStrings } from '../../i18n';
import reportsEn from '../../i18n/locales/en_US/reports.json';
import shipEn from '../../i18n/locales/en_US/ship.json';
import reportsZh from '../../i18n/locales/zh_CN/reports.json';
import shipZh from '../../i18n/locales/zh_CN/ship.json';
import { ApiError } from '../../lib/api-client';
import { PageColumn } from '../../ui/page-column';
import { useExportReport } from './api/export-report';
import { useReport } from './api/get-report';
import { DcsSummary, MrvSummary } from './report-summary';
import { FuelTotalsTable, StaysTable, VoyagesTable } from './report-tables';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('reports', { en_US: reportsEn, zh_CN: reportsZh });
addAreaStrings('ship', { en_US: shipEn, zh_CN: shipZh });

const YEARS_SHOWN = 6;

const reasonOf = (e: unknown) =>
  e instanceof ApiError ? (e.details as { reason?: string } | undefined)?.reason : undefined;

/** Report export: EU MRV (with EU ETS and FuelEU) and IMO DCS report views, exported as XLSX and PDF. */
export function ExportReportPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getUTCFullYear();
  const regime: Regime = params.get('regime') === 'imo_dcs' ? 'imo_dcs' : 'eu_mrv';
  const year = Number(params.get('year')) || thisYear;
  const submittedOnly = params.get('submitted') === '1';
  const lang: ReportLanguage =
    params.get('lang') === 'en_US' || (params.get('lang') === null && i18n.language === 'en_US')
      ? 'en_US'
      : 'zh_CN';
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const report = useReport({ regime, year, submittedOnly });
  const exporter = useExportReport();

  const doExport = async (format: ReportFormat) => {
    try {
      const name = await exporter.mutateAsync({ regime, year, submittedOnly, format, lang });
      void message.success(t('reports.exported', { name }));
    } catch (e) {
      const reason = reasonOf(e);
      void message.error(
        reason === 'cjk_font_missing'
          ? t('reports.errors.fontMissing')
          : t(e instanceof ApiError ? e.messageKey : 'errors.unknown'),
      );
    }
  };

  const p = exporter.progress;
  const percent = p?.totalBytes ? Math.round((100 * p.receivedBytes) / p.totalBytes) : null;
  const data = report.data;

  return (
    <PageColumn>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 12,
          flexWrap: 'wrap',
        }}
      >
        <Space size={16} wrap>
          <h2 style={{ margin: 0, fontSize: 18 }}>{t('reports.title')}</h2>
          <Segmented
            aria-label={t('reports.regime')}
            value={regime}
            onChange={(v) => set('regime', String(v))}
            options={[
              { value: 'eu_mrv', label: t('reports.panels.euMrvReport') },
              { value: 'imo_dcs', label: t('reports.panels.imoDcsReport') },
            ]}
          />
          <Select
            aria-label={t('reports.year')}
            value={year}
            style={{ width: 100 }}
            onChange={(v) => set('year', String(v))}
            options={Array.from({ length: YEARS_SHOWN }, (_, i) => thisYear - i).map((y) => ({
              value: y,
              label: y,
            }))}
          />
          <Space size={6}>
            <Switch
              size="small"
              checked={submittedOnly}
              aria-label={t('reports.submittedOnly')}
              onChange={(on) => set('submitted', on ? '1' : null)}
            />
            <span>{t('reports.submittedOnly')}</span>
          </Space>
        </Space>
        <Space size={8} wrap>
          <span>{t('reports.fileLanguage')}</span>
          <Select
            aria-label={t('reports.fileLanguage')}
            value={lang}
            style={{ width: 110 }}
            onChange={(v) => set('lang', v)}
            options={[
              { value: 'zh_CN', label: '中文' },
              { value: 'en_US', label: 'English' },
            ]}
          />
          <Button type="primary" disabled={!data || exporter.isPending} onClick={() => void doExport('xlsx')}>
            {t('reports.exportXlsx')}
          </Button>
          <Button type="primary" disabled={!data || exporter.isPending} onClick={() => void doExport('pdf')}>
            {t('reports.exportPdf')}
          </Button>
          <Button disabled={!data || exporter.isPending} onClick={() => void doExport('zip')}>
            {t('reports.exportPackage')}
          </Button>
        </Space>
      </div>
      {exporter.isPending ? (
        <div role="status" aria-label={t('reports.exporting')} data-testid="report-export-progress">
          <span>{p && p.receivedBytes > 0 ? t('reports.downloading') : t('reports.exporting')}</span>
          <Progress percent={percent ?? 99} status="active" showInfo={percent !== null} size="small" />
        </div>
      ) : null}
      {report.error ? (
        <Alert
          type={reasonOf(report.error) === 'ship_incomplete' ? 'warning' : 'error'}
          showIcon
          message={
            reasonOf(report.error) === 'ship_incomplete' ? (
              <span>
                {t('reports.errors.shipIncomplete')}{' '}
                <Link to="/carbon-manage/basic">{t('ship.basic.title')}</Link>
              </span>
            ) : reasonOf(report.error) === 'records_inconsistent' ? (
              `${t('reports.errors.inconsistent')} ${report.error.message}`
            ) : (
              t(report.error instanceof ApiError ? report.error.messageKey : 'errors.unknown')
            )
          }
        />
      ) : null}
      {report.isPending ? <Spin /> : null}
      {data ? (
        <>
          <div data-testid="report-basis" style={{ opacity: 0.8 }}>
            {t(data.submittedOnly ? 'reports.basisSubmitted' : 'reports.basisAll', {
              count: data.recordCount,
              submitted: data.submittedCount,
            })}
            {data.excludedCount > 0 ? ` · ${t('reports.excluded', { count: data.excludedCount })}` : ''}
          </div>
          <div data-testid="report-rule-set" style={{ opacity: 0.8 }}>
            {t('reports.ruleSet', { ruleSet: ruleSetText(data.ruleSet) })}
          </div>
          {data.issues.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              data-testid="report-issues"
              message={t('reports.issuesTitle', { count: data.issues.length })}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {data.issues.map((i) => (
                    <li key={`${i.recordId}-${i.code}`}>
                      {i.recordLabel}: {i.message}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {data.regime === 'eu_mrv' ? <MrvSummary report={data} /> : <DcsSummary report={data} />}
          <FuelTotalsTable report={data} />
          <VoyagesTable report={data} />
          {data.stays.length > 0 ? <StaysTable report={data} /> : null}
        </>
      ) : null}
    </PageColumn>
  );
}
