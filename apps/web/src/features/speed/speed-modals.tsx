import {
  type ShipConditionInput,
  type SpeedAdjustmentInput,
  type SpeedResponse,
  shipConditionInputSchema,
  speedAdjustmentInputSchema,
} from '@ecohelm/contracts';
import { Alert, App, Checkbox, Descriptions, Form, Input, Modal, Radio, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { usePageConfig } from '../../lib/page-config';
import { type FormContract, saveForm } from '../../lib/save-form';
import { shipTimeAxisLabel, utcOffsetLabel } from '../../lib/ship-time';
import { useFormat } from '../../lib/use-format';
import { Chart, type ChartOption } from '../../ui/chart';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useAdjust, useSaveCondition, useSlip } from './api/speed-api';
import { useErrorText } from './speed-format';

type Data = SpeedResponse;

/**
 * A form dialog that checks its values with the contract before sending and shows the server's reasons at the
 * fields after; the entries stay when a save fails.
 */
function useContractForm<T extends object>(labels: Partial<Record<string, string>> = {}) {
  const { t } = useFormat();
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const errorText = useErrorText();
  const submit = (
    schema: FormContract<T>,
    save: (v: T) => Promise<unknown>,
    done: string,
    onClose: () => void,
  ) =>
    saveForm(form, {
      body: (values: T) => values,
      contract: schema,
      save,
      show: (issues, prefix) =>
        form.setFields(fieldErrors(issues, t, prefix, (name) => labels[String(name[0])]) as never),
      saved: () => {
        void message.success(done);
        onClose();
      },
      failed: (error) => void message.error(errorText(error)),
    });
  return { form, submit };
}

/** The mean of the fore and aft draughts now, m. */
const meanDraft = (data: Data): number | null => {
  const { draftForeM: f, draftAftM: a } = data.navigation;
  return f == null || a == null ? null : (f + a) / 2;
};

