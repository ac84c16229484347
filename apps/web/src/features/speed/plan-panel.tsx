import type { SpeedResponse } from '@ecohelm/contracts';
import { Alert, App, Button, Space } from 'antd';
import { downloadFile } from '../../lib/download';
import { useFormat } from '../../lib/use-format';
import { FileButton } from '../../ui/file-button';
import { useImportRtz } from './api/speed-api';
import { useErrorText } from './speed-format';
import { Field, grid } from './speed-parts';

type Data = SpeedResponse;

export function Plan({ data, canWrite, onEdit }: { data: Data; canWrite: boolean; onEdit: () => void }) {
  const { t, num, utc } = useFormat();
  const { message } = App.useApp();
  const importRtz = useImportRtz();
  const errorText = useErrorText();
  const p = data.plan;
  const exportRtz = async () => {
    try {
      await downloadFile('/api/v1/speed/plan/rtz', 'voyage-plan.rtz');
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  const actions = (
    <Space size={4} wrap style={{ marginTop: 8 }}>
      <Button size="small" disabled={!canWrite} onClick={onEdit}>
        {t('speed.plan.edit')}
      </Button>
      <FileButton
        accept=".rtz,.xml"
        size="small"
        disabled={!canWrite}
        loading={importRtz.isPending}
        onFile={(file) =>
          void file.text().then(async (xml) => {
            try {
              const plan = await importRtz.mutateAsync({ fileName: file.name, xml });
              void message.success(t('speed.plan.imported', { count: plan.waypoints.length }));
            } catch (error) {
              void message.error(errorText(error));
            }
          })
        }
      >
        {t('speed.plan.import')}
      </FileButton>
      <Button size="small" disabled={!p} onClick={() => void exportRtz()}>
        {t('speed.plan.export')}
      </Button>
    </Space>
  );
  if (!p) {
    return (
      <div>
        <Alert type="info" showIcon message={t('speed.plan.none')} />
        {actions}
      </div>
    );
  }
  const pr = data.progress;
  return (
    <div>
      <div style={grid(4)} data-testid="speed-plan">
        <Field label={t('speed.plan.voyageNo')} value={p.voyageNo} testId="plan-voyage" />
        <Field label={t('speed.plan.departure')} value={p.departurePort} />
        <Field label={t('speed.plan.destination')} value={p.destination} testId="plan-destination" />
        <Field label={t('speed.plan.distanceToGo')} value={pr ? `${num(pr.distanceToGoNm, 0)} nm` : '—'} />
        <Field label={t('speed.plan.etd')} value={utc(p.etd)} />
        <Field label={t('speed.plan.rtd')} value={p.rtd ? utc(p.rtd) : '—'} />
        <Field label={t('speed.plan.eta')} value={utc(p.eta)} testId="plan-eta" />
        <Field label={t('speed.plan.rta')} value={utc(p.rta)} testId="plan-rta" />
        <Field label={t('speed.plan.advisedSpeed')} value={pr ? `${num(pr.advisedSpeedKn, 1)} kn` : '—'} />
        <Field
          label={t('speed.plan.advisedEta')}
          value={pr ? utc(pr.advisedEta) : '—'}
          testId="plan-advised-eta"
        />
        <Field label={t('speed.plan.waypoints')} value={p.waypoints.length} testId="plan-waypoints" />
        <Field
          label={t('speed.plan.specialPoints')}
          value={
            p.specialPoints.length === 0
              ? '—'
              : p.specialPoints.map((s) => `${s.name}${s.stayH ? ` (${num(s.stayH, 0)} h)` : ''}`).join('; ')
          }
        />
      </div>
      <div style={{ fontSize: 12, opacity: 0.6, marginTop: 6 }}>
        {t('speed.plan.updated', { source: t(`speed.plan.source.${p.source}`), time: utc(p.updatedAt) })}
      </div>
      {actions}
    </div>
  );
}
