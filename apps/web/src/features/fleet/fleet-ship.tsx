import { type Alarm, type FleetRecord, type FleetShipDetail, reviewInputSchema } from '@ecohelm/contracts';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Space, Spin, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelLabel } from '../../lib/channel-label';
import { translateIssue } from '../../lib/contract-messages';
import { openShipConsole } from '../../lib/ship-scope';
import { useCanWrite } from '../../lib/use-can-write';
import { useFormat } from '../../lib/use-format';
import { PageFrame } from '../../ui/page-frame';
import { ScrollTable } from '../../ui/scroll-table';
import { useDecideRecord, useFleetShip } from './api/fleet';
import { agoText, fleetErrorText, shipName } from './fleet-format';
import { Projection, RatingTag } from './fleet-table';

/** One ship as the shore holds it: its figures, its filling records with the shore's decisions, its alarms. */
export function FleetShipView({
  shipId,
  year,
  onBack,
}: {
  shipId: string;
  year: number;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ship = useFleetShip(shipId, year);
  const [returning, setReturning] = useState<FleetRecord | null>(null);
  const body = (render: (d: FleetShipDetail) => ReactNode) => {
    if (ship.error) return <Alert type="error" showIcon message={fleetErrorText(ship.error, t)} />;
    return ship.data ? render(ship.data) : <Spin />;
  };
  return (
    <>
      <PageFrame
        title={ship.data ? `${shipName(ship.data.row, i18n.language)} · ${ship.data.row.imoNumber}` : shipId}
        actions={
          <>
            <Button
              type="primary"
              disabled={!ship.data}
              onClick={() =>
                ship.data && openShipConsole({ shipId, name: shipName(ship.data.row, i18n.language) })
              }
            >
              {t('fleet.console.open')}
            </Button>
            <Button onClick={onBack}>{t('fleet.back')}</Button>
          </>
        }
        panels={[
          {
            id: 'fleetShipFigures',
            title: t('fleet.panels.cii', { year }),
            rows: 2,
            children: body((d) => <Figures detail={d} />),
          },
          {
            id: 'fleetRecords',
            title: t('fleet.panels.records'),
            span: 2,
            children: body((d) => <Records detail={d} onReturn={setReturning} />),
          },
          {
            id: 'fleetAlarms',
            title: t('fleet.panels.alarms'),
            span: 2,
            children: body((d) => <Alarms alarms={d.alarms} />),
          },
        ]}
      />
      <ReturnModal shipId={shipId} record={returning} onClose={() => setReturning(null)} />
    </>
  );
}

function Figures({ detail }: { detail: FleetShipDetail }) {
  const { t } = useTranslation();
  const { num } = useFormat();
  const { row, cii } = detail;
  const item = (key: string, children: ReactNode) => ({ key, label: t(`fleet.figures.${key}`), children });
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="fleet-ship-figures"
      items={[
        item(
          'attained',
          row.issue && !row.cii ? (
            <Tag color="red">{t(`fleet.issues.${row.issue}`)}</Tag>
          ) : (
            num(row.cii?.attainedCii, 2)
          ),
        ),
        item('required', num(row.cii?.requiredCii, 2)),
        item('rating', <RatingTag rating={row.cii?.rating ?? null} />),
        item('projection', <Projection cii={row.cii} />),
        item('source', row.cii ? t(`fleet.source.${row.cii.source}`) : '—'),
        item('co2', num(cii?.summary.co2T, 1)),
        item('distance', num(cii?.summary.distanceNm, 0)),
        item('eua', num(row.etsAllowances, 0)),
        item('fuelEu', num(row.fuelEu?.complianceBalanceTCo2e, 1)),
        item('penalty', num(row.fuelEu?.penaltyEur, 0)),
        item(
          'lastContact',
          <span>
            {agoText(row.hoursSinceContact, t)}
            {row.stale ? (
              <Tag color="orange" style={{ marginLeft: 6 }}>
                {t('fleet.stale')}
              </Tag>
            ) : null}
          </span>,
        ),
        item(
          'position',
          row.position ? `${num(row.position.lat, 3)}, ${num(row.position.lon, 3)}` : t('fleet.noPosition'),
        ),
      ]}
    />
  );
}

function ReviewTag({ record }: { record: FleetRecord }) {
  const { t } = useTranslation();
  const r = record.review;
  if (!r) return <Tag>{t('fleet.review.none')}</Tag>;
  return (
    <Space size={2}>
      <Tag color={r.decision === 'verified' ? 'green' : 'orange'} title={r.comment || undefined}>
        {t(`fleet.review.${r.decision}`)}
      </Tag>
      {r.stale ? <Tag color="red">{t('fleet.review.stale')}</Tag> : null}
    </Space>
  );
}

