import type { CiiPeriod } from '@ecohelm/contracts';
import { Alert, Button, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useCanWrite } from '../../lib/use-can-write';
import { withStyles } from '../../ui/on-demand';
import { PageFrame } from '../../ui/page-frame';
import { useAlarmStatistics } from './api/get-alarm-statistics';
import { useNavigationLatest } from './api/get-navigation-latest';
import { useOverview } from './api/get-overview';
import { FIRST_PERIOD } from './api/get-overview-page';
import { useOverviewSettings } from './api/get-overview-settings';
import { FactorsPanel } from './factors';
import { fillRows } from './fill-rows';
import { AlarmStatisticsPanel, BunkerPanel, CiiPanel, Co2Panel, EcaPanel, NavigationPanel } from './panels';

/** The overview's four columns, its panels' spans and rows once hidden panels are left out. */
function overviewLayout<P extends { span?: number }>(panels: P[]): { panels: P[]; rowCount: number } {
  const layout = fillRows(panels, 4);
  return { panels: layout.panels, rowCount: Math.max(1, layout.rows) };
}

const periods = ['day', 'month', 'year'] as const satisfies readonly CiiPeriod[];

const OverviewSettingsModal = lazy(
  withStyles(() => import('./overview-settings-modal').then((m) => ({ default: m.OverviewSettingsModal }))),
);

/** The default landing page (SPEC §2 "Overview"): every figure from the API, live panels at 1 Hz. */
export function OverviewPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<CiiPeriod>(FIRST_PERIOD);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from its first opening on, so that it can animate its closing.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const navigation = useNavigationLatest().data?.values;
  const overview = useOverview(period);
  // The panels' choice is the console's own; a ship's console on a shore is read only (lib/ship-scope).
  const canChoose = useCanWrite('dashboard:read');
  const alarmStats = useAlarmStatistics();
  const hidden = new Set<string>(useOverviewSettings().data?.hiddenPanels ?? []);
  const data = overview.data;
  // A failed read says so in every panel it feeds, instead of looking like a ship without data.
  const failed = overview.error ? (
    <Alert
      type="error"
      showIcon
      title={t(overview.error instanceof ApiError ? overview.error.messageKey : 'errors.unknown')}
    />
  ) : undefined;
  const title = (id: string) => t(`overview.panels.${id}`);
  const periodSelector = (
    <Segmented
      size="small"
      value={period}
      onChange={setPeriod}
      options={periods.map((value) => ({ value, label: t(`overview.period.${value}`) }))}
    />
  );
  return (
    <>
      <PageFrame
        title={t('overview.title')}
        columns={4}
        actions={
          <Button
            disabled={!canChoose}
            onClick={() => {
              setSettingsUsed(true);
              setSettingsOpen(true);
            }}
          >
            {t('common.settings')}
          </Button>
        }
        // Hidden panels leave no holes: the panel before a gap widens to its row's end (fill-rows.ts).
        {...overviewLayout(
          [
            {
              id: 'ciiRating',
              title: title('ciiRating'),
              extra: periodSelector,
              children: data ? <CiiPanel cii={data.cii} /> : failed,
            },
            { id: 'factorStatistics', title: title('factorStatistics'), span: 2, children: <FactorsPanel /> },
            {
              id: 'ecaWarning',
              title: title('ecaWarning'),
              children: data ? <EcaPanel eca={data.eca} /> : failed,
            },
            {
              id: 'navigationStatus',
              title: title('navigationStatus'),
              span: 2,
              children: <NavigationPanel initial={navigation} />,
            },
            {
              id: 'co2Management',
              title: title('co2Management'),
              span: 2,
              children: data ? <Co2Panel co2={data.co2} /> : failed,
            },
            {
              id: 'bunkerRecord',
              title: title('bunkerRecord'),
              span: 2,
              children: data ? <BunkerPanel bunker={data.bunker} /> : failed,
            },
            {
              id: 'alarmStatistics',
              title: title('alarmStatistics'),
              span: 2,
              children: alarmStats.data ? <AlarmStatisticsPanel stats={alarmStats.data} /> : undefined,
            },
          ].filter((panel) => !hidden.has(panel.id)),
        )}
      />
      {settingsUsed ? (
        <Suspense fallback={null}>
          <OverviewSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
