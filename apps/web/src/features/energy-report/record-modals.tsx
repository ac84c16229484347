import {
  type BunkerRecord,
  bunkerRecordInputSchema,
  fuelTypeIds,
  type OilChangeRecord,
  oilChangeRecordInputSchema,
} from '@ecohelm/contracts';
import { App, DatePicker, Form, type FormInstance, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../lib/contract-messages';
import { usePageConfig } from '../../lib/page-config';
import { type FieldIssue, type FormContract, failureText, saveForm } from '../../lib/save-form';
import { fromShipTime, toShipTime } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { FormModal } from '../../ui/form-modal';
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

const requiredRules = (t: (k: string) => string) => [
  { required: true, message: t('energyReport.records.required') },
];
const textRules = (t: (k: string) => string) => [
  { required: true, whitespace: true, message: t('energyReport.records.required') },
];

/** Fields side by side. */
const Row = ({ children }: { children: ReactNode }) => (
  <div style={{ display: 'flex', gap: 12 }}>{children}</div>
);

/** A required text field of a record, labelled `energyReport.records.<label>`. */
function TextItem({
  name,
  label,
  max,
  flex = 1,
}: {
  name: string;
  label: string;
  max: number;
  flex?: number;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(`energyReport.records.${label}`)} rules={textRules(t)} style={{ flex }}>
      <Input maxLength={max} />
    </Form.Item>
  );
}

/** A number field of a record that refuses what is not a number (and an empty one when `required`). */
function NumberItem({
  name,
  label,
  suffix,
  required = false,
}: {
  name: string;
  label: string;
  suffix: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const text = t(`energyReport.records.${label}`);
  return (
    <Form.Item
      name={name}
      label={text}
      rules={[...(required ? requiredRules(t) : []), numberRule(t, text)]}
      style={{ flex: 1 }}
    >
      <NumberInput suffix={suffix} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** The start and end of a record, ship time. */
function TimeItems() {
  const { t } = useTranslation();
  return (
    <Row>
      {(['start', 'end'] as const).map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`energyReport.records.${name}`)}
          rules={requiredRules(t)}
          style={{ flex: 1 }}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      ))}
    </Row>
  );
}

interface Times {
  start?: Dayjs;
  end?: Dayjs;
}

/**
 * Adds or modifies one record (`record` `'new'`, a record, or `null` when closed): its start and end in ship time, the
 * contract's check before sending, the reasons at the fields; entries stay when the server refuses them.
 */
function RecordModal<R extends { id: number; startTime: string; endTime: string }, V extends Times, B>({
  record,
  onClose,
  titles,
  values,
  body,
  contract,
  save,
  children,
}: {
  record: R | 'new' | null;
  onClose: () => void;
  /** Title keys to add and to modify. */
  titles: [string, string];
  /** The form's values of a record besides its times. */
  values: (record: R) => Partial<V>;
  /** What is sent besides the times. */
  body: (values: V) => object;
  contract: FormContract<B>;
  save: { mutateAsync: (a: { id: number | null; body: B }) => Promise<unknown>; isPending: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const [form] = Form.useForm<V>();
  const show = useShowErrors(form);
  const open = record !== null;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record !== 'new') {
      form.setFieldsValue({
        ...values(record),
        start: toShipTime(record.startTime, offset),
        end: toShipTime(record.endTime, offset),
      } as never);
    }
  }, [open, record, form, offset, values]);

  const onOk = () =>
    saveForm(form, {
      body: (v: V) => ({
        ...body(v),
        startTime: fromShipTime(v.start, offset) ?? '',
        endTime: fromShipTime(v.end, offset) ?? '',
      }),
      contract,
      save: (b) => save.mutateAsync({ id: record === 'new' || record === null ? null : record.id, body: b }),
      show,
      saved: () => {
        void message.success(
          t(record === 'new' ? 'energyReport.records.added' : 'energyReport.records.modified'),
        );
        onClose();
      },
      failed: (error) => void message.error(failureText(error, t)),
    });

  return (
    <FormModal<V>
      form={form}
      open={open}
      title={t(record === 'new' ? titles[0] : titles[1])}
      okText={t('energyReport.records.save')}
      cancelText={t('energyReport.records.cancel')}
      saving={save.isPending}
      onOk={onOk}
      onClose={onClose}
    >
      {children}
    </FormModal>
  );
}

