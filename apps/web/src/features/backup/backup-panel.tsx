import { Alert, Button, Progress, Space, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { safeStorage, storageKeys } from '../../lib/storage';
import { useCanWrite } from '../../lib/use-can-write';
import { useCancelRestore } from './api/cancel-restore';
import { useBackup } from './api/get-backup';
import { useRestoreBackup } from './api/restore-backup';
import { useStartBackup } from './api/start-backup';

/** Why a backup or restore was refused, in the user's language (the server's check result is quoted). */
function errorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const reason = (error.details as { reason?: string } | undefined)?.reason;
  if (reason === 'running' || reason === 'postgres') return t(`backup.errors.${reason}`);
  if (error.code === 'validation_failed') return t('backup.errors.refused', { reason: error.message });
  return t(error.messageKey);
}

/** Backup of the store now, with progress and a download; restore of a backup file at the next start. */
export function BackupPanel() {
  const { t } = useTranslation();
  const canWrite = useCanWrite('settings:write');
  const start = useStartBackup();
  const [id, setId] = useState<string | undefined>();
  const job = useBackup(id).data;
  const restore = useRestoreBackup();
  const cancel = useCancelRestore();
  const download = async () => {
    if (!job) return;
    const token = safeStorage.getItem(storageKeys.deviceToken);
    const res = await fetch(`/api/v1/backups/${job.id}/file`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = job.fileName;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16} data-testid="backup-panel">
      <section aria-label={t('backup.title')}>
        <p style={{ marginTop: 0, opacity: 0.8 }}>{t('backup.hint')}</p>
        <Button
          type="primary"
          disabled={!canWrite || job?.status === 'running'}
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: (j) => setId(j.id) })}
        >
          {t('backup.start')}
        </Button>
        {start.error ? (
          <Alert type="error" showIcon title={errorText(start.error, t)} style={{ marginTop: 8 }} />
        ) : null}
        {job ? (
          <div style={{ marginTop: 8 }} data-testid="backup-progress">
            <Progress
              percent={Math.round(job.progress * 100)}
              status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
            />
            {job.status === 'done' ? (
              <Space>
                <span>{t('backup.done', { size: ((job.bytes ?? 0) / 1e6).toFixed(1) })}</span>
                <Button onClick={() => void download()}>
                  {t('backup.download', { file: job.fileName })}
                </Button>
              </Space>
            ) : null}
            {job.status === 'failed' ? (
              <Alert type="error" showIcon title={job.error ?? t('errors.unknown')} />
            ) : null}
          </div>
        ) : null}
      </section>
      <section aria-label={t('backup.restoreTitle')}>
        <h4 style={{ margin: '0 0 8px' }}>{t('backup.restoreTitle')}</h4>
        <p style={{ marginTop: 0, opacity: 0.8 }}>{t('backup.restoreHint')}</p>
        <Upload
          accept=".sqlite,.db"
          maxCount={1}
          showUploadList={false}
          disabled={!canWrite || restore.isPending}
          customRequest={({ file, onSuccess, onError }) => {
            cancel.reset();
            restore.mutate(file as File, {
              onSuccess: (r) => onSuccess?.(r),
              onError: (e) => onError?.(e as Error),
            });
          }}
        >
          <Button loading={restore.isPending} disabled={!canWrite}>
            {t('backup.restore')}
          </Button>
        </Upload>
        {restore.data && !cancel.data ? (
          <Alert
            type="success"
            showIcon
            title={t('backup.staged')}
            style={{ marginTop: 8 }}
            action={
              <Button size="small" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                {t('backup.cancelRestore')}
              </Button>
            }
          />
        ) : null}
        {cancel.data ? (
          <Alert type="info" showIcon title={t('backup.cancelled')} style={{ marginTop: 8 }} />
        ) : null}
        {restore.error ? (
          <Alert type="error" showIcon title={errorText(restore.error, t)} style={{ marginTop: 8 }} />
        ) : null}
      </section>
    </Space>
  );
}
