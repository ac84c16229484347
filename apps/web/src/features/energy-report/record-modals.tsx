import {
  type BunkerRecord,
  bunkerRecordInputSchema,
  fuelTypeIds,
  type OilChangeRecord,
  oilChangeRecordInputSchema,
} from '@ecohelm/contracts';
import { App, DatePicker, Form, type FormInstance, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { usePageConfig } from '../../lib/page-config';
import { type FieldIssue, saveForm } from '../../lib/save-form';
import { fromShipTime, toShipTime } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useSaveBunker, useSaveOilChange } from './api/records';

/** The records contract's message for an end before the start (translated here). */
const END_BEFORE_START = 'The end time must not be before the start time';

/** Shows contract or server reasons at the fields (start/end times under their pickers). */
function useShowErrors<V>(form: FormInstance<V>) {
  const { t } = useTranslation();
  return (issues: readonly FieldIssue[], prefix: string[] = []) => {
    const rename: Record<string, string> = { startTime: 'start', endTime: 'end' };
    const errors = fieldErrors(issues, t, prefix).map((e) => ({
      name: e.name.map((n) => rename[String(n)] ?? n),
      errors: e.errors.map((m) => (m === END_BEFORE_START ? t('energyReport.records.endBeforeStart') : m)),
    }));
    form.setFields(errors.filter((e) => e.name.length > 0) as never);
  };
}

/** A refused save's reason as a message (its field reasons are at the fields already). */
function useFailedMessage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (error: unknown) =>
    void message.error(error instanceof ApiError ? t(error.messageKey) : t('errors.unknown'));
}

const timeRules = (t: (k: string) => string) => [
  { required: true, message: t('energyReport.records.required') },
];
const textRules = (t: (k: string) => string) => [
  { required: true, whitespace: true, message: t('energyReport.records.required') },
];

interface BunkerValues {
  port?: string;
  fuelType?: string;
  quantityT?: number;
  supplier?: string;
  start?: Dayjs;
  end?: Dayjs;
  tankNumber?: string;
  sulphurPct?: number | null;
  bdnNumber?: string;
}

/** Add or modify a bunker record; entries stay when the server refuses them. */
export function BunkerModal({
  record,
  onClose,
}: {
  record: BunkerRecord | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { fuel } = useFormat();
  const { message } = App.useApp();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const [form] = Form.useForm<BunkerValues>();
  const show = useShowErrors(form);
  const failed = useFailedMessage();
  const save = useSaveBunker();
  const open = record !== null;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record !== 'new') {
      form.setFieldsValue({
        ...record,
        start: toShipTime(record.startTime, offset),
        end: toShipTime(record.endTime, offset),
        bdnNumber: record.bdnNumber ?? '',
      });
    }
  }, [open, record, form, offset]);

  const onOk = () =>
    saveForm(form, {
      body: (v: BunkerValues) => ({
        port: v.port ?? '',
        fuelType: v.fuelType,
        quantityT: v.quantityT,
        supplier: v.supplier ?? '',
        startTime: fromShipTime(v.start, offset) ?? '',
        endTime: fromShipTime(v.end, offset) ?? '',
        tankNumber: v.tankNumber ?? '',
        sulphurPct: v.sulphurPct ?? null,
        bdnNumber: v.bdnNumber?.trim() ? v.bdnNumber : null,
      }),
      contract: bunkerRecordInputSchema,
      save: (body) => save.mutateAsync({ id: record === 'new' || record === null ? null : record.id, body }),
      show,
      saved: () => {
        void message.success(
          t(record === 'new' ? 'energyReport.records.added' : 'energyReport.records.modified'),
        );
        onClose();
      },
      failed,
    });

  return (
    <Modal
      open={open}
      title={t(record === 'new' ? 'energyReport.records.addBunker' : 'energyReport.records.editBunker')}
      okText={t('energyReport.records.save')}
      cancelText={t('energyReport.records.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form<BunkerValues>
        form={form}
        layout="vertical"
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
      >
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="port"
            label={t('energyReport.records.port')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="fuelType"
            label={t('energyReport.records.fuelType')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <Select options={fuelTypeIds.map((id) => ({ value: id, label: fuel(id) }))} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="quantityT"
            label={t('energyReport.records.quantity')}
            rules={[...timeRules(t), numberRule(t, t('energyReport.records.quantity'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="t" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="supplier"
            label={t('energyReport.records.supplier')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={32} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="start"
            label={t('energyReport.records.start')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="end"
            label={t('energyReport.records.end')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="tankNumber"
            label={t('energyReport.records.tank')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="sulphurPct"
            label={t('energyReport.records.sulphur')}
            rules={[numberRule(t, t('energyReport.records.sulphur'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="%" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="bdnNumber" label={t('energyReport.records.bdn')} style={{ flex: 1 }}>
            <Input maxLength={32} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

interface OilValues {
  equipment?: string;
  oilTypeBefore?: string;
  oilTypeAfter?: string;
  latitude?: number | null;
  longitude?: number | null;
  start?: Dayjs;
  end?: Dayjs;
  reason?: string;
  operator?: string;
}

/** Add or modify an oil change record. */
export function OilChangeModal({
  record,
  onClose,
}: {
  record: OilChangeRecord | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const [form] = Form.useForm<OilValues>();
  const show = useShowErrors(form);
  const failed = useFailedMessage();
  const save = useSaveOilChange();
  const open = record !== null;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record !== 'new') {
      form.setFieldsValue({
        ...record,
        start: toShipTime(record.startTime, offset),
        end: toShipTime(record.endTime, offset),
      });
    }
  }, [open, record, form, offset]);

  const onOk = () =>
    saveForm(form, {
      body: (v: OilValues) => ({
        equipment: v.equipment ?? '',
        oilTypeBefore: v.oilTypeBefore ?? '',
        oilTypeAfter: v.oilTypeAfter ?? '',
        latitude: v.latitude ?? null,
        longitude: v.longitude ?? null,
        startTime: fromShipTime(v.start, offset) ?? '',
        endTime: fromShipTime(v.end, offset) ?? '',
        reason: v.reason ?? '',
        operator: v.operator ?? '',
      }),
      contract: oilChangeRecordInputSchema,
      save: (body) => save.mutateAsync({ id: record === 'new' || record === null ? null : record.id, body }),
      show,
      saved: () => {
        void message.success(
          t(record === 'new' ? 'energyReport.records.added' : 'energyReport.records.modified'),
        );
        onClose();
      },
      failed,
    });

  return (
    <Modal
      open={open}
      title={t(record === 'new' ? 'energyReport.records.addOilChange' : 'energyReport.records.editOilChange')}
      okText={t('energyReport.records.save')}
      cancelText={t('energyReport.records.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form<OilValues>
        form={form}
        layout="vertical"
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
      >
        <Form.Item name="equipment" label={t('energyReport.records.equipment')} rules={textRules(t)}>
          <Input maxLength={32} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="oilTypeBefore"
            label={t('energyReport.records.oilBefore')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="oilTypeAfter"
            label={t('energyReport.records.oilAfter')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={64} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="latitude"
            label={t('energyReport.records.latitude')}
            rules={[numberRule(t, t('energyReport.records.latitude'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="°" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="longitude"
            label={t('energyReport.records.longitude')}
            rules={[numberRule(t, t('energyReport.records.longitude'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="°" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="start"
            label={t('energyReport.records.start')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="end"
            label={t('energyReport.records.end')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="reason"
            label={t('energyReport.records.reason')}
            rules={textRules(t)}
            style={{ flex: 2 }}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item
            name="operator"
            label={t('energyReport.records.operator')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={32} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
