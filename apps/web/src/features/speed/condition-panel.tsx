import type { SpeedResponse } from '@ecohelm/contracts';
import { App, Button, Space } from 'antd';
import { useFormat } from '../../lib/use-format';
import { useResetCondition } from './api/speed-api';
import { useErrorText } from './speed-format';
import { Field, grid } from './speed-parts';

type Data = SpeedResponse;

export function Condition({ data, canWrite, onEdit }: { data: Data; canWrite: boolean; onEdit: () => void }) {
  const { t, num, utc } = useFormat();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const reset = useResetCondition();
  const c = data.condition;
  return (
    <div>
      <div style={grid(1)}>
        <Field
          label={t('speed.condition.status')}
          value={t(`speed.shipStatus.${c.shipStatus}`)}
          testId="condition-status"
        />
        <Field
          label={t('speed.condition.loading')}
          value={t(`speed.loadingStatus.${c.loadingStatus}`)}
          testId="condition-loading"
        />
        <Field label={t('speed.condition.cargo')} value={`${num(c.cargoT, 0)} t`} testId="condition-cargo" />
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, margin: '8px 0' }} data-testid="condition-source">
        {c.source === 'crew' && c.setAt
          ? t('speed.condition.setBy', { by: c.setBy ?? '—', time: utc(c.setAt) })
          : t('speed.condition.derived')}
      </div>
      <Space size={4}>
        <Button size="small" disabled={!canWrite} onClick={onEdit}>
          {t('speed.condition.edit')}
        </Button>
        {c.source === 'crew' ? (
          <Button
            size="small"
            disabled={!canWrite || reset.isPending}
            onClick={() =>
              reset.mutateAsync(undefined).then(
                () => void message.success(t('speed.condition.derivedAgain')),
                (error: unknown) => void message.error(errorText(error)),
              )
            }
          >
            {t('speed.condition.useDerived')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
