import {
  type AssessmentItem,
  type EquipmentEntry,
  type EquipmentParameters,
  type EquipmentUnit,
  equipmentParametersSchema,
} from '@ecohelm/contracts';
import { Alert, App, Button, Form, Input, Modal, Segmented, Select, Spin, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../../i18n';
import equipmentEn from '../../i18n/locales/en_US/equipment.json';
import loadEn from '../../i18n/locales/en_US/load.json';
import equipmentZh from '../../i18n/locales/zh_CN/equipment.json';
import loadZh from '../../i18n/locales/zh_CN/load.json';
import { ApiError } from '../../lib/api-client';
import { clearChangedErrors, fieldErrors } from '../../lib/contract-messages';
import { usePageConfig } from '../../lib/page-config';
import { failureText } from '../../lib/save-form';
import { formatShipTime } from '../../lib/ship-time';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { useSearchChoice } from '../../lib/use-search-choice';
import { Chart, type ChartOption } from '../../ui/chart';
import { CsvButton } from '../../ui/csv-button';
import { NumberInput, numberRule } from '../../ui/number-input';
import { PageFrame } from '../../ui/page-frame';
import { useAssessment, useEquipment, useSaveEquipment } from './api/equipment';
import { BoilerDetail, HullDetail, hasDetail } from './assessment-details';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('equipment', { en_US: equipmentEn, zh_CN: equipmentZh });
addAreaStrings('load', { en_US: loadEn, zh_CN: loadZh });

const RATING_COLOURS = { excellent: 'green', good: 'blue', normal: 'gold', serious: 'red' } as const;

/** Equipment assessment: each unit rated against its baseline with the detail, and the equipment parameters. */
export function EquipmentPage() {
  const { t } = useTranslation();
  const [days, setDays] = useSearchChoice<number>('days', [7, 30, 90], 30);
  const assessment = useAssessment(days);
  const [detail, setDetail] = useState<AssessmentItem | null>(null);
  const title = (id: string) => t(`equipment.panels.${id}`);
  return (
    <>
      <PageFrame
        title={t('equipment.device.title')}
        columns={2}
        rowCount={1}
        panels={[
          {
            id: 'energyAssessment',
            title: title('energyAssessment'),
            extra: (
              <span style={{ display: 'flex', gap: 6 }}>
                <CsvButton
                  fileName={`assessment-${days}d`}
                  disabled={!assessment.data}
                  rows={() => [
                    [
                      'unit',
                      'rating',
                      'deviation_pct',
                      'previous_rating',
                      'previous_deviation_pct',
                      'hours',
                      'reason',
                    ],
                    ...(assessment.data?.items ?? []).map((i) => [
                      i.unit,
                      i.rating,
                      i.deviationPct,
                      i.previousRating,
                      i.previousDeviationPct,
                      i.points,
                      i.reason,
                    ]),
                  ]}
                />
                <Segmented<number>
                  size="small"
                  value={days}
                  onChange={setDays}
                  options={[7, 30, 90].map((d) => ({
                    value: d,
                    label: t('equipment.consumption.lastDays', { n: d }),
                  }))}
                />
              </span>
            ),
            children: assessment.error ? (
              <Alert
                type="error"
                showIcon
                message={t(
                  assessment.error instanceof ApiError ? assessment.error.messageKey : 'errors.unknown',
                )}
              />
            ) : assessment.data ? (
              <Assessment items={assessment.data.items} limits={assessment.data.limits} onOpen={setDetail} />
            ) : (
              <Spin />
            ),
          },
          { id: 'equipmentParameters', title: title('equipmentParameters'), children: <Parameters /> },
        ]}
      />
      <DetailModal item={detail} onClose={() => setDetail(null)} />
    </>
  );
}

function Assessment({
  items,
  limits,
  onOpen,
}: {
  items: AssessmentItem[];
  limits: [number, number, number];
  onOpen: (i: AssessmentItem) => void;
}) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const signed = (v: number | null) =>
    v === null ? '—' : `${Math.round(v * 10) === 0 ? '' : v > 0 ? '+' : '−'}${num(Math.abs(v), 1)} %`;
  return (
    <div>
      <Table<AssessmentItem>
        size="small"
        rowKey="unit"
        className="assessment"
        pagination={false}
        dataSource={items}
        onRow={(i) => (hasDetail(i) ? { onClick: () => onOpen(i), style: { cursor: 'pointer' } } : {})}
        columns={[
          {
            title: t('equipment.assessment.unit'),
            dataIndex: 'unit',
            render: (u: string) => t(`equipment.assessment.units.${u}`),
          },
          {
            title: t('equipment.assessment.rating'),
            key: 'rating',
            render: (_, i) =>
              i.rating ? (
                <Tag color={RATING_COLOURS[i.rating]}>{t(`equipment.assessment.ratings.${i.rating}`)}</Tag>
              ) : i.boilerDetail && !i.boilerDetail.oilFired ? (
                <Tag>{t('equipment.assessment.reasons.no_fuel')}</Tag>
              ) : (
                <Tag>{t(`equipment.assessment.reasons.${i.reason ?? 'no_data'}`)}</Tag>
              ),
          },
          {
            title: t('equipment.assessment.deviation'),
            dataIndex: 'deviationPct',
            align: 'right',
            render: (v: number | null, i) =>
              i.unit === 'hull' ? (v === null ? '—' : `${num(v, 1)} %`) : signed(v),
          },
          {
            title: t('equipment.assessment.previous'),
            key: 'previous',
            align: 'right',
            render: (_, i) =>
              i.previousRating
                ? `${t(`equipment.assessment.ratings.${i.previousRating}`)} (${signed(i.previousDeviationPct)})`
                : '—',
          },
          {
            title: t('equipment.assessment.hours'),
            dataIndex: 'points',
            align: 'right',
            // The hull is rated on the last 30 days (ISO 19030) whatever the period chosen: say so beside its hours.
            render: (v: number, i) =>
              i.unit === 'hull' ? t('equipment.assessment.hull30d', { hours: v }) : v,
          },
        ]}
      />
      <p style={{ fontSize: 12, opacity: 0.7, marginTop: 8 }}>
        {t('equipment.assessment.note', { a: limits[0], b: limits[1], c: limits[2] })}
      </p>
    </div>
  );
}