interface BunkerValues extends Times {
  port?: string;
  fuelType?: string;
  quantityT?: number;
  supplier?: string;
  tankNumber?: string;
  sulphurPct?: number | null;
  bdnNumber?: string;
}

const bunkerValues = (r: BunkerRecord): Partial<BunkerValues> => ({ ...r, bdnNumber: r.bdnNumber ?? '' });
const bunkerBody = (v: BunkerValues) => ({
  port: v.port ?? '',
  fuelType: v.fuelType,
  quantityT: v.quantityT,
  supplier: v.supplier ?? '',
  tankNumber: v.tankNumber ?? '',
  sulphurPct: v.sulphurPct ?? null,
  bdnNumber: v.bdnNumber?.trim() ? v.bdnNumber : null,
});

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
  return (
    <RecordModal<BunkerRecord, BunkerValues, (typeof bunkerRecordInputSchema)['_output']>
      record={record}
      onClose={onClose}
      titles={['energyReport.records.addBunker', 'energyReport.records.editBunker']}
      values={bunkerValues}
      body={bunkerBody}
      contract={bunkerRecordInputSchema}
      save={useSaveBunker()}
    >
      <Row>
        <TextItem name="port" label="port" max={32} />
        <Form.Item
          name="fuelType"
          label={t('energyReport.records.fuelType')}
          rules={requiredRules(t)}
          style={{ flex: 1 }}
        >
          <Select options={fuelTypeIds.map((id) => ({ value: id, label: fuel(id) }))} />
        </Form.Item>
      </Row>
      <Row>
        <NumberItem name="quantityT" label="quantity" suffix="t" required />
        <TextItem name="supplier" label="supplier" max={32} />
      </Row>
      <TimeItems />
      <Row>
        <TextItem name="tankNumber" label="tank" max={32} />
        <NumberItem name="sulphurPct" label="sulphur" suffix="%" />
        <Form.Item name="bdnNumber" label={t('energyReport.records.bdn')} style={{ flex: 1 }}>
          <Input maxLength={32} />
        </Form.Item>
      </Row>
    </RecordModal>
  );
}

interface OilValues extends Times {
  equipment?: string;
  oilTypeBefore?: string;
  oilTypeAfter?: string;
  latitude?: number | null;
  longitude?: number | null;
  reason?: string;
  operator?: string;
}

const oilValues = (r: OilChangeRecord): Partial<OilValues> => r;
const oilBody = (v: OilValues) => ({
  equipment: v.equipment ?? '',
  oilTypeBefore: v.oilTypeBefore ?? '',
  oilTypeAfter: v.oilTypeAfter ?? '',
  latitude: v.latitude ?? null,
  longitude: v.longitude ?? null,
  reason: v.reason ?? '',
  operator: v.operator ?? '',
});

/** Add or modify an oil change record. */
export function OilChangeModal({
  record,
  onClose,
}: {
  record: OilChangeRecord | 'new' | null;
  onClose: () => void;
}) {
  return (
    <RecordModal<OilChangeRecord, OilValues, (typeof oilChangeRecordInputSchema)['_output']>
      record={record}
      onClose={onClose}
      titles={['energyReport.records.addOilChange', 'energyReport.records.editOilChange']}
      values={oilValues}
      body={oilBody}
      contract={oilChangeRecordInputSchema}
      save={useSaveOilChange()}
    >
      <TextItem name="equipment" label="equipment" max={32} />
      <Row>
        <TextItem name="oilTypeBefore" label="oilBefore" max={64} />
        <TextItem name="oilTypeAfter" label="oilAfter" max={64} />
      </Row>
      <Row>
        <NumberItem name="latitude" label="latitude" suffix="°" />
        <NumberItem name="longitude" label="longitude" suffix="°" />
      </Row>
      <TimeItems />
      <Row>
        <TextItem name="reason" label="reason" max={500} flex={2} />
        <TextItem name="operator" label="operator" max={32} />
      </Row>
    </RecordModal>
  );
}
