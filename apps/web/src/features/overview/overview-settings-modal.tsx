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
import { channelLabel } from '../../lib/channel-label';
import { useOverviewSettings } from './api/get-overview-settings';
import { useSaveOverviewSettings } from './api/save-overview-settings';

/**
 * Overview settings: which factors this console shows (SPEC §5: at most four) and which panels. Loaded when first
 * opened: its form and select are not part of the overview's first load.
 */
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
              label: `${channelLabel(c.id, t, c.label)} (${c.unit})`,
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
