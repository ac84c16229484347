import { type HullMaintenanceKind, hullCleaningRecordInputSchema } from '@ecohelm/contracts';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { usePageConfig } from '../../lib/page-config';
import { saveForm } from '../../lib/save-form';
import { fromShipTime } from '../../lib/ship-time';
import { useAddHullMaintenance } from './api/add-hull-maintenance';

interface Values {
  kind: HullMaintenanceKind;
  place?: string;
  start?: Dayjs;
  end?: Dayjs;
  remark?: string;
}

const kinds: HullMaintenanceKind[] = ['hull_cleaning', 'propeller_polishing', 'dry_dock'];
/** The records contract's message for an end before the start (translated here). */
const END_BEFORE_START = 'The end time must not be before the start time';

/**
 * Add a hull maintenance record: kind, place, start and end (ship time) and what was done or found. Checked
 * with the contract before sending and by the server after; on a failure the entries stay and the reasons
 * show next to the fields.
 */
export function MaintenanceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const [form] = Form.useForm<Values>();
  const add = useAddHullMaintenance();

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
      save: (body) => add.mutateAsync(body),
      show,
      saved: () => {
        void message.success(t('fouling.modal.added'));
        form.resetFields();
        onClose();
      },
      failed: (error) =>
        void message.error(error instanceof ApiError ? t(error.messageKey) : t('errors.unknown')),
    });

  return (
    <Modal
      open={open}
      title={t('fouling.modal.title')}
      okText={t('fouling.modal.save')}
      cancelText={t('fouling.modal.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={add.isPending}
      forceRender
    >
      <Form<Values>
        form={form}
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
          <Form.Item
            name="start"
            label={t('fouling.fields.start')}
            rules={[{ required: true, message: t('fouling.modal.timeRequired') }]}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="end"
            label={t('fouling.fields.end')}
            rules={[{ required: true, message: t('fouling.modal.timeRequired') }]}
            style={{ flex: 1 }}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
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
