import type { SpeedResponse } from '@ecohelm/contracts';
import { Alert, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../lib/use-can-write';
import { OnDemandView, onDemand } from '../../ui/on-demand';
import { PageFrame } from '../../ui/page-frame';
import { Advice } from './advice-panel';
import { useSpeed } from './api/speed-api';
import { Condition } from './condition-panel';
import { Forecast, GribImport } from './forecast-panel';
import { Macro } from './macro-panel';
import { Navigation } from './navigation-panel';
import { Plan } from './plan-panel';
import { Simulation } from './simulation-panel';
import type { SpeedDialog } from './speed-dialogs';
import { useErrorText } from './speed-format';
import { Statistics } from './statistics-panel';
import './speed-strings';

type Data = SpeedResponse;
type Modal = SpeedDialog;

/**
 * The page's dialogs, asked for once the page has drawn and the browser is idle (not while its charts draw), so that
 * the first one opens at once.
 */
const dialogs = onDemand(() => import('./speed-dialogs').then((m) => m.SpeedDialogs));

/**
 * Speed optimisation (SPEC §2 "Efficiency optimization (speed)"): navigation now, the ship and loading status, the
 * advised rpm with its history and the adjust / indicator / slip-rate modals, the forecast along the route, the
 * voyage plan with RTZ import and export, the macro optimisation, the voyage statistics and the rpm simulation.
 */
export function SpeedPage() {
  const { t } = useTranslation();
  const speed = useSpeed();
  const [modal, setShown] = useState<Modal>(null);
  // The dialogs stay in the page once one has been opened (a closing dialog keeps its animation).
  const [opened, setOpened] = useState(false);
  const setModal = (next: Modal) => {
    if (next) setOpened(true);
    setShown(next);
  };
  const canWrite = useCanWrite('records:write');
  const canImportGrib = useCanWrite('settings:write');
  const title = (id: string) => t(`speed.panels.${id}`);
  const errorText = useErrorText();
  const body = (render: (d: Data) => ReactNode) => {
    if (speed.error) return <Alert type="error" showIcon message={errorText(speed.error)} />;
    return speed.data ? render(speed.data) : <Spin />;
  };
  const d = speed.data;
  const drawn = d !== undefined;
  useEffect(() => {
    if (!drawn) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(dialogs.preload, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(dialogs.preload, 1_000);
    return () => clearTimeout(id);
  }, [drawn]);
  return (
    <>
      <PageFrame
        title={t('speed.title')}
        columns={4}
        rowCount={4}
        minRowHeight={290}
        panels={[
          {
            id: 'navigationData',
            title: title('navigationData'),
            span: 2,
            children: body((x) => <Navigation data={x} />),
          },
          {
            id: 'shipStatus',
            title: title('shipStatus'),
            children: body((x) => (
              <Condition data={x} canWrite={canWrite} onEdit={() => setModal('condition')} />
            )),
          },
          {
            id: 'optimizedRpm',
            title: title('optimizedRpm'),
            rows: 2,
            children: body((x) => <Advice data={x} canWrite={canWrite} open={setModal} />),
          },
          {
            id: 'weatherForecast',
            title: title('weatherForecast'),
            span: 2,
            extra: <GribImport canWrite={canImportGrib} />,
            children: body((x) => <Forecast data={x} />),
          },
          {
            id: 'voyageStatistics',
            title: title('voyageStatistics'),
            children: body((x) => <Statistics data={x} />),
          },
          {
            id: 'voyagePlan',
            title: title('voyagePlan'),
            span: 2,
            children: body((x) => <Plan data={x} canWrite={canWrite} onEdit={() => setModal('plan')} />),
          },
          {
            id: 'rpmSimulation',
            title: title('rpmSimulation'),
            span: 2,
            children: body((x) => <Simulation data={x} />),
          },
          {
            id: 'macroOptimization',
            title: title('macroOptimization'),
            span: 4,
            children: body((x) => <Macro data={x} />),
          },
        ]}
      />
      {d && opened ? (
        <OnDemandView
          of={dialogs}
          fallback={null}
          props={{ open: modal, data: d, onClose: () => setModal(null) }}
        />
      ) : null}
    </>
  );
}
