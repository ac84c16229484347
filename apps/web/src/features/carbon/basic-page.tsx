import { useTranslation } from 'react-i18next';
import { Panel } from '../../ui/panel';
import { ShipForm } from './ship-form';
import { StartInfoList } from './start-info-list';
import { useCanWrite } from './use-can-write';

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
        <Panel title={t('carbon.basic.title')}>
          <ShipForm canWrite={canWrite} />
        </Panel>
      </div>
      <div data-panel="startInfo">
        <Panel title={t('carbon.panels.startInfo')}>
          <StartInfoList canWrite={canWrite} />
        </Panel>
      </div>
    </div>
  );
}