function Records({ detail, onReturn }: { detail: FleetShipDetail; onReturn: (r: FleetRecord) => void }) {
  const { t } = useTranslation();
  const { utc } = useFormat();
  const { message } = App.useApp();
  const canDecide = useCanWrite('records:write');
  const decide = useDecideRecord();
  const verify = (r: FleetRecord) =>
    decide.mutate(
      { shipId: detail.row.shipId, recordId: r.id, decision: 'verified', comment: '' },
      {
        onSuccess: () => void message.success(t('fleet.review.done')),
        onError: (error) => void message.error(fleetErrorText(error, t)),
      },
    );
  return (
    <Table<FleetRecord>
      size="small"
      rowKey="id"
      className="fleet-records"
      pagination={{ pageSize: 8, size: 'small' }}
      dataSource={detail.records}
      columns={[
        { title: t('fleet.records.kind'), dataIndex: 'kind', render: (k: string) => t(`filling.kinds.${k}`) },
        {
          title: t('fleet.records.eventTime'),
          dataIndex: 'eventTime',
          render: (v: string | null) => (v ? utc(v) : '—'),
        },
        { title: t('fleet.records.voyage'), dataIndex: 'voyageNumber' },
        {
          title: t('fleet.records.status'),
          dataIndex: 'status',
          render: (s: string) => t(`filling.statuses.${s}`),
        },
        {
          title: t('fleet.records.check'),
          dataIndex: 'checkState',
          render: (s: string) => (
            <Tag color={s === 'error' ? 'red' : s === 'warning' ? 'orange' : 'green'}>
              {t(`filling.checkStates.${s}`)}
            </Tag>
          ),
        },
        { title: t('fleet.records.review'), key: 'review', render: (_, r) => <ReviewTag record={r} /> },
        {
          title: t('fleet.records.actions'),
          key: 'actions',
          render: (_, r) =>
            r.status === 'draft' ? null : (
              <Space size={4}>
                <Button size="small" disabled={!canDecide || decide.isPending} onClick={() => verify(r)}>
                  {t('fleet.review.verify')}
                </Button>
                <Button size="small" disabled={!canDecide} onClick={() => onReturn(r)}>
                  {t('fleet.review.return')}
                </Button>
              </Space>
            ),
        },
      ]}
    />
  );
}

function ReturnModal({
  shipId,
  record,
  onClose,
}: {
  shipId: string;
  record: FleetRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useDecideRecord();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (!record) return;
    const input = { shipId, recordId: record.id, decision: 'returned' as const, comment };
    const parsed = reviewInputSchema.safeParse(input);
    if (!parsed.success) {
      setError(translateIssue(parsed.error.issues[0] ?? { message: '' }, t));
      return;
    }
    decide.mutate(parsed.data, {
      onSuccess: () => {
        void message.success(t('fleet.review.done'));
        setComment('');
        setError(null);
        onClose();
      },
      onError: (e) => setError(fleetErrorText(e, t)),
    });
  };
  return (
    <Modal
      open={record !== null}
      title={t('fleet.review.returnTitle')}
      okText={t('fleet.review.send')}
      cancelText={t('fleet.review.cancel')}
      confirmLoading={decide.isPending}
      onOk={send}
      onCancel={onClose}
      destroyOnHidden={false}
    >
      <Form layout="vertical">
        <Form.Item label={t('fleet.review.comment')} validateStatus={error ? 'error' : ''} help={error}>
          <Input.TextArea
            aria-label={t('fleet.review.comment')}
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Alarms({ alarms }: { alarms: Alarm[] }) {
  const { t } = useTranslation();
  const { utc, num } = useFormat();
  return (
    <ScrollTable<Alarm>
      rowKey="id"
      className="fleet-alarms"
      height={220}
      dataSource={alarms}
      columns={[
        { title: t('fleet.alarms.raisedAt'), dataIndex: 'raisedAt', render: (v: string) => utc(v) },
        {
          title: t('fleet.alarms.equipment'),
          dataIndex: 'equipment',
          render: (v: string) => t(`alarms.equipment.${v}`, { defaultValue: v }),
        },
        {
          title: t('fleet.alarms.channel'),
          dataIndex: 'channel',
          render: (v: string | null) => (v ? channelLabel(v, t) : '—'),
        },
        {
          title: t('fleet.alarms.priority'),
          dataIndex: 'priority',
          render: (v: string) => t(`alarms.priorities.${v}`),
        },
        {
          title: t('fleet.alarms.state'),
          dataIndex: 'state',
          render: (v: string) => t(`alarms.states.${v}`),
        },
        {
          title: t('fleet.alarms.value'),
          key: 'value',
          align: 'right',
          render: (_, a) => (a.value === null ? '—' : `${num(a.value, 1)} ${a.unit ?? ''}`),
        },
      ]}
    />
  );
}
