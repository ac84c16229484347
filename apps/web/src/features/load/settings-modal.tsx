import { type LoadSettings, type LoadSettingsInfo, loadSettingsSchema } from '@ecohelm/contracts';
import { Alert, App, Form, Modal, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { failureText, saveForm } from '../../lib/save-form';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useSaveLoadSettings } from './api/save-load-settings';

/**
 * The power management limits the advice keeps to: each set's minimum and maximum load and whether it can run,
 * the reserve for the largest consumer, the start and stop delays. Checked with the contract before sending and
 * by the server after; on a failure the entries stay and the reasons show at the fields.
 */
export function SettingsModal({
  open,
  settings,
  onClose,
}: {
  open: boolean;
  settings: LoadSettingsInfo;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoadSettings>();
  const save = useSaveLoadSettings();
  const [setsError, setSetsError] = useState<string | null>(null);
  const required = [{ required: true, message: t('load.settings.required') }];

  useEffect(() => {
    if (open) {
      setSetsError(null);
      const { updatedAt: _a, updatedBy: _b, ...values } = settings;
      form.resetFields();
      form.setFieldsValue(values);
    }
    // Filled when it opens, not on every refresh of the page's data.
  }, [open]);

  const show = (
    issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
    prefix: string[] = [],
  ) => {
    const labels: Record<string, string> = {
      reserveKw: t('load.settings.reserve'),
      startDelayS: t('load.settings.startDelay'),
      stopDelayS: t('load.settings.stopDelay'),
      minLoadPct: t('load.settings.minLoad'),
      maxLoadPct: t('load.settings.maxLoad'),
    };
    const all = fieldErrors(issues, t, prefix, (name) => labels[String(name.at(-1))]);
    // Problems of the sets as a whole (one missing, none available) have no field of their own.
    const whole = all.filter((e) => e.name.length === 1 && e.name[0] === 'sets');
    setSetsError(whole.length > 0 ? whole.flatMap((e) => e.errors).join(' ') : null);
    form.setFields(
      all.filter((e) => e.name.length > 1 || (e.name.length === 1 && e.name[0] !== 'sets')) as never,
    );
  };

  const onOk = () => {
    setSetsError(null);
    return saveForm(form, {
      body: (values: LoadSettings) => values,
      contract: loadSettingsSchema,
      save: (body) => save.mutateAsync(body),
      show,
      saved: () => {
        void message.success(t('load.settings.saved'));
        onClose();
      },
      failed: (error) => void message.error(failureText(error, t)),
    });
  };

  return (
    <Modal
      open={open}
      title={t('load.settings.title')}
      okText={t('load.settings.save')}
      cancelText={t('load.settings.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={620}
      forceRender
    >
      <Form<LoadSettings>
        form={form}
        layout="vertical"
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
      >
        <table style={{ width: '100%' }} data-testid="load-settings-sets">
          <thead>
            <tr>
              <th />
              <th style={{ textAlign: 'left' }}>{t('load.settings.minLoad')}</th>
              <th style={{ textAlign: 'left' }}>{t('load.settings.maxLoad')}</th>
              <th style={{ textAlign: 'left' }}>{t('load.settings.available')}</th>
            </tr>
          </thead>
          <tbody>
            {settings.sets.map((s, i) => (
              <tr key={s.id}>
                <td style={{ verticalAlign: 'top', paddingTop: 6 }}>G/E {s.id.slice(2)}</td>
                <td>
                  <Form.Item
                    name={['sets', i, 'minLoadPct']}
                    rules={[...required, numberRule(t, `G/E ${s.id.slice(2)} ${t('load.settings.minLoad')}`)]}
                  >
                    <NumberInput
                      aria-label={`G/E ${s.id.slice(2)} ${t('load.settings.minLoad')}`}
                      suffix="%"
                    />
                  </Form.Item>
                </td>
                <td>
                  <Form.Item
                    name={['sets', i, 'maxLoadPct']}
                    rules={[...required, numberRule(t, `G/E ${s.id.slice(2)} ${t('load.settings.maxLoad')}`)]}
                  >
                    <NumberInput
                      aria-label={`G/E ${s.id.slice(2)} ${t('load.settings.maxLoad')}`}
                      suffix="%"
                    />
                  </Form.Item>
                </td>
                <td>
                  <Form.Item name={['sets', i, 'available']} valuePropName="checked">
                    <Switch aria-label={`G/E ${s.id.slice(2)} ${t('load.settings.available')}`} />
                  </Form.Item>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {setsError ? <Alert type="error" showIcon message={setsError} style={{ marginBottom: 12 }} /> : null}
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="reserveKw"
            label={t('load.settings.reserve')}
            rules={[...required, numberRule(t, t('load.settings.reserve'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="kW" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="startDelayS"
            label={t('load.settings.startDelay')}
            rules={[...required, numberRule(t, t('load.settings.startDelay'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="s" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="stopDelayS"
            label={t('load.settings.stopDelay')}
            rules={[...required, numberRule(t, t('load.settings.stopDelay'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="s" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <p style={{ fontSize: 12, opacity: 0.7, margin: 0 }}>{t('load.settings.note')}</p>
      </Form>
    </Modal>
  );
}
