import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../../lib/use-can-write';
import { Panel } from '../../ui/panel';
import { ShipForm } from './ship-form';
import { StartInfoList } from './start-info-list';

/** Ship basic information: basic, registration/operation and engineering tabs, and the start-info list. */
export function BasicInfoPage() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('ship:write');
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateRows: 'auto auto',
        gap: 12,
        padding: 12,
        overflow: 'auto',
        height: '100%',
      }}
    >
      <div data-panel="basicInfo">
        <Panel title={t('ship.basic.title')}>
          <ShipForm canWrite={canWrite} />
        </Panel>
      </div>
      <div data-panel="startInfo">
        <Panel title={t('ship.panels.startInfo')}>
          <StartInfoList canWrite={canWrite} />
        </Panel>
      </div>
    </div>
  );
}
