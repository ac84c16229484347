import { type EcaResponse, ecaSettingsSchema, ecaZoneInputSchema, TEXT_LIMIT } from '@ecohelm/contracts';
import { Alert, App, Checkbox, DatePicker, Form, type FormInstance, Input, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../lib/contract-messages';
import { failureText, saveForm } from '../../lib/save-form';
import { fromDate } from '../../lib/ship-time';
import { FormModal } from '../../ui/form-modal';
import { NumberInput, numberRule } from '../../ui/number-input';
import { useAddEcaZone, useSaveEcaSettings } from './api/eca';

type Issue = { path: readonly PropertyKey[] | string; message: string };

/** Puts contract or server reasons at the fields; returns those without a field of the form. */
function useFieldErrors<V>(form: FormInstance<V>, fields: readonly string[]) {
  const { t } = useTranslation();
  return (issues: readonly Issue[], prefix: string[] = []) => {
    const all = fieldErrors(issues, t, prefix);
    const at = all.filter((e) => fields.includes(String(e.name[0])));
    form.setFields(at.map((e) => ({ name: e.name.slice(0, 1), errors: e.errors })) as never);
    return all.filter((e) => !fields.includes(String(e.name[0]))).flatMap((e) => e.errors);
  };
}

interface ZoneValues {
  name?: string;
  sulphurLimitPercent?: number;
  from?: Dayjs;
  until?: Dayjs | null;
  latitude?: number;
  longitude?: number;
  radiusNm?: number;
  positions?: string;
}

/** Parses "lat, lon" per line; the line numbers of lines that are not two numbers. */
export function parsePositions(text: string): {
  positions: { latitude: number; longitude: number }[];
  bad: number[];
} {
  const positions: { latitude: number; longitude: number }[] = [];
  const bad: number[] = [];
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .forEach((line, i) => {
      if (!line) return;
      const parts = line
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map(Number);
      if (parts.length !== 2 || parts.some((p) => !Number.isFinite(p))) bad.push(i + 1);
      else positions.push({ latitude: parts[0]!, longitude: parts[1]! });
    });
  return { positions, bad };
}

/** Add a control area by a position and radius, or by a range of positions (one "latitude, longitude" a line). */
export function ZoneModal({ kind, onClose }: { kind: 'position' | 'range' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ZoneValues>();
  const [other, setOther] = useState<string[]>([]);
  const add = useAddEcaZone();
  const show = useFieldErrors(form, [
    'name',
    'sulphurLimitPercent',
    'from',
    'until',
    'latitude',
    'longitude',
    'radiusNm',
    'positions',
  ]);
  useEffect(() => {
    if (kind) {
      form.resetFields();
      setOther([]);
    }
  }, [kind, form]);

  const onOk = () =>
    saveForm(form, {
      body: (v: ZoneValues) => {
        const common = {
          name: v.name ?? '',
          sulphurLimitPercent: v.sulphurLimitPercent,
          from: fromDate(v.from) ?? '',
          until: fromDate(v.until ?? null),
        };
        if (kind !== 'range')
          return { kind, ...common, latitude: v.latitude, longitude: v.longitude, radiusNm: v.radiusNm };
        const { positions, bad } = parsePositions(v.positions ?? '');
        if (bad.length === 0) return { kind, ...common, positions };
        form.setFields([
          { name: 'positions', errors: [t('eca.ecaZones.badLines', { lines: bad.join(', ') })] },
        ]);
        return undefined;
      },
      contract: ecaZoneInputSchema,
      save: (body) => add.mutateAsync(body),
      // Reasons without a field of their own (the range's closure, crossing) are listed above the form.
      show: (issues, prefix) => setOther(show(issues, prefix)),
      saved: () => {
        void message.success(t('eca.records.added'));
        onClose();
      },
      failed: (error) => void message.error(failureText(error, t)),
    });

  const required = [{ required: true, message: t('eca.records.required') }];
  return (
    <FormModal<ZoneValues>
      form={form}
      open={kind !== null}
      title={t(kind === 'range' ? 'eca.addRange' : 'eca.addPosition')}
      okText={t('eca.records.save')}
      cancelText={t('eca.records.cancel')}
      saving={add.isPending}
      onOk={onOk}
      onClose={onClose}
    >
      {other.length > 0 ? (
        <Alert type="error" showIcon message={other.join(' ')} style={{ marginBottom: 12 }} />
      ) : null}
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item name="name" label={t('eca.ecaZones.name')} rules={required} style={{ flex: 2 }}>
          <Input maxLength={TEXT_LIMIT} />
        </Form.Item>
        <Form.Item
          name="sulphurLimitPercent"
          label={t('eca.ecaZones.limit')}
          rules={[...required, numberRule(t, t('eca.ecaZones.limit'))]}
          style={{ flex: 1 }}
        >
          <NumberInput suffix="%" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item name="from" label={t('eca.ecaZones.from')} rules={required} style={{ flex: 1 }}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="until" label={t('eca.ecaZones.until')} style={{ flex: 1 }}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </div>
      {kind === 'range' ? (
        <Form.Item
          name="positions"
          label={t('eca.ecaZones.positions')}
          extra={t('eca.ecaZones.positionsHelp')}
          rules={required}
        >
          <Input.TextArea rows={6} placeholder={'36.05, 120.30\n36.05, 120.60\n35.85, 120.60'} />
        </Form.Item>
      ) : (
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="latitude"
            label={t('eca.records.latitude')}
            rules={[...required, numberRule(t, t('eca.records.latitude'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="°" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="longitude"
            label={t('eca.records.longitude')}
            rules={[...required, numberRule(t, t('eca.records.longitude'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="°" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="radiusNm"
            label={t('eca.ecaZones.radius')}
            rules={[...required, numberRule(t, t('eca.ecaZones.radius'))]}
            style={{ flex: 1 }}
          >
            <NumberInput suffix="nm" style={{ width: '100%' }} />
          </Form.Item>
        </div>
      )}
    </FormModal>
  );
}

/** The watch: warning and tip distances (alarm setting) or the zones watched (settings). */
export function WatchModal({
  mode,
  data,
  onClose,
}: {
  mode: 'alarm' | 'zones' | null;
  data: EcaResponse | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{
    warningDistanceNm?: number;
    tipDistanceNm?: number;
    all?: boolean;
    watched?: string[];
  }>();
  const save = useSaveEcaSettings();
  const show = useFieldErrors(form, ['warningDistanceNm', 'tipDistanceNm', 'watchedZoneIds']);
  const all = Form.useWatch('all', form);
  useEffect(() => {
    if (mode && data) {
      const s = data.settings;
      form.resetFields();
      form.setFieldsValue({
        warningDistanceNm: s.warningDistanceNm,
        tipDistanceNm: s.tipDistanceNm,
        all: s.watchedZoneIds === null,
        watched: s.watchedZoneIds ?? data.zones.map((z) => z.id),
      });
    }
  }, [mode, data, form]);
  if (!data) return null;

  const onOk = () =>
    saveForm(form, {
      body: (v: {
        warningDistanceNm?: number;
        tipDistanceNm?: number;
        all?: boolean;
        watched?: string[];
      }) => ({
        warningDistanceNm: v.warningDistanceNm,
        tipDistanceNm: v.tipDistanceNm,
        watchedZoneIds: v.all ? null : (v.watched ?? []),
      }),
      contract: ecaSettingsSchema,
      save: (body) => save.mutateAsync(body),
      show,
      saved: () => {
        void message.success(t('eca.records.modified'));
        onClose();
      },
      failed: (error) => void message.error(failureText(error, t)),
    });

  return (
    <FormModal
      form={form}
      open={mode !== null}
      title={t(mode === 'alarm' ? 'eca.alarmSetting' : 'eca.ecaZones.watchTitle')}
      okText={t('eca.records.save')}
      cancelText={t('eca.records.cancel')}
      saving={save.isPending}
      onOk={onOk}
      onClose={onClose}
    >
      <div style={{ display: mode === 'alarm' ? 'flex' : 'none', gap: 12 }}>
        <Form.Item
          name="warningDistanceNm"
          label={t('eca.ecaZones.warningDistance')}
          rules={[numberRule(t, t('eca.ecaZones.warningDistance'))]}
          style={{ flex: 1 }}
        >
          <NumberInput suffix="nm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="tipDistanceNm"
          label={t('eca.ecaZones.tipDistance')}
          rules={[numberRule(t, t('eca.ecaZones.tipDistance'))]}
          style={{ flex: 1 }}
        >
          <NumberInput suffix="nm" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div style={{ display: mode === 'zones' ? 'block' : 'none' }}>
        <Form.Item name="all" label={t('eca.ecaZones.watchAll')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="watched">
          <Checkbox.Group
            disabled={all}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            options={data.zones.map((z) => ({ value: z.id, label: z.name }))}
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
