import {
  type FieldError,
  initialInfoChangeTypes,
  type StartInfo,
  startInfoInputSchema,
  TEXT_LIMIT,
} from '@ecohelm/contracts';
import { App, Button, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { usePageConfig } from '../../lib/page-config';
import { failureText } from '../../lib/save-form';
import { fromShipTime, toShipTime } from '../../lib/ship-time';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useSaveStartInfo } from './api/save-start-info';
import { fuelOptions } from './ship-form-model';

interface Values {
  changeType?: string;
  startTime?: Dayjs | null;
  portNameEn?: string;
  company?: string;
  flagState?: string;
  robs?: { fuelType?: string; robT?: number | null }[];
  remark?: string;
}

/** Add or edit a start-info entry: the change type, when it starts, and the fuel on board then. */
export function StartInfoModal({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry: StartInfo | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const [form] = Form.useForm<Values>();
  const save = useSaveStartInfo();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (entry)
      form.setFieldsValue({ ...entry, startTime: toShipTime(entry.startTime, offset) ?? null } as Values);
  }, [open, entry, form, offset]);

  const onOk = async () => {
    // Letters in a number field are refused at the field (NumberInput), never saved as the old value.
    try {
      await form.validateFields();
    } catch {
      void message.error(t('ship.messages.essentialError'));
      return;
    }
    const v = form.getFieldsValue(true) as Values;
    const input = {
      ...v,
      startTime: fromShipTime(v.startTime, offset),
      robs: (v.robs ?? []).filter((r) => r?.fuelType),
    };
    const parsed = startInfoInputSchema.safeParse(input);
    if (!parsed.success) {
      form.setFields(fieldErrors(parsed.error.issues, t) as never);
      void message.error(t('ship.messages.essentialError'));
      return;
    }
    try {
      await save.mutateAsync({ id: entry?.id, entry: parsed.data });
      void message.success(t(entry ? 'ship.messages.modified' : 'ship.messages.added'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) {
        form.setFields(fieldErrors(error.details as FieldError[], t, ['body']) as never);
      }
      void message.error(failureText(error, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t(entry ? 'ship.startInfo.edit' : 'ship.startInfo.add')}
      onCancel={onClose}
      onOk={onOk}
      okText={t('ship.actions.save')}
      cancelText={t('ship.actions.cancel')}
      confirmLoading={save.isPending}
      width={720}
      forceRender
    >
      <Form form={form} layout="vertical" onValuesChange={(changed) => clearChangedErrors(form, changed)}>
        <Space wrap style={{ width: '100%' }}>
          <Form.Item
            name="changeType"
            label={t('ship.startInfo.changeType')}
            required
            style={{ minWidth: 260 }}
          >
            <Select
              options={initialInfoChangeTypes.map((c) => ({ value: c, label: t(`ship.changeTypes.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="startTime" label={t('ship.startInfo.startTime')} required>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="portNameEn" label={t('ship.startInfo.portNameEn')}>
            <Input maxLength={TEXT_LIMIT} />
          </Form.Item>
          <Form.Item name="company" label={t('ship.startInfo.company')}>
            <Input maxLength={TEXT_LIMIT} />
          </Form.Item>
          <Form.Item name="flagState" label={t('ship.startInfo.flagState')}>
            <Input maxLength={TEXT_LIMIT} />
          </Form.Item>
        </Space>
        <Form.List name="robs">
          {(fields, { add, remove }) => (
            <div>
              <div style={{ marginBottom: 8 }}>{t('ship.startInfo.robs')}</div>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'fuelType']} style={{ minWidth: 220 }}>
                    <Select
                      aria-label={t('ship.fields.fuelType')}
                      options={fuelOptions.map((f) => ({ value: f, label: t(`ship.fuels.${f}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'robT']} rules={[numberRule(t, t('ship.startInfo.robT'))]}>
                    <NumberInput
                      min={0}
                      aria-label={t('ship.startInfo.robT')}
                      placeholder={t('ship.startInfo.robT')}
                    />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>{t('ship.actions.remove')}</Button>
                </Space>
              ))}
              <Button onClick={() => add({})}>{t('ship.actions.addFuel')}</Button>
            </div>
          )}
        </Form.List>
        <Form.Item name="remark" label={t('ship.startInfo.remark')} style={{ marginTop: 12 }}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
