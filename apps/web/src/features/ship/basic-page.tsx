import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import shipEn from '../../i18n/locales/en_US/ship.json';
import shipZh from '../../i18n/locales/zh_CN/ship.json';
import { useCanWrite } from '../../lib/use-can-write';
import { Panel } from '../../ui/panel';
import { ShipForm } from './ship-form';
import { StartInfoList } from './start-info-list';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('ship', { en_US: shipEn, zh_CN: shipZh });

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
