import type {
  ComplianceRequest,
  ComplianceResponse,
  ComplianceShip,
  ComplianceWhatIf,
} from '@ecohelm/contracts';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  InputNumber,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../lib/use-format';
import { PageFrame } from '../../ui/page-frame';
import { useCompliancePlan, useExportAllocation } from './api/compliance';
import './compliance-strings';
import { HistoryDialog, WhatIfDialog } from './compliance-dialogs';
import { FIRST_YEAR, complianceErrorText as fleetErrorText, shipName, thisYear } from './compliance-format';

type Fix = 'in' | 'out';
type Rule = 'proportional' | 'equal_price';

/**
 * The shore's fleet compliance (issue #29): each ship's FuelEU balance and EU ETS allowances of a year, the pool,
 * borrowing and banking the optimiser chooses and why, the bill at the price entered, the user's pool choices and
 * what-ifs, and the allocation as an XLSX.
 */
export function CompliancePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const year = Math.max(FIRST_YEAR, Number(params.get('year')) || thisYear());
  const [price, setPrice] = useState<number>(Number(params.get('price')) || 0);
  const [rule, setRule] = useState<Rule>('proportional');
  const [fixes, setFixes] = useState<Record<string, Fix>>({});
  const [whatIf, setWhatIf] = useState<Record<string, ComplianceWhatIf>>({});
  const [editing, setEditing] = useState<ComplianceShip | null>(null);
  const [recording, setRecording] = useState<ComplianceShip | null>(null);
  const lang = i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
  const request: ComplianceRequest = {
    year,
    pricePerAllowanceEur: price,
    fixes: Object.entries(fixes).map(([shipId, fix]) => ({ shipId, fix })),
    whatIf: Object.values(whatIf),
    allocationRule: rule,
    lang,
  };
  const plan = useCompliancePlan(request);
  const exporter = useExportAllocation();
  const years = Array.from({ length: Math.max(1, thisYear() - FIRST_YEAR + 1) }, (_, i) => thisYear() - i);
  const body = (render: (p: ComplianceResponse) => ReactNode) => {
    if (plan.error) return <Alert type="error" showIcon message={fleetErrorText(plan.error, t)} />;
    if (!plan.data) return <Spin />;
    if (plan.data.ships.length === 0) return <Empty description={t('compliance.empty')} />;
    return render(plan.data);
  };
  const download = () =>
    exporter.mutate(request, {
      onSuccess: (file) => void message.success(t('compliance.downloaded', { file })),
      onError: (error) => void message.error(fleetErrorText(error, t)),
    });
  return (
    <>
      <PageFrame
        title={t('compliance.title')}
        columns={3}
        rowCount={3}
        minRowHeight={250}
        actions={
          <>
            <Link to="/fleet">{t('compliance.back')}</Link>
            <span>{t('compliance.year')}</span>
            <Select
              aria-label={t('compliance.year')}
              value={year}
              style={{ width: 100 }}
              options={years.map((y) => ({ value: y, label: String(y) }))}
              onChange={(y) => setParams({ year: String(y) })}
            />
            <span>{t('compliance.price')}</span>
            <InputNumber
              aria-label={t('compliance.price')}
              min={0}
              max={10_000}
              step={1}
              value={price}
              addonAfter={t('compliance.priceUnit')}
              style={{ width: 200 }}
              onChange={(v) => setPrice(typeof v === 'number' && Number.isFinite(v) ? v : 0)}
            />
            <span>{t('compliance.rule')}</span>
            <Tooltip title={t(`compliance.ruleHelp.${rule}`)}>
              <Select
                aria-label={t('compliance.rule')}
                value={rule}
                style={{ width: 240 }}
                options={(['proportional', 'equal_price'] as const).map((r) => ({
                  value: r,
                  label: t(`compliance.rules.${r}`),
                }))}
                onChange={setRule}
              />
            </Tooltip>
            <Button type="primary" loading={exporter.isPending} disabled={!plan.data} onClick={download}>
              {t('compliance.export')}
            </Button>
          </>
        }
        panels={[
          {
            id: 'complianceBill',
            title: t('compliance.panels.bill'),
            children: body((p) => <Bill plan={p} />),
          },
          {
            id: 'compliancePool',
            title: t('compliance.panels.pool'),
            span: 2,
            children: body((p) => <Pool plan={p} />),
          },
          {
            id: 'complianceShips',
            title: t('compliance.panels.ships'),
            span: 3,
            rows: 2,
            children: body((p) => (
              <ShipsTable
                plan={p}
                fixes={fixes}
                onFix={(shipId, fix) =>
                  setFixes((f) => {
                    const next = { ...f };
                    if (fix) next[shipId] = fix;
                    else delete next[shipId];
                    return next;
                  })
                }
                onWhatIf={setEditing}
                onHistory={setRecording}
              />
            )),
          },
        ]}
      />
      {editing ? (
        <WhatIfDialog
          ship={editing}
          value={whatIf[editing.shipId]}
          onClose={() => setEditing(null)}
          onApply={(w) => {
            setWhatIf((all) => {
              const next = { ...all };
              if (w) next[editing.shipId] = w;
              else delete next[editing.shipId];
              return next;
            });
            setEditing(null);
          }}
        />
      ) : null}
      {recording ? <HistoryDialog ship={recording} year={year} onClose={() => setRecording(null)} /> : null}
    </>
  );
}