function DetailModal({ item, onClose }: { item: AssessmentItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const d = item?.detail;
  const option: ChartOption | null = d
    ? {
        grid: { left: 50, right: 16, top: 36, bottom: 40 },
        legend: { top: 0, textStyle: { color: '#c9d6ea' } },
        tooltip: { trigger: 'item', valueFormatter: (v) => num(Number(v), 1) },
        xAxis: {
          type: 'value',
          name: t('load.loadAxis'),
          nameLocation: 'middle',
          nameGap: 24,
          min: 0,
          max: 110,
        },
        yAxis: { type: 'value', name: 'g/kWh', scale: true, splitLine: { lineStyle: { opacity: 0.15 } } },
        series: [
          {
            name: t('equipment.assessment.reference'),
            type: 'line',
            smooth: true,
            showSymbol: false,
            data: d.reference.map((p) => [p.loadPct, p.sfocGPerKwh]),
          },
          {
            name: t('equipment.assessment.measured'),
            type: 'scatter',
            symbolSize: 6,
            itemStyle: { color: '#f2994a' },
            data: d.measured.map((p) => [p.loadPct, p.sfocGPerKwh]),
          },
        ],
      }
    : null;
  return (
    <Modal
      open={item !== null}
      title={
        item
          ? t('equipment.assessment.detailTitle', { unit: t(`equipment.assessment.units.${item.unit}`) })
          : ''
      }
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {item && !option && item.unit === 'hull' && item.hullDetail ? <HullDetail item={item} /> : null}
      {item && !option && item.boilerDetail ? <BoilerDetail item={item} /> : null}
      {item && option ? (
        <div data-testid="assessment-detail">
          <p>
            {t('equipment.assessment.detailText', {
              hours: item.points,
              dev:
                item.deviationPct === null
                  ? '—'
                  : `${Math.round(item.deviationPct * 10) === 0 ? '' : item.deviationPct > 0 ? '+' : '−'}${num(Math.abs(item.deviationPct), 1)}`,
              rating: item.rating ? t(`equipment.assessment.ratings.${item.rating}`) : '—',
            })}
          </p>
          <div style={{ height: 320 }}>
            <Chart option={option} label={t('equipment.assessment.curveLabel')} height="100%" />
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

type Values = Record<string, unknown> & { sfocPoints?: { loadPct: number; sfocGPerKwh: number }[] };

function Parameters() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = usePageConfig();
  const equipment = useEquipment();
  const save = useSaveEquipment();
  const canWrite = useCanWrite('settings:write');
  const [unit, setUnit] = useState<EquipmentUnit>('me');
  const [form] = Form.useForm<Values>();
  const entry: EquipmentEntry | undefined = equipment.data?.items.find((i) => i.unit === unit);
  useEffect(() => {
    if (entry) {
      form.resetFields();
      form.setFieldsValue(entry.parameters as Values);
    }
  }, [entry, form]);
  if (equipment.error) {
    return (
      <Alert
        type="error"
        showIcon
        message={t(equipment.error instanceof ApiError ? equipment.error.messageKey : 'errors.unknown')}
      />
    );
  }
  if (!entry) return <Spin />;
  const kind = entry.parameters.kind;
  const onSave = async () => {
    // Letters in a number field are refused at the field (NumberInput), never saved as the old value.
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = { ...(form.getFieldsValue(true) as Values), kind } as unknown as EquipmentParameters;
    const parsed = equipmentParametersSchema.safeParse(body);
    const show = (
      issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
      prefix: string[] = [],
    ) => form.setFields(fieldErrors(issues, t, prefix).filter((e) => e.name.length > 0) as never);
    if (!parsed.success) {
      show(parsed.error.issues);
      return;
    }
    try {
      await save.mutateAsync({ unit, body: parsed.data });
      void message.success(t('equipment.records.modified'));
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) show(error.details as never, ['body']);
      void message.error(failureText(error, t));
    }
  };
  const n = (name: string, label: string, suffix: string) => (
    <Form.Item name={name} label={label} rules={[numberRule(t, label)]} style={{ flex: 1 }}>
      <NumberInput suffix={suffix} style={{ width: '100%' }} disabled={!canWrite} />
    </Form.Item>
  );
  return (
    <div style={{ height: '100%', overflow: 'auto' }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <Select
          size="small"
          aria-label={t('equipment.assessment.unit')}
          value={unit}
          onChange={setUnit}
          style={{ width: 160 }}
          options={(['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2'] as const).map((u) => ({
            value: u,
            label: t(`equipment.assessment.units.${u}`),
          }))}
        />
        <span style={{ fontSize: 12, opacity: 0.7 }} data-testid="equipment-updated">
          {entry.updatedAt
            ? t('equipment.updated', {
                by: entry.updatedBy ?? '—',
                at: formatShipTime(entry.updatedAt, config.shipTimeOffsetMinutes),
              })
            : t('equipment.reference')}
        </span>
      </div>
      <Form<Values>
        form={form}
        layout="vertical"
        size="small"
        onValuesChange={(c) => clearChangedErrors(form, c)}
      >
        <Form.Item name="model" label={t('equipment.model')}>
          <Input maxLength={64} disabled={!canWrite} />
        </Form.Item>
        {kind === 'main_engine' ? (
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {n('mcrKw', t('equipment.mcr'), 'kW')}
            {n('mcrRpm', t('equipment.mcrRpm'), 'rpm')}
            {n('propellerPitchM', t('equipment.pitch'), 'm')}
            {n('propellerDiameterM', t('equipment.diameter'), 'm')}
          </div>
        ) : null}
        {kind === 'generator' ? (
          <div style={{ display: 'flex', gap: 8 }}>{n('ratedKw', t('equipment.rated'), 'kW')}</div>
        ) : null}
        {kind === 'boiler' ? (
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
            {n('capacityKgPerH', t('equipment.capacity'), 'kg/h')}
            {n('efficiencyPct', t('equipment.efficiency'), '%')}
            <Form.Item
              name="oilFired"
              label={t('equipment.oilFired')}
              valuePropName="checked"
              style={{ flex: 1 }}
            >
              <Switch disabled={!canWrite} />
            </Form.Item>
          </div>
        ) : null}
        {kind !== 'boiler' ? (
          <Form.List name="sfocPoints">
            {(fields) => (
              <table style={{ width: '100%' }} data-testid="sfoc-points">
                <thead>
                  <tr>
                    <th style={{ textAlign: 'left' }}>{t('equipment.load')}</th>
                    <th style={{ textAlign: 'left' }}>{t('equipment.sfoc')}</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((f) => (
                    <tr key={f.key}>
                      <td>
                        <Form.Item
                          name={[f.name, 'loadPct']}
                          rules={[numberRule(t, `${t('equipment.load')} ${f.name + 1}`)]}
                          style={{ marginBottom: 4 }}
                        >
                          <NumberInput
                            aria-label={`${t('equipment.load')} ${f.name + 1}`}
                            suffix="%"
                            disabled={!canWrite}
                            style={{ width: 120 }}
                          />
                        </Form.Item>
                      </td>
                      <td>
                        <Form.Item
                          name={[f.name, 'sfocGPerKwh']}
                          rules={[numberRule(t, `${t('equipment.sfoc')} ${f.name + 1}`)]}
                          style={{ marginBottom: 4 }}
                        >
                          <NumberInput
                            aria-label={`${t('equipment.sfoc')} ${f.name + 1}`}
                            suffix="g/kWh"
                            disabled={!canWrite}
                            style={{ width: 150 }}
                          />
                        </Form.Item>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Form.List>
        ) : null}
        <Button
          type="primary"
          size="small"
          disabled={!canWrite}
          loading={save.isPending}
          onClick={() => void onSave()}
        >
          {t('equipment.records.save')}
        </Button>
      </Form>
    </div>
  );
}
