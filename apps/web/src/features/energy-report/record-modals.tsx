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
      errors: e.errors.map((m) => (m === END_BEFORE_START ? t('analysis.records.endBeforeStart') : m)),
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

const timeRules = (t: (k: string) => string) => [{ required: true, message: t('analysis.records.required') }];
const textRules = (t: (k: string) => string) => [
  { required: true, whitespace: true, message: t('analysis.records.required') },
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
        void message.success(t(record === 'new' ? 'analysis.records.added' : 'analysis.records.modified'));
        onClose();
      },
      failed,
    });

  return (
    <Modal
      open={open}
      title={t(record === 'new' ? 'analysis.records.addBunker' : 'analysis.records.editBunker')}
      okText={t('analysis.records.save')}
      cancelText={t('analysis.records.cancel')}
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
          <Form.Item name="port" label={t('analysis.records.port')} rules={textRules(t)} style={{ flex: 1 }}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="fuelType"
            label={t('analysis.records.fuelType')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <Select options={fuelTypeIds.map((id) => ({ value: id, label: fuel(id) }))} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="quantityT"
            label={t('analysis.records.quantity')}
            rules={[...timeRules(t), numberRule(t, t('analysis.records.quantity'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="t" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="supplier"
            label={t('analysis.records.supplier')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={32} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="start"
            label={t('analysis.records.start')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="end" label={t('analysis.records.end')} rules={timeRules(t)} style={{ flex: 1 }}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="tankNumber"
            label={t('analysis.records.tank')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="sulphurPct"
            label={t('analysis.records.sulphur')}
            rules={[numberRule(t, t('analysis.records.sulphur'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="%" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="bdnNumber" label={t('analysis.records.bdn')} style={{ flex: 1 }}>
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
        void message.success(t(record === 'new' ? 'analysis.records.added' : 'analysis.records.modified'));
        onClose();
      },
      failed,
    });

  return (
    <Modal
      open={open}
      title={t(record === 'new' ? 'analysis.records.addOilChange' : 'analysis.records.editOilChange')}
      okText={t('analysis.records.save')}
      cancelText={t('analysis.records.cancel')}
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
        <Form.Item name="equipment" label={t('analysis.records.equipment')} rules={textRules(t)}>
          <Input maxLength={32} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="oilTypeBefore"
            label={t('analysis.records.oilBefore')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="oilTypeAfter"
            label={t('analysis.records.oilAfter')}
            rules={textRules(t)}
            style={{ flex: 1 }}
          >
            <Input maxLength={64} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="latitude"
            label={t('analysis.records.latitude')}
            rules={[numberRule(t, t('analysis.records.latitude'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="°" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="longitude"
            label={t('analysis.records.longitude')}
            rules={[numberRule(t, t('analysis.records.longitude'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="°" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="start"
            label={t('analysis.records.start')}
            rules={timeRules(t)}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="end" label={t('analysis.records.end')} rules={timeRules(t)} style={{ flex: 1 }}>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="reason"
            label={t('analysis.records.reason')}
            rules={textRules(t)}
            style={{ flex: 2 }}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item
            name="operator"
            label={t('analysis.records.operator')}
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