function Bill({ plan }: { plan: ComplianceResponse }) {
  const { t, num } = useFormat();
  const x = plan.totals;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {plan.yearElapsed < 1 ? (
        <Alert
          type="info"
          showIcon
          message={t('compliance.bill.provisional', { percent: num(plan.yearElapsed * 100, 0) })}
        />
      ) : null}
      {!plan.feasible ? <Alert type="warning" showIcon message={t('compliance.bill.infeasible')} /> : null}
      {plan.gapEur > 0 ? (
        <Alert type="warning" showIcon message={t('compliance.bill.gap', { eur: num(plan.gapEur, 2) })} />
      ) : null}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('compliance.bill.penaltyThisYear', { year: plan.year })}>
          <span data-figure="penalty">{num(x.penaltyEur, 2)}</span>{' '}
          <Typography.Text type="secondary">
            ({t('compliance.bill.alone')} {num(x.penaltyAloneEur, 2)})
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('compliance.bill.penaltyNextYear', { year: plan.year + 1 })}>
          <span data-figure="nextPenalty">{num(x.nextPenaltyEur, 2)}</span>{' '}
          <Typography.Text type="secondary">
            ({t('compliance.bill.alone')} {num(x.nextPenaltyAloneEur, 2)})
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('compliance.bill.saved')}>
          <span data-figure="saved">{num(x.savedEur, 2)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('compliance.bill.allowances')}>
          <span data-figure="allowances">{num(x.allowances, 2)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('compliance.bill.etsCost')}>
          <span data-figure="etsCost">{num(x.etsCostEur, 2)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('compliance.bill.total', { year: plan.year })}>
          <strong data-figure="bill">{num(x.billEur, 2)}</strong>
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

function Pool({ plan }: { plan: ComplianceResponse }) {
  const { t, num } = useFormat();
  const { i18n } = useTranslation();
  if (!plan.pool) return <Empty description={t('compliance.pool.none')} />;
  const byId = new Map(plan.ships.map((s) => [s.shipId, s]));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('compliance.pool.total')}>{num(plan.pool.totalT, 2)} t</Descriptions.Item>
        <Descriptions.Item label={t('compliance.pool.covered')}>
          {num(plan.pool.coveredT, 2)} t
        </Descriptions.Item>
        <Descriptions.Item label={t('compliance.pool.benefit')}>
          {num(plan.pool.benefitEur, 2)}
        </Descriptions.Item>
        <Descriptions.Item label={t('compliance.pool.pricePerT')}>
          <span data-figure="pricePerT">{num(plan.pool.pricePerTEur, 2)}</span>
        </Descriptions.Item>
      </Descriptions>
      <ul style={{ margin: 0, paddingLeft: 20 }} aria-label={t('compliance.pool.members')}>
        {plan.pool.members.map((id) => {
          const s = byId.get(id);
          if (!s?.plan) return null;
          return (
            <li key={id}>
              <strong>{shipName(s, i18n.language)}</strong>: {num(s.plan.transferT, 2)} t —{' '}
              {t(`compliance.reasons.${s.plan.poolReason}`)}
            </li>
          );
        })}
      </ul>
    </Space>
  );
}

