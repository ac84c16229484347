import { type VoyagePlan, type VoyagePlanInput, voyagePlanInputSchema } from '@ecohelm/contracts';
import { Alert, App, Button, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { saveForm } from '../../lib/save-form';
import { fromShipTime, toShipTime } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useSavePlan } from './api/speed-api';
import { useErrorText } from './speed-format';

/** The form's values: the plan with its times as pickers (UTC wall time, as ECDIS keeps them). */
type Values = Omit<VoyagePlanInput, 'etd' | 'rtd' | 'eta' | 'rta'> & {
  etd?: Dayjs;
  rtd?: Dayjs;
  eta?: Dayjs;
  rta?: Dayjs;
};

/** A field's label by its name path, for the contract's own bounds: a waypoint's coordinates with their number. */
function labelOfWith(t: (k: string) => string) {
  return (name: readonly (string | number)[]): string | undefined => {
    const [list, i, field] = name;
    if (list === 'waypoints' && typeof i === 'number' && (field === 'lat' || field === 'lon'))
      return `${t(`speed.plan.${field}`)} ${i + 1}`;
    return undefined;
  };
}

const utcPicker = (iso: string | null | undefined) => toShipTime(iso ?? undefined, 0);

/**
 * The voyage plan's edit modal: the voyage, ports and times, the waypoints (with the legs' speed limits) and the
 * special points (with their planned stops). Checked with the contract before sending and by the server after
 * (an ETA or RTA in the past); on a failure the entries stay and the reasons show at the fields.
 */
