import { type HullMaintenanceKind, hullCleaningRecordInputSchema } from '@ecohelm/contracts';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { usePageConfig } from '../../lib/page-config';
import { failureText, saveForm } from '../../lib/save-form';
import { fromShipTime, toShipTime } from '../../lib/ship-time';
import { useAddHullMaintenance } from './api/add-hull-maintenance';
import { useUpdateHullMaintenance } from './api/edit-hull-maintenance';

interface Values {
  kind: HullMaintenanceKind;
  place?: string;
  start?: Dayjs;
  end?: Dayjs;
  remark?: string;
}

const kinds: HullMaintenanceKind[] = ['hull_cleaning', 'propeller_polishing', 'dry_dock'];

/** A record being corrected: what the modal opens with. */
export interface MaintenanceRecord {
  id: number;
  kind: HullMaintenanceKind;
  place: string;
  startTime: string;
  endTime: string;
  remark: string;
}
/** The records contract's message for an end before the start (translated here). */
const END_BEFORE_START = 'The end time must not be before the start time';

/**
 * Add a hull maintenance record: kind, place, start and end (ship time) and what was done or found. Checked
 * with the contract before sending and by the server after; on a failure the entries stay and the reasons
 * show next to the fields.
 */
export function MaintenanceModal({
  open,
  onClose,
  editing = null,
}: {
  open: boolean;
  onClose: () => void;
  /** The record to correct; null adds a new one. */
  editing?: MaintenanceRecord | null;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const [form] = Form.useForm<Values>();
  const add = useAddHullMaintenance();
  const update = useUpdateHullMaintenance();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        kind: editing.kind,
        place: editing.place,
        start: toShipTime(editing.startTime, offset),
        end: toShipTime(editing.endTime, offset),
        remark: editing.remark,
      });
  }, [open, editing]);
  // Maintenance is recorded once done: a time after now (ship time) is refused at the field.
  const notFuture = {
    validator: (_: unknown, v: Dayjs | undefined) =>
      v && fromShipTime(v, offset)! > dayjs().toISOString()
        ? Promise.reject(new Error(t('fouling.modal.future')))
        : Promise.resolve(),
  };

  const show = (
    issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
    prefix: string[] = [],
  ) => {
    const rename: Record<string, string> = { startTime: 'start', endTime: 'end' };
    const errors = fieldErrors(issues, t, prefix).map((e) => ({
      name: e.name.map((n) => rename[String(n)] ?? n),
      errors: e.errors.map((m) => (m === END_BEFORE_START ? t('fouling.modal.endBeforeStart') : m)),
    }));
    form.setFields(errors.filter((e) => e.name.length > 0) as never);
  };

  const onOk = () =>
    saveForm(form, {
      body: (v: Values) => ({
        kind: v.kind,
        place: v.place ?? '',
        startTime: fromShipTime(v.start, offset) ?? '',
        endTime: fromShipTime(v.end, offset) ?? '',
        remark: v.remark ?? '',
      }),
      contract: hullCleaningRecordInputSchema,
      save: (body) => (editing ? update.mutateAsync({ id: editing.id, body }) : add.mutateAsync(body)),
      show,
      saved: () => {
        void message.success(t(editing ? 'fouling.modal.updated' : 'fouling.modal.added'));
        form.resetFields();
        onClose();
      },
      failed: (error) => void message.error(failureText(error, t)),
    });

  return (
    <Modal
      open={open}
      title={t(editing ? 'fouling.modal.editTitle' : 'fouling.modal.title')}
      okText={t('fouling.modal.save')}
      cancelText={t('fouling.modal.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      forceRender
    >
      <Form<Values>
        form={form}
        name={editing ? 'maintenance-edit' : 'maintenance-add'}
        layout="vertical"
        initialValues={{ kind: 'hull_cleaning' }}
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
      >
        <Form.Item name="kind" label={t('fouling.fields.kind')} required>
          <Select options={kinds.map((k) => ({ value: k, label: t(`fouling.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="place"
          label={t('fouling.fields.place')}
          rules={[{ required: true, whitespace: true, message: t('fouling.modal.placeRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          {(['start', 'end'] as const).map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`fouling.fields.${name}`)}
              rules={[{ required: true, message: t('fouling.modal.timeRequired') }, notFuture]}
              style={{ flex: 1 }}
            >
              <DatePicker
                showTime
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(toShipTime(Date.now(), offset), 'day')}
              />
            </Form.Item>
          ))}
        </div>
        <Form.Item
          name="remark"
          label={t('fouling.fields.remark')}
          rules={[{ required: true, whitespace: true, message: t('fouling.modal.remarkRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
