import { type ShipInput, TEXT_LIMIT } from '@ecohelm/contracts';
import { Alert, App, Button, DatePicker, Form, Input, Select, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShip } from '../../lib/api/get-ship';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { draftKeys, localDraft } from '../../lib/local-draft';
import { failureText } from '../../lib/save-form';
import { AuditHistoryButton } from '../../ui/audit-history';
import { ErrorAlert } from '../../ui/error-alert';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useSaveShip } from './api/save-ship';
import {
  type FieldSpec,
  formToStored,
  fuelOptions,
  type ShipFormValues,
  shipTabs,
  shipToForm,
  validateShip,
} from './ship-form-model';

/** One field's control; `control` is what Form.Item injects (id, value, onChange) and must reach the input. */
function FieldInput({ spec, ...control }: { spec: FieldSpec } & Record<string, unknown>) {
  const { t } = useTranslation();
  switch (spec.kind) {
    case 'number':
      return <NumberInput {...control} min={0} style={{ width: '100%' }} />;
    case 'integer':
      return <NumberInput {...control} min={0} precision={0} style={{ width: '100%' }} />;
    case 'date':
      return <DatePicker {...control} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          {...control}
          options={(spec.options ?? []).map((o) => ({ value: o, label: t(`${spec.optionKey}.${o}`) }))}
        />
      );
    default:
      return <Input {...control} maxLength={TEXT_LIMIT} />;
  }
}

/** The ship's basic info in three tabs; validated with the contract schema on the client and again on the server. */
export function ShipForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ShipFormValues>();
  const ship = useShip();
  const save = useSaveShip();
  const [tab, setTab] = useState('basic');
  const [fuelError, setFuelError] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (!ship.isSuccess) return;
    const draft = localDraft.read<Partial<ShipInput>>(draftKeys.ship);
    form.setFieldsValue(shipToForm(draft ?? ship.data.ship));
    setRestored(Boolean(draft));
  }, [ship.isSuccess, ship.data, form]);

  const showErrors = (
    issues: { path: readonly PropertyKey[] | string; message: string }[],
    prefix: string[],
  ) => {
    const errors = fieldErrors(issues, t, prefix);
    form.setFields(errors.filter((e) => e.name.length > 0) as never);
    setFuelError(
      errors.filter((e) => e.name.length === 1 && e.name[0] === 'fuelTypes').flatMap((e) => e.errors),
    );
    const first = errors[0]?.name[0];
    const owner = shipTabs.find((tb) => tb.fields.some((f) => f.name === first));
    setTab(owner?.id ?? (first === 'fuelTypes' ? 'registration' : tab));
  };

  const onSave = async () => {
    // Letters in a number field are refused at the field (NumberInput), never saved as the old value.
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: PropertyKey[] }[] }).errorFields?.[0]?.name[0];
      const owner = shipTabs.find((tb) => tb.fields.some((f) => f.name === first));
      if (owner) setTab(owner.id);
      void message.error(t('ship.messages.essentialError'));
      return;
    }
    const values = form.getFieldsValue(true) as ShipFormValues;
    const parsed = validateShip(values);
    if (!parsed.success) {
      showErrors(parsed.error.issues, []);
      void message.error(t('ship.messages.essentialError'));
      return;
    }
    setFuelError([]);
    try {
      await save.mutateAsync(parsed.data);
      localDraft.clear(draftKeys.ship);
      setRestored(false);
      void message.success(t(ship.data?.ship ? 'ship.messages.modified' : 'ship.messages.added'));
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) {
        showErrors(error.details as { path: string; message: string }[], ['body']);
      }
      void message.error(failureText(error, t));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canWrite}
      onValuesChange={(changed) => {
        clearChangedErrors(form, changed);
        localDraft.write(draftKeys.ship, formToStored(form.getFieldsValue(true)));
      }}
      aria-label={t('ship.basic.title')}
    >
      {restored ? (
        <Alert type="info" showIcon title={t('ship.draftRestored')} style={{ marginBottom: 8 }} />
      ) : null}
      {ship.isError ? <ErrorAlert error={ship.error} style={{ marginBottom: 8 }} /> : null}
      {ship.data && !ship.data.complete ? (
        <Alert type="warning" showIcon title={t('ship.incomplete')} style={{ marginBottom: 8 }} />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={shipTabs.map((tb) => ({
          key: tb.id,
          label: t(`ship.tabs.${tb.id}`),
          forceRender: true,
          children: (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 }}>
              {tb.fields.map((f) => (
                <Form.Item
                  key={f.name}
                  name={f.name}
                  label={t(`ship.fields.${f.name}`)}
                  required={f.required ?? false}
                  rules={
                    f.kind === 'number' || f.kind === 'integer'
                      ? [numberRule(t, t(`ship.fields.${f.name}`))]
                      : []
                  }
                >
                  <FieldInput spec={f} />
                </Form.Item>
              ))}
              {tb.id === 'registration' ? <FuelTypesField errors={fuelError} /> : null}
            </div>
          ),
        }))}
      />
      <Space>
        <Button type="primary" onClick={onSave} loading={save.isPending}>
          {t('ship.actions.save')}
        </Button>
        <Button
          onClick={() => {
            localDraft.clear(draftKeys.ship);
            form.resetFields();
            form.setFieldsValue(shipToForm(ship.data?.ship));
            setRestored(false);
          }}
        >
          {t('ship.actions.reset')}
        </Button>
        {ship.data?.ship ? <AuditHistoryButton entity="ship" entityId="own" type="default" /> : null}
      </Space>
    </Form>
  );
}

/** Fuel types in use, each with its maximum capacity; at least one (SPEC §5). */
function FuelTypesField({ errors }: { errors: string[] }) {
  const { t } = useTranslation();
  return (
    <fieldset style={{ gridColumn: 'span 3', border: 0, padding: 0, margin: 0 }}>
      <legend style={{ color: 'inherit', fontSize: 14, marginBottom: 8 }}>
        <span style={{ color: '#ff4d4f' }}>* </span>
        {t('ship.fields.fuelTypes')}
      </legend>
      <Form.List name="fuelTypes">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'fuelType']}
                  label={t('ship.fields.fuelType')}
                  style={{ minWidth: 220 }}
                >
                  <Select options={fuelOptions.map((f) => ({ value: f, label: t(`ship.fuels.${f}`) }))} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'maxCapacityT']}
                  label={t('ship.fields.maxCapacityT')}
                  rules={[numberRule(t, t('ship.fields.maxCapacityT'))]}
                >
                  <NumberInput min={0} />
                </Form.Item>
                <Button onClick={() => remove(field.name)}>{t('ship.actions.remove')}</Button>
              </Space>
            ))}
            <Button onClick={() => add({})}>{t('ship.actions.addFuel')}</Button>
            {errors.length > 0 ? (
              <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
                {errors.join(' ')}
              </div>
            ) : null}
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
