import type { AuditEntity, AuditEntry } from '@ecohelm/contracts';
import { Alert, Button, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaStrings } from '../i18n';
import auditEn from '../i18n/locales/en_US/audit.json';
import auditZh from '../i18n/locales/zh_CN/audit.json';
import { useAuditEntries } from '../lib/api/get-audit-entries';
import { ApiError } from '../lib/api-client';
import { usePageConfig } from '../lib/page-config';
import { formatShipTime } from '../lib/ship-time';

// The history's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('audit', { en_US: auditEn, zh_CN: auditZh });

/** Bookkeeping that changes with every save and says nothing of the record. */
const skipped = new Set(['id', 'updatedAt', 'createdAt', 'issues', 'consumedT', 'checkState']);

/** A record as `path → value` (arrays by index), for comparing before and after field by field. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!prefix && skipped.has(k)) continue;
      flatten(v, prefix ? `${prefix}.${k}` : k, out);
    }
  } else if (value !== undefined && value !== null && value !== '') {
    out.set(prefix, String(value));
  }
  return out;
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The fields an entry changed: `path`, before, after (— where there was none); times are shown by `time` (the
 * console's ship time).
 */
export function changedFields(
  entry: Pick<AuditEntry, 'before' | 'after'>,
  time: (iso: string) => string = (iso) => iso,
): [string, string, string][] {
  const before = flatten(entry.before);
  const after = flatten(entry.after);
  const show = (v: string | undefined) => (v === undefined ? '—' : isoTime.test(v) ? time(v) : v);
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  return keys
    .filter((k) => before.get(k) !== after.get(k))
    .map((k) => [k, show(before.get(k)), show(after.get(k))]);
}

const actionColor = { create: 'green', update: 'blue', submit: 'purple', delete: 'red' } as const;

/** "History" on a record's row: a modal with the record's audit trail in ship time, who did what, what changed. */
export function AuditHistoryButton({
  entity,
  entityId,
  type = 'link',
}: {
  entity: AuditEntity;
  entityId: string;
  type?: 'link' | 'default';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type={type} onClick={() => setOpen(true)}>
        {t('audit.history')}
      </Button>
      {open ? <AuditHistoryModal entity={entity} entityId={entityId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AuditHistoryModal({
  entity,
  entityId,
  onClose,
}: {
  entity: AuditEntity;
  entityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const entries = useAuditEntries(entity, entityId, true);
  return (
    <Modal open title={t('audit.title')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {entries.error ? (
        <Alert
          type="error"
          showIcon
          title={t(entries.error instanceof ApiError ? entries.error.messageKey : 'errors.unknown')}
        />
      ) : (
        <Table<AuditEntry>
          size="small"
          rowKey="id"
          className="audit-history"
          loading={entries.isPending}
          dataSource={entries.data?.items ?? []}
          pagination={{ pageSize: 8, size: 'small' }}
          locale={{ emptyText: t('audit.none') }}
          columns={[
            {
              title: t('audit.columns.at'),
              dataIndex: 'at',
              width: 190,
              render: (v: string) => formatShipTime(v, config.shipTimeOffsetMinutes),
            },
            {
              title: t('audit.columns.actor'),
              key: 'actor',
              width: 160,
              render: (_, e) => `${t(`audit.actors.${e.actor.kind}`)} ${e.actor.name}`,
            },
            {
              title: t('audit.columns.action'),
              dataIndex: 'action',
              width: 100,
              render: (a: AuditEntry['action']) => (
                <Tag color={actionColor[a]}>{t(`audit.actions.${a}`)}</Tag>
              ),
            },
            {
              title: t('audit.columns.changes'),
              key: 'changes',
              render: (_, e) => (
                <ul className="audit-changes" style={{ margin: 0, paddingLeft: 16 }}>
                  {changedFields(e, (iso) => formatShipTime(iso, config.shipTimeOffsetMinutes)).map(
                    ([path, before, after]) => (
                      <li key={path}>
                        <code>{path}</code>: {before} → {after}
                      </li>
                    ),
                  )}
                </ul>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
