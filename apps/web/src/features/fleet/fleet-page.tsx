import { Alert, App, Button, Empty, Select, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { leaveShipConsole, shipScope } from '../../lib/ship-scope';
import { CsvButton } from '../../ui/csv-button';
import { PageFrame } from '../../ui/page-frame';
import { useExportFleetReport, useFleetShips } from './api/fleet';
import { useFleetIntake } from './api/get-fleet-intake';
import { fleetErrorText } from './fleet-format';
import { FleetMap } from './fleet-map';
import { FleetShipView } from './fleet-ship';
import { FleetTable, fleetCsvRows } from './fleet-table';
import './fleet-strings';

const thisYear = () => new Date().getUTCFullYear();

/** The shore's fleet page: every ship on a table and a map; `?ship=` opens one ship, `?year=` picks the year. */
export function FleetPage() {
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || thisYear();
  const shipId = params.get('ship');
  // The fleet page is outside any one ship's console: coming here from one leaves it.
  useEffect(() => {
    if (shipScope()) leaveShipConsole();
  }, []);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  if (shipId) return <FleetShipView shipId={shipId} year={year} onBack={() => set({ ship: null })} />;
  return (
    <FleetOverview year={year} onYear={(y) => set({ year: String(y) })} onOpen={(id) => set({ ship: id })} />
  );
}

function FleetOverview({
  year,
  onYear,
  onOpen,
}: {
  year: number;
  onYear: (year: number) => void;
  onOpen: (shipId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const fleet = useFleetShips(year);
  const intake = useFleetIntake();
  const exporter = useExportFleetReport();
  const years = Array.from({ length: thisYear() - 2019 + 1 }, (_, i) => thisYear() - i);
  const body = (render: () => ReactNode) => {
    if (fleet.error) return <Alert type="error" showIcon message={fleetErrorText(fleet.error, t)} />;
    if (!fleet.data) return <Spin />;
    if (fleet.data.ships.length === 0) return <Empty description={t('fleet.empty')} />;
    return render();
  };
  const download = () =>
    exporter.mutate(
      { year, lang: i18n.language === 'en_US' ? 'en_US' : 'zh_CN' },
      {
        onSuccess: (file) => void message.success(t('fleet.downloaded', { file })),
        onError: (error) => void message.error(fleetErrorText(error, t)),
      },
    );
  return (
    <PageFrame
      title={t('fleet.title')}
      actions={
        <>
          <span>{t('fleet.year')}</span>
          <Select
            aria-label={t('fleet.year')}
            value={year}
            style={{ width: 100 }}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={onYear}
          />
          <Link to={`/fleet/compliance?year=${Math.max(2025, year)}`}>{t('fleet.complianceLink')}</Link>
          <Button type="primary" loading={exporter.isPending} disabled={!fleet.data} onClick={download}>
            {t('fleet.downloadReport')}
          </Button>
        </>
      }
      panels={[
        {
          id: 'fleetShips',
          title: t('fleet.panels.ships'),
          span: 2,
          rows: 2,
          extra: (
            <CsvButton
              fileName={`fleet-${year}`}
              disabled={!fleet.data?.ships.length}
              rows={() => fleetCsvRows(fleet.data?.ships ?? [], t)}
            />
          ),
          children: body(() => (
            <FleetTable
              ships={fleet.data?.ships ?? []}
              staleAfterHours={fleet.data?.staleAfterHours ?? 24}
              onOpen={onOpen}
              intake={intake.data}
            />
          )),
        },
        {
          id: 'fleetMap',
          title: t('fleet.panels.map'),
          rows: 2,
          children: body(() => <FleetMap ships={fleet.data?.ships ?? []} />),
        },
      ]}
    />
  );
}
