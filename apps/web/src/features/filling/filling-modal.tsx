import { type FillingIssue, type FillingKind, regimes } from '@ecohelm/contracts';
import { App, Checkbox, DatePicker, Form, Input, Modal, Segmented, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShip } from '../../lib/api/get-ship';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors, translateMessage } from '../../lib/contract-messages';
import { draftKeys, localDraft } from '../../lib/local-draft';
import { usePageConfig } from '../../lib/page-config';
import { failureText } from '../../lib/save-form';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useCheckFillingRecord } from './api/check-filling-record';
import { useSaveFillingRecord } from './api/save-filling-record';
import {
  type FillingFormValues,
  formToRecord,
  kindFields,
  kindsOf,
  type FillingModal as ModalId,
  recordToForm,
  tableOf,
  timeLabel,
  validateRecord,
} from './filling-form-model';
import { FuelEntryTable } from './fuel-entry-table';
import { recordRequiredText } from './record-required';
import { useFillShipFirst } from './use-fill-ship-first';

/** What the open modal edits; kept in local storage while open so a reload restores it. */
export interface OpenFilling {
  modal: ModalId;
  kind: FillingKind;
  id?: string | undefined;
  data: Record<string, unknown>;
}

export function issueText(issue: FillingIssue, t: TFunction): string {
  if (issue.code === 'required') return translateMessage(issue.message, t);
  const params = { ...issue.params } as Record<string, unknown>;
  if (typeof params.fuelType === 'string') params.fuel = t(`ship.fuels.${params.fuelType}`);
  if (typeof params.expected === 'string') params.expected = t(`filling.kinds.${params.expected}`);
  return t(`filling.issues.${issue.code}`, params) as string;
}

/** One of the six add/edit modals with its editable fuel table, the spec's prompts and the save flow. */
export function FillingModal({ open, onClose }: { open: OpenFilling | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const fillShipFirst = useFillShipFirst();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const ship = useShip();
  const [form] = Form.useForm<FillingFormValues>();
  const [kind, setKind] = useState<FillingKind>('departure');
  const [tableError, setTableError] = useState<string[]>([]);
  const check = useCheckFillingRecord();
  const save = useSaveFillingRecord();
  const busy = check.isPending || save.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setKind(open.kind);
    setTableError([]);
    const values = recordToForm(open.data, open.kind, offset);
    if (!Array.isArray(values[tableOf[open.kind].name]) && tableOf[open.kind].required) {
      values[tableOf[open.kind].name] = (ship.data?.ship?.fuelTypes ?? []).map((f) => ({
        fuelType: f.fuelType,
      }));
    }
    form.setFieldsValue(values);
  }, [open, form, offset, ship.data]);

  const remember = () => {
    if (!open) return;
    const values = form.getFieldsValue(true) as FillingFormValues;
    localDraft.write(draftKeys.filling, { ...open, kind, data: formToRecord({ ...values, kind }, offset) });
  };

  const close = () => {
    localDraft.clear(draftKeys.filling);
    onClose();
  };

  const showIssues = (
    issues: { path: readonly PropertyKey[] | string; message: string }[],
    prefix: string[] = [],
  ) => {
    const errors = fieldErrors(issues, t, prefix);
    form.setFields(errors.filter((e) => e.name.length > 0) as never);
    setTableError(
      errors.filter((e) => e.name.length === 1 && e.name[0] === tableOf[kind].name).flatMap((e) => e.errors),
    );
  };

  const persist = async (record: Record<string, unknown>, draft: boolean) => {
    try {
      await save.mutateAsync({ id: open?.id, draft, record: record as never });
      void message.success(t(open?.id ? 'filling.messages.modified' : 'filling.messages.added'));
      close();
    } catch (error) {
      handleError(error);
    }
  };

  const handleError = (error: unknown) => {
    if (
      error instanceof ApiError &&
      (error.details as { reason?: string } | undefined)?.reason === 'ship_incomplete'
    ) {
      fillShipFirst();
      return;
    }
    if (error instanceof ApiError && Array.isArray(error.details)) {
      showIssues(error.details as { path: string; message: string }[], ['body', 'record']);
    }
    void message.error(recordRequiredText(error, t, offset) ?? failureText(error, t));
  };

  const onSave = async () => {
    // Letters in a number field are refused at the field (NumberInput), never saved as the old value.
    try {
      await form.validateFields();
    } catch {
      void message.error(t('filling.messages.essentialError'));
      return;
    }
    const values = { ...(form.getFieldsValue(true) as FillingFormValues), kind };
    const parsed = validateRecord(values, offset);
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      void message.error(t('filling.messages.essentialError'));
      return;
    }
    setTableError([]);
    const record = parsed.data as unknown as Record<string, unknown>;
    try {
      const result = await check.mutateAsync({ id: open?.id, record: record as never });
      if (result.issues.length > 0) {
        form.setFields(
          result.issues.map((i) => ({
            name: i.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            errors: [issueText(i, t)],
          })) as never,
        );
        modal.confirm({
          title: t('filling.messages.abnormal'),
          content: (
            <ul>
              {result.issues.map((i) => (
                <li key={`${i.path}-${i.code}`}>{issueText(i, t)}</li>
              ))}
            </ul>
          ),
          okText: t('filling.actions.saveDraft'),
          cancelText: t('filling.actions.back'),
          onOk: () => persist(record, true),
        });
        return;
      }
    } catch (error) {
      handleError(error);
      return;
    }
    await persist(record, false);
  };

  if (!open) return null;
  const kinds = kindsOf(open.modal);
  const table = tableOf[kind];
  const fuels = (ship.data?.ship?.fuelTypes ?? []).map((f) => f.fuelType);
  return (
    <Modal
      open
      title={t(`filling.modals.${open.modal}`)}
      onCancel={close}
      onOk={onSave}
      okText={t('filling.actions.save')}
      cancelText={t('filling.actions.cancel')}
      confirmLoading={busy}
      width={900}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(changed) => {
          clearChangedErrors(form, changed);
          remember();
        }}
        aria-label={t(`filling.modals.${open.modal}`)}
      >
        {kinds.length > 1 ? (
          <Segmented
            value={kind}
            disabled={Boolean(open.id)}
            onChange={(v) => {
              setKind(v as FillingKind);
              setTimeout(remember);
            }}
            options={kinds.map((k) => ({ value: k, label: t(`filling.kinds.${k}`) }))}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 }}>
          <Form.Item name="voyageNumber" label={t('filling.fields.voyageNumber')} required>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="eventTime" label={t(`filling.fields.${timeLabel[kind]}`)} required>
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="regimes" label={t('filling.fields.regimes')} required>
            <Checkbox.Group options={regimes.map((r) => ({ value: r, label: t(`filling.regimes.${r}`) }))} />
          </Form.Item>
          {kindFields[kind].map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(`filling.fields.${f.label}`)}
              required={f.required ?? false}
              valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
              rules={f.kind === 'number' ? [numberRule(t, t(`filling.fields.${f.label}`))] : []}
            >
              {f.kind === 'switch' ? (
                <Switch />
              ) : f.kind === 'number' ? (
                <NumberInput style={{ width: '100%' }} />
              ) : (
                <Input maxLength={32} />
              )}
            </Form.Item>
          ))}
        </div>
        <FuelEntryTable
          name={table.name}
          label={table.label}
          required={table.required}
          fuels={fuels}
          error={tableError}
        />
        <Form.Item name="remark" label={t('filling.fields.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
