import {
  type FillingFilter,
  type FillingRecord,
  fillingFilters,
  isReportableKind,
  type Regime,
} from '@ecohelm/contracts';
import { App, Button, Input, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { usePageConfig } from '../../lib/page-config';
import { formatShipTime } from '../../lib/ship-time';
import { AuditHistoryButton } from '../../ui/audit-history';
import { EnteredText } from '../../ui/entered-text';
import { ErrorAlert } from '../../ui/error-alert';
import { Panel } from '../../ui/panel';
import { useDeleteFillingRecord } from './api/delete-filling-record';
import { useFillingRecords } from './api/get-filling-records';
import { useReportFillingRecords } from './api/report-filling-records';
import { FillingChart } from './filling-chart';
import { modalOf } from './filling-form-model';
import { issueText, type OpenFilling } from './filling-modal';
import { recordRequiredText } from './record-required';

const stateColor = { ok: 'green', warning: 'orange', error: 'red' } as const;
const reasonKey: Record<string, string> = {
  record_locked: 'filling.messages.locked',
  record_has_errors: 'filling.messages.hasErrors',
  record_is_draft: 'filling.messages.isDraft',
};

/** One regime's list (EU MRV or IMO DCS): filter states, chart and list views, report, edit and delete. */
export function FillingList({
  regime,
  canWrite,
  onEdit,
}: {
  regime: Regime;
  canWrite: boolean;
  onEdit: (open: OpenFilling) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const { config } = usePageConfig();
  const [filter, setFilter] = useState<FillingFilter>('all');
  const [view, setView] = useState<'list' | 'chart'>('list');
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const list = useFillingRecords({ regime, filter });
  const remove = useDeleteFillingRecord();
  const report = useReportFillingRecords();
  const records = list.data?.records ?? [];

  const onReport = async () => {
    if (selected.length === 0) {
      void message.warning(t('filling.messages.selectData'));
      return;
    }
    const chosen = records.filter((r) => selected.includes(r.id));
    if (chosen.some((r) => !isReportableKind(r.kind))) {
      void message.error(t('filling.messages.reportType'));
      return;
    }
    try {
      await report.mutateAsync(selected);
      setSelected([]);
      void message.success(t('filling.messages.reported'));
    } catch (error) {
      const reason =
        error instanceof ApiError ? (error.details as { reason?: string } | undefined)?.reason : undefined;
      void message.error(
        reason && reasonKey[reason]
          ? t(reasonKey[reason])
          : error instanceof ApiError
            ? t(error.messageKey)
            : t('errors.unknown'),
      );
    }
  };

  /** Why a delete was refused: the submitted record that needs this one, by kind, voyage and ship time. */
  const deleteFailure = (error: unknown) => {
    const required = recordRequiredText(error, t, config.shipTimeOffsetMinutes);
    if (required) return required;
    if (!(error instanceof ApiError)) return t('errors.unknown');
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    const key = reason ? reasonKey[reason] : undefined;
    return t(key ?? error.messageKey);
  };

  // Chinese port names the records give (a bunkering record has none of its own: it takes its port's).
  const zhNames = new Map<string, string>();
  for (const r of records) {
    const d = r.data as Record<string, unknown>;
    if (typeof d.portNameEn === 'string' && typeof d.portNameZh === 'string' && d.portNameZh)
      zhNames.set(d.portNameEn, d.portNameZh);
  }
  const place = (r: FillingRecord) => {
    const d = r.data as Record<string, unknown>;
    // The port in the console's language where a record names it so (the reports do the same).
    if (i18n.language === 'zh_CN' && typeof d.portNameEn === 'string' && zhNames.has(d.portNameEn))
      return zhNames.get(d.portNameEn)!;
    if (typeof d.portNameEn === 'string') return d.portNameEn;
    if (typeof d.longitude === 'number' && typeof d.latitude === 'number')
      return `${d.latitude}, ${d.longitude}`;
    return '—';
  };

  // The crew finds a record by its voyage number or port (in either language) among every year's records.
  const needle = search.trim().toLowerCase();
  const shown = needle ? records.filter((r) => matchesSearch(r, needle, place(r))) : records;

  return (
    <Panel
      title={t(`filling.regimes.${regime}`)}
      extra={
        <Space>
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'list' | 'chart')}
            options={[
              { value: 'list', label: t('filling.views.list') },
              { value: 'chart', label: t('filling.views.chart') },
            ]}
          />
          <Button
            size="small"
            type="primary"
            disabled={!canWrite}
            loading={report.isPending}
            onClick={onReport}
          >
            {t('filling.actions.report')}
          </Button>
        </Space>
      }
    >
      <div data-regime={regime}>
        {list.error ? <ErrorAlert error={list.error} style={{ marginBottom: 8 }} /> : null}
        <Segmented
          value={filter}
          onChange={(v) => {
            setFilter(v as FillingFilter);
            setSelected([]);
          }}
          options={fillingFilters.map((f) => ({
            value: f,
            label: `${t(`filling.filters.${f}`)} (${list.data?.counts[f] ?? 0})`,
          }))}
          style={{ marginBottom: 8 }}
        />
        <Input
          allowClear
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setSelected([]);
          }}
          placeholder={t('filling.search.placeholder')}
          aria-label={t('filling.search.label')}
          style={{ maxWidth: 260, marginBottom: 8, marginLeft: 8 }}
        />
        {view === 'chart' ? (
          <FillingChart records={shown} />
        ) : (
          <Table<FillingRecord>
            size="small"
            rowKey="id"
            loading={list.isPending}
            dataSource={shown}
            pagination={{ pageSize: 8, size: 'small' }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as string[]),
              getCheckboxProps: (r) => ({ disabled: r.status === 'submitted' }),
            }}
            columns={[
              { title: t('filling.columns.kind'), dataIndex: 'kind', render: (k) => t(`filling.kinds.${k}`) },
              {
                title: t('filling.columns.voyageNumber'),
                dataIndex: 'voyageNumber',
                render: (v) => v ?? '—',
              },
              {
                title: t('filling.columns.place'),
                key: 'place',
                render: (_, r) => <EnteredText>{place(r)}</EnteredText>,
              },
              {
                title: t('filling.columns.eventTime'),
                dataIndex: 'eventTime',
                render: (v) => formatShipTime(v, config.shipTimeOffsetMinutes),
              },
              {
                title: t('filling.columns.status'),
                dataIndex: 'status',
                render: (s) => t(`filling.statuses.${s}`),
              },
              {
                title: t('filling.columns.check'),
                dataIndex: 'checkState',
                render: (s: FillingRecord['checkState'], r) => (
                  <Tooltip title={r.issues.map((i) => issueText(i, t)).join('\n') || undefined}>
                    <Tag color={stateColor[s]}>{t(`filling.checkStates.${s}`)}</Tag>
                  </Tooltip>
                ),
              },
              {
                title: t('filling.columns.actions'),
                key: 'actions',
                render: (_, r) => (
                  <Space>
                    <Button
                      size="small"
                      disabled={!canWrite || r.status === 'submitted'}
                      onClick={() => onEdit({ modal: modalOf(r.kind), kind: r.kind, id: r.id, data: r.data })}
                    >
                      {t('filling.actions.edit')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      disabled={!canWrite || r.status === 'submitted'}
                      onClick={() =>
                        modal.confirm({
                          title: t('filling.messages.deleteConfirm'),
                          okText: t('filling.actions.ok'),
                          cancelText: t('filling.actions.cancel'),
                          onOk: async () => {
                            try {
                              await remove.mutateAsync(r.id);
                              setSelected((s) => s.filter((id) => id !== r.id));
                            } catch (error) {
                              void message.error(deleteFailure(error));
                            }
                          },
                        })
                      }
                    >
                      {t('filling.actions.delete')}
                    </Button>
                    <AuditHistoryButton entity="filling" entityId={r.id} type="default" />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </div>
    </Panel>
  );
}

/** Whether a record's voyage number, English or Chinese port name, or shown place contains the search text. */
export function matchesSearch(record: FillingRecord, needle: string, shownPlace: string): boolean {
  const d = record.data as Record<string, unknown>;
  return [record.voyageNumber, d.portNameEn, d.portNameZh, shownPlace].some(
    (v) => typeof v === 'string' && v.toLowerCase().includes(needle),
  );
}
