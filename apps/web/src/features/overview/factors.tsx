import {
  MAX_OVERVIEW_FACTORS,
  type OverviewSettings,
  overviewMessages,
  overviewPanels,
} from '@ecohelm/contracts';
import { App, Checkbox, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannels } from '../../lib/api/get-channels';
import { ApiError } from '../../lib/api-client';
import { Chart } from '../../ui/chart';
import { NoData } from '../../ui/panel';
import { useOverviewFactors } from './api/get-overview-factors';
import { useOverviewSettings } from './api/get-overview-settings';
import { useSaveOverviewSettings } from './api/save-overview-settings';
import styles from './overview.module.css';

/** The chosen factors (at most four): value now and a 24-hour sparkline each. */
export function FactorsPanel() {
  const factors = useOverviewFactors();
  const channels = useChannels();
  const labelOf = (id: string) => channels.data?.channels.find((c) => c.id === id)?.label ?? id;
  if (!factors.data || factors.data.factors.length === 0) return <NoData />;
  return (
    <div className={styles.factors}>
      {factors.data.factors.map((f) => (
        <div key={f.channel} className={styles.factor} data-factor={f.channel}>
          <div className={styles.factorName}>{labelOf(f.channel)}</div>
          <div className={styles.factorValue}>
            {f.value === null ? '—' : f.value.toFixed(Math.abs(f.value) >= 100 ? 0 : 2)} <span>{f.unit}</span>
          </div>
          <Chart
            label={labelOf(f.channel)}
            height={110}
            option={{
              grid: { left: 2, right: 2, top: 4, bottom: 2 },
              xAxis: { type: 'category', show: false, data: f.points.map((p) => p.t) },
              yAxis: { type: 'value', show: false, scale: true },
              tooltip: { trigger: 'axis' },
              series: [
                {
                  type: 'line',
                  symbol: 'none',
                  areaStyle: { opacity: 0.15 },
                  data: f.points.map((p) => p.mean),
                },
              ],
            }}
          />
        </div>
      ))}
    </div>
  );
}

/** Overview settings: which factors this console shows (SPEC §5: at most four). */
export function OverviewSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useOverviewSettings();
  const channels = useChannels();
  const save = useSaveOverviewSettings();
  const [factors, setFactors] = useState<string[]>([]);
  const [hidden, setHidden] = useState<OverviewSettings['hiddenPanels']>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open && settings.data) {
      setFactors(settings.data.factors);
      setHidden(settings.data.hiddenPanels);
      setError(null);
    }
  }, [open, settings.data]);
  const onOk = async () => {
    if (factors.length > MAX_OVERVIEW_FACTORS) {
      setError(t('overview.settings.tooMany'));
      return;
    }
    try {
      await save.mutateAsync({ factors, hiddenPanels: hidden });
      void message.success(t('overview.settings.saved'));
      onClose();
    } catch (e) {
      // The entries stay in the dialog; the server's reason is shown under the field.
      const detail =
        e instanceof ApiError ? (e.details as { message?: string }[] | undefined)?.[0]?.message : null;
      setError(
        detail === overviewMessages.tooManyFactors
          ? t('overview.settings.tooMany')
          : (detail ?? t('errors.unknown')),
      );
    }
  };
  return (
    <Modal
      open={open}
      title={t('overview.settings.title')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('overview.settings.save')}
      cancelText={t('overview.settings.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('overview.settings.factors')}
          validateStatus={error ? 'error' : ''}
          help={error ?? t('overview.settings.hint')}
        >
          <Select
            mode="multiple"
            aria-label={t('overview.settings.factors')}
            value={factors}
            onChange={(v: string[]) => {
              setFactors(v);
              setError(v.length > MAX_OVERVIEW_FACTORS ? t('overview.settings.tooMany') : null);
            }}
            options={(channels.data?.channels ?? []).map((c) => ({
              value: c.id,
              label: `${c.label} (${c.unit})`,
            }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item label={t('overview.settings.panels')}>
          <Checkbox.Group
            value={overviewPanels.filter((p) => !hidden.includes(p))}
            onChange={(shown) => setHidden(overviewPanels.filter((p) => !shown.includes(p)))}
            options={overviewPanels.map((p) => ({ value: p, label: t(`overview.panels.${p}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
