import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { leaveShipConsole, shipScope } from '../../lib/ship-scope';
import './fleet-strings';

/**
 * In a ship's console on a shore (opened from the fleet page): which ship every page shows, that it is the shore's
 * copy (read only, hourly data), and the way back to the fleet. Nothing elsewhere.
 */
export function ShipConsoleChip() {
  const { t } = useTranslation();
  const scope = shipScope();
  if (!scope) return null;
  return (
    <div
      data-testid="ship-console-chip"
      style={{ display: 'flex', alignItems: 'center', gap: 6, flex: 'none' }}
    >
      <Tooltip title={t('fleet.console.readOnly')}>
        <Tag color="geekblue" style={{ fontSize: 14, padding: '2px 8px', marginInlineEnd: 0 }}>
          {t('fleet.console.badge', { name: scope.name, imo: scope.shipId })}
        </Tag>
      </Tooltip>
      <Button size="small" onClick={leaveShipConsole}>
        {t('fleet.console.back')}
      </Button>
    </div>
  );
}
