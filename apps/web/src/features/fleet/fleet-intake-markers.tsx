import type { FleetShip } from '@ecohelm/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { agoText } from './fleet-format';

const hoursSince = (iso: string | null) => (iso ? (Date.now() - Date.parse(iso)) / 3_600_000 : null);

/**
 * A ship's intake markers beside its figures: "partial" while its history is not reconciled with the ship's, the
 * messages on its subject that named another ship (refused), and the messages set aside (dead letters) with the age
 * of the oldest; nothing when all is well.
 */
export function FleetIntakeMarkers({ intake }: { intake: FleetShip | undefined }) {
  const { t } = useTranslation();
  if (!intake) return null;
  const dead = intake.deadLetters;
  return (
    <>
      {intake.partial ? (
        <Tooltip title={t('fleet.intake.partialHint')}>
          <Tag color="gold" style={{ marginLeft: 6 }}>
            {t('fleet.intake.partial')}
          </Tag>
        </Tooltip>
      ) : null}
      {intake.refused > 0 ? (
        <Tooltip title={t('fleet.intake.refusedHint')}>
          <Tag color="red" style={{ marginLeft: 6 }}>
            {t('fleet.intake.refused', { count: intake.refused })}
          </Tag>
        </Tooltip>
      ) : null}
      {dead.count > 0 ? (
        <Tooltip title={t('fleet.intake.deadLettersHint', { ago: agoText(hoursSince(dead.oldestAt), t) })}>
          <Tag color="red" style={{ marginLeft: 6 }}>
            {t('fleet.intake.deadLetters', { count: dead.count })}
          </Tag>
        </Tooltip>
      ) : null}
    </>
  );
}