export function PlanModal({
  open,
  plan,
  onClose,
}: {
  open: boolean;
  plan: VoyagePlan | null;
  onClose: () => void;
}) {
  const { t } = useFormat();
  const { message } = App.useApp();
  const save = useSavePlan();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const [listError, setListError] = useState<string | null>(null);
  const labelOf = labelOfWith(t);

  // The form mounts when the dialog opens (a plan has hundreds of waypoint fields: not drawn with the page).
  const initialValues: Partial<Values> = plan
    ? {
        voyageNo: plan.voyageNo,
        departurePort: plan.departurePort,
        destination: plan.destination,
        etd: utcPicker(plan.etd),
        rtd: utcPicker(plan.rtd),
        eta: utcPicker(plan.eta),
        rta: utcPicker(plan.rta),
        waypoints: plan.waypoints,
        specialPoints: plan.specialPoints,
      }
    : { waypoints: [], specialPoints: [] };
  useEffect(() => {
    if (!open) return;
    setListError(null);
    // The form's store outlives the dialog and would merge what was typed and cancelled over the plan: start anew.
    form.resetFields();
  }, [open]);

  const show = (
    issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
    prefix: string[] = [],
  ) => {
    const all = fieldErrors(issues, t, prefix, labelOf);
    const whole = all.filter((e) => e.name.length === 1 && e.name[0] === 'waypoints');
    setListError(whole.length > 0 ? whole.flatMap((e) => e.errors).join(' ') : null);
    form.setFields(all.filter((e) => !(e.name.length === 1 && e.name[0] === 'waypoints')) as never);
  };

  const onOk = () => {
    setListError(null);
    return saveForm(form, {
      body: (v: Values) => ({
        voyageNo: v.voyageNo,
        departurePort: v.departurePort,
        destination: v.destination,
        etd: fromShipTime(v.etd, 0),
        rtd: fromShipTime(v.rtd, 0) ?? null,
        eta: fromShipTime(v.eta, 0),
        rta: fromShipTime(v.rta, 0),
        waypoints: (v.waypoints ?? []).map((w) => ({
          name: w.name ?? '',
          lat: w.lat,
          lon: w.lon,
          speedMinKn: w.speedMinKn ?? null,
          speedMaxKn: w.speedMaxKn ?? null,
        })),
        specialPoints: (v.specialPoints ?? []).map((sp) => ({
          ...sp,
          remark: sp.remark ?? '',
          stayH: sp.stayH ?? null,
        })),
      }),
      contract: voyagePlanInputSchema,
      save: (body) => save.mutateAsync(body),
      show,
      saved: () => {
        void message.success(t('speed.plan.saved'));
        onClose();
      },
      failed: (error) => void message.error(errorText(error)),
    });
  };

  const required = [{ required: true, message: t('speed.plan.required') }];
  /** A waypoint's coordinate: a number within its range, refused at the field otherwise. */
  const coordinate = (what: 'lat' | 'lon', i: number) => {
    const label = `${t(`speed.plan.${what}`)} ${i + 1}`;
    const limit = what === 'lat' ? 90 : 180;
    return [
      ...required,
      numberRule(t, label),
      {
        type: 'number' as const,
        min: -limit,
        max: limit,
        message: t('common.number.between', { field: label, min: -limit, max: limit }),
      },
    ];
  };
  const time = (name: 'etd' | 'rtd' | 'eta' | 'rta', need = true) => (
    <Form.Item
      name={name}
      label={`${t(`speed.plan.${name}`)} (UTC)`}
      rules={need ? required : []}
      style={{ flex: 1 }}
    >
      <DatePicker
        showTime
        format="YYYY-MM-DD HH:mm"
        style={{ width: '100%' }}
        aria-label={t(`speed.plan.${name}`)}
      />
    </Form.Item>
  );
  const cell = { marginBottom: 4 };
  return (
    <Modal
      open={open}
      title={t('speed.plan.title')}
      okText={t('speed.plan.save')}
      cancelText={t('speed.plan.cancel')}
      confirmLoading={save.isPending}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={onOk}
      width={900}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
      >
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="voyageNo" label={t('speed.plan.voyageNo')} rules={required} style={{ flex: 1 }}>
            <Input aria-label={t('speed.plan.voyageNo')} maxLength={20} />
          </Form.Item>
          <Form.Item
            name="departurePort"
            label={t('speed.plan.departure')}
            rules={required}
            style={{ flex: 2 }}
          >
            <Input aria-label={t('speed.plan.departure')} maxLength={80} />
          </Form.Item>
          <Form.Item
            name="destination"
            label={t('speed.plan.destination')}
            rules={required}
            style={{ flex: 2 }}
          >
            <Input aria-label={t('speed.plan.destination')} maxLength={80} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          {time('etd')}
          {time('rtd', false)}
          {time('eta')}
          {time('rta')}
        </div>
        <p style={{ fontSize: 12, opacity: 0.7, marginTop: -4 }}>{t('speed.plan.timesNote')}</p>
        <h4 style={{ margin: '4px 0' }}>{t('speed.plan.waypoints')}</h4>
        {listError ? <Alert type="error" showIcon message={listError} style={{ marginBottom: 8 }} /> : null}
        <div style={{ maxHeight: 240, overflowY: 'auto' }} data-testid="plan-waypoint-list">
          {/* Column headers: the placeholders vanish once a field holds a value. */}
          <div
            data-testid="plan-waypoint-header"
            style={{
              display: 'flex',
              gap: 6,
              fontSize: 12,
              opacity: 0.75,
              position: 'sticky',
              top: 0,
              zIndex: 1,
              background: 'var(--ant-color-bg-elevated, #1f2a3c)',
            }}
          >
            <span style={{ width: 24 }}>#</span>
            <span style={{ flex: 2 }}>{t('speed.plan.name')}</span>
            <span style={{ flex: 1 }}>{t('speed.plan.lat')}</span>
            <span style={{ flex: 1 }}>{t('speed.plan.lon')}</span>
            <span style={{ width: 90 }}>{t('speed.plan.speedMin')}</span>
            <span style={{ width: 90 }}>{t('speed.plan.speedMax')}</span>
            <span style={{ width: 24 }} />
          </div>
          <Form.List name="waypoints">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <div key={f.key} style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
                    <span style={{ width: 24, paddingTop: 5, opacity: 0.6 }}>{i + 1}</span>
                    <Form.Item name={[f.name, 'name']} style={{ ...cell, flex: 2 }}>
                      <Input
                        placeholder={t('speed.plan.name')}
                        aria-label={`${t('speed.plan.name')} ${i + 1}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'lat']}
                      rules={coordinate('lat', i)}
                      style={{ ...cell, flex: 1 }}
                    >
                      <NumberInput
                        placeholder={t('speed.plan.lat')}
                        aria-label={`${t('speed.plan.lat')} ${i + 1}`}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'lon']}
                      rules={coordinate('lon', i)}
                      style={{ ...cell, flex: 1 }}
                    >
                      <NumberInput
                        placeholder={t('speed.plan.lon')}
                        aria-label={`${t('speed.plan.lon')} ${i + 1}`}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'speedMinKn']}
                      rules={[numberRule(t, `${t('speed.plan.speedMin')} ${i + 1}`)]}
                      style={{ ...cell, width: 90 }}
                    >
                      <NumberInput
                        placeholder={t('speed.plan.speedMin')}
                        aria-label={`${t('speed.plan.speedMin')} ${i + 1}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'speedMaxKn']}
                      rules={[numberRule(t, `${t('speed.plan.speedMax')} ${i + 1}`)]}
                      style={{ ...cell, width: 90 }}
                    >
                      <NumberInput
                        placeholder={t('speed.plan.speedMax')}
                        aria-label={`${t('speed.plan.speedMax')} ${i + 1}`}
                      />
                    </Form.Item>
                    <Button
                      size="small"
                      onClick={() => remove(f.name)}
                      aria-label={`${t('speed.plan.remove')} ${i + 1}`}
                    >
                      ×
                    </Button>
                  </div>
                ))}
                <Button size="small" onClick={() => add({ name: '', speedMinKn: null, speedMaxKn: null })}>
                  {t('speed.plan.addWaypoint')}
                </Button>
              </>
            )}
          </Form.List>
        </div>
        <h4 style={{ margin: '12px 0 4px' }}>{t('speed.plan.specialPoints')}</h4>
        <Form.List name="specialPoints">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <div key={f.key} style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
                  <Form.Item name={[f.name, 'name']} rules={required} style={{ ...cell, flex: 2 }}>
                    <Input
                      placeholder={t('speed.plan.name')}
                      aria-label={`${t('speed.plan.specialPoints')} ${t('speed.plan.name')} ${i + 1}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'lat']}
                    rules={[...required, numberRule(t, t('speed.plan.lat'))]}
                    style={{ ...cell, flex: 1 }}
                  >
                    <NumberInput placeholder={t('speed.plan.lat')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'lon']}
                    rules={[...required, numberRule(t, t('speed.plan.lon'))]}
                    style={{ ...cell, flex: 1 }}
                  >
                    <NumberInput placeholder={t('speed.plan.lon')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'stayH']}
                    rules={[numberRule(t, t('speed.plan.stayH'))]}
                    style={{ ...cell, width: 100 }}
                  >
                    <NumberInput placeholder={t('speed.plan.stayH')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'remark']} style={{ ...cell, flex: 2 }}>
                    <Input placeholder={t('speed.plan.remark')} />
                  </Form.Item>
                  <Button size="small" onClick={() => remove(f.name)}>
                    ×
                  </Button>
                </div>
              ))}
              <Button size="small" onClick={() => add({ name: '', remark: '', stayH: null })}>
                {t('speed.plan.addSpecial')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