/** The "edit" modal: ship status, loading status and cargo loaded, as the crew sets them. */
export function ConditionModal({ open, data, onClose }: { open: boolean; data: Data; onClose: () => void }) {
  const { t, num } = useFormat();
  const save = useSaveCondition();
  const { form, submit } = useContractForm<ShipConditionInput>({ cargoT: t('speed.condition.cargo') });
  useEffect(() => {
    if (open) {
      form.resetFields();
      const c = data.condition;
      form.setFieldsValue({
        shipStatus: c.shipStatus,
        loadingStatus: c.loadingStatus,
        cargoT: c.cargoT,
        confirmed: false,
      });
    }
  }, [open]);
  const required = [{ required: true, message: t('speed.condition.required') }];
  return (
    <Modal
      open={open}
      title={t('speed.condition.title')}
      okText={t('speed.condition.save')}
      cancelText={t('speed.condition.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        submit(shipConditionInputSchema, (v) => save.mutateAsync(v), t('speed.condition.saved'), onClose)
      }
      forceRender
    >
      <Form form={form} layout="vertical" onValuesChange={(changed) => clearChangedErrors(form, changed)}>
        <Form.Item name="shipStatus" label={t('speed.condition.status')} rules={required}>
          <Select
            aria-label={t('speed.condition.status')}
            options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: `${v} ${t(`speed.shipStatus.${v}`)}` }))}
          />
        </Form.Item>
        <Form.Item name="loadingStatus" label={t('speed.condition.loading')} rules={required}>
          <Select
            aria-label={t('speed.condition.loading')}
            options={[1, 2, 3].map((v) => ({ value: v, label: `${v} ${t(`speed.loadingStatus.${v}`)}` }))}
          />
        </Form.Item>
        <Form.Item
          name="cargoT"
          label={t('speed.condition.cargo')}
          rules={[...required, numberRule(t, t('speed.condition.cargo'))]}
        >
          <NumberInput aria-label={t('speed.condition.cargo')} suffix="t" style={{ width: '100%' }} />
        </Form.Item>
        <p style={{ fontSize: 12, opacity: 0.75 }} data-testid="condition-sensors">
          {t('speed.condition.sensorsNow', {
            sog: num(data.navigation.sogKn, 1),
            draft: num(meanDraft(data), 2),
          })}
        </p>
        {/* A status the sensors contradict is refused at its field; the crew may confirm it (a sensor is wrong). */}
        <Form.Item name="confirmed" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>{t('speed.condition.confirm')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The "adjust" modal: the crew follows the advice or runs another rpm, with the reason. */
export function AdjustModal({ open, data, onClose }: { open: boolean; data: Data; onClose: () => void }) {
  const { t } = useFormat();
  const save = useAdjust();
  const { form, submit } = useContractForm<SpeedAdjustmentInput>({ rpm: t('speed.adjust.rpm') });
  const { minRpm, maxRpm } = data.model;
  const decision = Form.useWatch('decision', form);
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ decision: 'accept', rpm: data.advice?.rpm ?? 0, reason: '' });
    }
  }, [open]);
  return (
    <Modal
      open={open}
      title={t('speed.adjust.title')}
      okText={t('speed.adjust.save')}
      cancelText={t('speed.adjust.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        submit(
          speedAdjustmentInputSchema,
          (v) => save.mutateAsync(v.decision === 'accept' ? { ...v, rpm: data.advice?.rpm ?? v.rpm } : v),
          t('speed.adjust.saved'),
          onClose,
        )
      }
      forceRender
    >
      <Form form={form} layout="vertical" onValuesChange={(changed) => clearChangedErrors(form, changed)}>
        <Form.Item name="decision" label={t('speed.adjust.decision')}>
          <Radio.Group
            options={[
              { value: 'accept', label: `${t('speed.adjust.accept')} (${data.advice?.rpm ?? '—'} rpm)` },
              { value: 'override', label: t('speed.adjust.override') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="rpm"
          label={t('speed.adjust.rpm')}
          rules={[
            { required: true, message: t('speed.adjust.required') },
            numberRule(t, t('speed.adjust.rpm')),
            {
              type: 'number',
              min: minRpm,
              max: maxRpm,
              message: t('speed.adjust.range', { min: minRpm, max: maxRpm }),
            },
          ]}
        >
          <NumberInput
            aria-label={t('speed.adjust.rpm')}
            disabled={decision !== 'override'}
            suffix="rpm"
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('speed.adjust.reason')}>
          <Input.TextArea aria-label={t('speed.adjust.reason')} rows={2} maxLength={300} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The "indicator" modal: what the advice rests on. */
export function IndicatorModal({ open, data, onClose }: { open: boolean; data: Data; onClose: () => void }) {
  const { t, num } = useFormat();
  const m = data.model;
  const b = data.advice?.basis;
  return (
    <Modal open={open} title={t('speed.indicator.title')} onCancel={onClose} footer={null} width={620}>
      <Descriptions column={1} size="small" bordered data-testid="speed-indicator">
        <Descriptions.Item label={t('speed.indicator.remaining')}>
          {data.progress ? `${num(data.progress.distanceToGoNm, 0)} nm` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.hoursToRta')}>
          {b ? `${num(b.hoursToRta, 1)} h` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.stays')}>
          {b ? `${num(b.stayH, 1)} h` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.legs')}>
          {b?.legs ?? data.macro?.legs.length ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.forecast')}>
          {b ? t(`speed.forecastSource.${b.forecastSource}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.rough')}>{b?.roughLegs ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.floor')}>
          {data.macro ? `${num(data.macro.floorKn, 1)} kn` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.model')}>
          {m.basis === 'history'
            ? t('speed.indicator.fit', { hours: m.hours, r2: num(m.r2, 2), mape: num(m.mapePct, 1) })
            : t('speed.indicator.trial')}
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.powerFactor')}>
          {num(m.powerFactor * 100, 1)} %
        </Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.heavy')}>{num(m.heavyRunning, 3)}</Descriptions.Item>
        <Descriptions.Item label={t('speed.indicator.aux')}>
          {num(m.auxTPerDay, 1)} {t('common.tPerDay')}
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/** The "slip rate" modal: apparent slip now and its hourly trend, from the propeller pitch. */
export function SlipModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, num } = useFormat();
  const [days, setDays] = useState(30);
  const slip = useSlip(days, open);
  const shipOffset = usePageConfig().config.shipTimeOffsetMinutes;
  const errorText = useErrorText();
  const s = slip.data;
  const option: ChartOption | null = s
    ? {
        grid: { left: 40, right: 12, top: 16, bottom: 24 },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'time',
          name: utcOffsetLabel(shipOffset),
          axisLabel: { hideOverlap: true, formatter: (v: number) => shipTimeAxisLabel(v, shipOffset) },
        },
        yAxis: { type: 'value', name: '%', scale: true },
        series: [
          {
            type: 'line',
            showSymbol: false,
            name: t('speed.slip.trend'),
            data: s.points.map((p) => [p.t, p.slipPct]),
          },
        ],
      }
    : null;
  return (
    <Modal open={open} title={t('speed.slip.title')} onCancel={onClose} footer={null} width={760}>
      {slip.error ? <Alert type="error" showIcon message={errorText(slip.error)} /> : null}
      {s ? (
        <div data-testid="speed-slip">
          <Descriptions column={2} size="small">
            <Descriptions.Item label={t('speed.slip.now')}>
              <strong data-testid="slip-now">{s.now ? `${num(s.now.slipPct, 1)} %` : '—'}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('speed.slip.pitch')}>{num(s.pitchM, 2)} m</Descriptions.Item>
            <Descriptions.Item label={t('speed.slip.theoretical')}>
              {s.now ? `${num(s.now.theoreticalKn, 1)} kn (${num(s.now.rpm, 1)} rpm)` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('speed.slip.mean', { days })}>
              {s.meanPct == null ? '—' : `${num(s.meanPct, 1)} %`}
            </Descriptions.Item>
          </Descriptions>
          <Radio.Group
            size="small"
            value={days}
            onChange={(e) => setDays(e.target.value as number)}
            options={[7, 30, 90].map((d) => ({ value: d, label: `${d} d` }))}
            optionType="button"
          />
          <div style={{ height: 260, marginTop: 8 }}>
            {option ? <Chart option={option} label={t('speed.slip.trend')} /> : null}
          </div>
          <div style={{ fontSize: 12, opacity: 0.6 }}>{t('speed.slip.formula')}</div>
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