function ShipsTable({
  plan,
  fixes,
  onFix,
  onWhatIf,
  onHistory,
}: {
  plan: ComplianceResponse;
  fixes: Record<string, Fix>;
  onFix: (shipId: string, fix: Fix | null) => void;
  onWhatIf: (ship: ComplianceShip) => void;
  onHistory: (ship: ComplianceShip) => void;
}) {
  const { t, num } = useFormat();
  const { i18n } = useTranslation();
  /** A figure of a ship, right-aligned to two decimals. */
  const figure = (
    key: string,
    width: number,
    value: (s: ComplianceShip) => number | null | undefined,
  ): TableColumnType<ComplianceShip> => ({
    title: t(`compliance.columns.${key}`),
    width,
    align: 'right',
    render: (_, s) => num(value(s), 2),
  });
  return (
    <Table<ComplianceShip>
      size="small"
      rowKey="shipId"
      pagination={false}
      scroll={{ x: 2000 }}
      dataSource={plan.ships}
      columns={[
        {
          title: t('compliance.columns.ship'),
          fixed: 'left',
          width: 150,
          render: (_, s) => (
            <span>
              {shipName(s, i18n.language)}
              <br />
              <Typography.Text type="secondary">{s.imoNumber}</Typography.Text>
            </span>
          ),
        },
        {
          title: t('compliance.columns.figures'),
          width: 130,
          render: (_, s) =>
            s.issue ? (
              <Tag color="default">{t(`compliance.issues.${s.issue}`)}</Tag>
            ) : (
              <span>
                <Tag color={s.status === 'verified' ? 'green' : 'gold'}>
                  {t(`compliance.status.${s.status}`)}
                </Tag>
                {s.unsubmittedRecords > 0 ? (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('compliance.status.unsubmitted', { n: s.unsubmittedRecords })}
                  </Typography.Text>
                ) : null}
                {s.whatIfApplied ? <Tag color="purple">{t('compliance.whatIf.applied')}</Tag> : null}
              </span>
            ),
        },
        figure('intensity', 110, (s) => s.ghgIntensity),
        figure('limit', 80, (s) => s.limitGCo2ePerMj),
        figure('balance', 110, (s) => s.balanceT),
        figure('carriedIn', 100, (s) => s.carriedInT),
        {
          title: t('compliance.columns.history'),
          width: 100,
          render: (_, s) => (
            <Button size="small" onClick={() => onHistory(s)}>
              {t('compliance.history.edit')}
            </Button>
          ),
        },
        {
          title: t('compliance.columns.pool'),
          width: 260,
          render: (_, s) =>
            s.plan ? (
              <span>
                <Tag color={s.plan.inPool ? 'blue' : 'default'}>
                  {s.plan.inPool ? t('compliance.inPool') : t('compliance.outOfPool')}
                </Tag>
                {t(`compliance.reasons.${s.plan.poolReason}`)}
                {s.plan.borrowReason !== 'none_needed' ? (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t(`compliance.borrowReasons.${s.plan.borrowReason}`)}
                  </Typography.Text>
                ) : null}
              </span>
            ) : (
              '—'
            ),
        },
        figure('transfer', 110, (s) => s.plan?.transferT),
        figure('borrow', 100, (s) => s.plan?.borrowT),
        figure('bank', 100, (s) => s.plan?.bankT),
        figure('penaltyAlone', 120, (s) => s.plan?.penaltyAloneEur),
        figure('penalty', 110, (s) => s.plan?.penaltyEur),
        figure('nextPenalty', 110, (s) => s.plan?.nextPenaltyEur),
        figure('allowances', 100, (s) => s.ets?.allowances),
        figure('etsCost', 120, (s) => s.ets?.costEur),
        figure('settlement', 130, (s) => s.plan?.settlementEur),
        {
          title: t('compliance.columns.fix'),
          fixed: 'right',
          width: 190,
          render: (_, s) =>
            s.plan || fixes[s.shipId] ? (
              <Segmented<string>
                size="small"
                aria-label={`${t('compliance.columns.fix')} ${shipName(s, i18n.language)}`}
                value={fixes[s.shipId] ?? 'auto'}
                options={(['auto', 'in', 'out'] as const).map((v) => ({
                  value: v,
                  label: t(`compliance.fix.${v}`),
                }))}
                onChange={(v) => onFix(s.shipId, v === 'auto' ? null : (v as Fix))}
              />
            ) : null,
        },
        {
          title: t('compliance.columns.whatIf'),
          fixed: 'right',
          width: 110,
          render: (_, s) =>
            s.plan || s.whatIfApplied ? (
              <Button size="small" onClick={() => onWhatIf(s)}>
                {t('compliance.whatIf.edit')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
