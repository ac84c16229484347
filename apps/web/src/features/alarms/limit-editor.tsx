import type { AlarmLimitInput, AlarmLimitSetting } from '@ecohelm/contracts';
import { App, Button, Col, Form, Modal, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-client';
import { channelLabel } from '../../lib/channel-label';
import { type ContractIssue, translateIssue } from '../../lib/contract-messages';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useSaveAlarmLimits } from './api/save-alarm-limits';
import { limitLevels as levels, limitIssues } from './limit-validation';

/** Edits one channel's limits; errors show under their fields, from the client's check or the server's. */
export function LimitEditor({ setting, onClose }: { setting: AlarmLimitSetting; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AlarmLimitInput>();
  const save = useSaveAlarmLimits();

  const showIssues = (issues: (ContractIssue & { path: string })[]) => {
    const by = new Map<string, string[]>();
    for (const i of issues) by.set(i.path, [...(by.get(i.path) ?? []), translateIssue(i, t)]);
    form.setFields(
      [...by.entries()].map(([name, errors]) => ({ name: name as keyof AlarmLimitInput, errors })),
    );
  };

  const submit = async () => {
    // Letters in a number field are refused at the field (NumberInput), never saved as the old value.
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const raw = form.getFieldsValue(true) as AlarmLimitInput;
    const input: AlarmLimitInput = {
      lowlow: raw.lowlow ?? null,
      low: raw.low ?? null,
      high: raw.high ?? null,
      highhigh: raw.highhigh ?? null,
      hysteresis: raw.hysteresis ?? 0,
      delaySeconds: raw.delaySeconds ?? 0,
      enabled: raw.enabled ?? true,
    };
    form.setFields(Object.keys(input).map((name) => ({ name: name as keyof AlarmLimitInput, errors: [] })));
    const issues = limitIssues(setting, input);
    if (issues.length > 0) return showIssues(issues);
    try {
      await save.mutateAsync({ channel: setting.channel, input });
      void message.success(t('alarms.limits.saved'));
      onClose();
    } catch (e) {
      const err = e as ApiError;
      const details = Array.isArray(err.details) ? (err.details as (ContractIssue & { path: string })[]) : [];
      if (details.length > 0) showIssues(details.map((d) => ({ ...d, path: d.path.replace(/^body\./, '') })));
      else void message.error(t(err.messageKey ?? 'errors.unknown'));
    }
  };

  const number = (name: keyof AlarmLimitInput, label: string) => (
    <Form.Item name={name} label={label} rules={[numberRule(t, label)]}>
      <NumberInput style={{ width: '100%' }} addonAfter={setting.unit} aria-label={label} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={`${channelLabel(setting.channel, t)} (${setting.range[0]} … ${setting.range[1]} ${setting.unit})`}
      onCancel={onClose}
      footer={[
        <Button key="reset" onClick={() => form.setFieldsValue({ ...setting.defaults })}>
          {t('alarms.limits.reset')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('alarms.limits.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t('alarms.limits.save')}
        </Button>,
      ]}
    >
      <Form<AlarmLimitInput>
        form={form}
        layout="vertical"
        initialValues={{
          ...setting.limits,
          hysteresis: setting.hysteresis,
          delaySeconds: setting.delaySeconds,
          enabled: setting.enabled,
        }}
      >
        <Row gutter={16}>
          {levels.map((level) => (
            <Col span={12} key={level}>
              {number(level, t(`alarms.limits.${level}`))}
            </Col>
          ))}
          <Col span={12}>{number('hysteresis', t('alarms.limits.hysteresis'))}</Col>
          <Col span={12}>
            <Form.Item
              name="delaySeconds"
              label={t('alarms.limits.delaySeconds')}
              rules={[numberRule(t, t('alarms.limits.delaySeconds'))]}
            >
              <NumberInput
                min={0}
                max={3600}
                precision={0}
                style={{ width: '100%' }}
                aria-label={t('alarms.limits.delaySeconds')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="enabled" label={t('alarms.limits.enabled')} valuePropName="checked">
          <Switch aria-label={t('alarms.limits.enabled')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
