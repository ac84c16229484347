import { Alert, App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { CsvFileButton } from '../../ui/csv-file-button';
import { useImportTrimTable } from './api/import-trim-table';
import { translateTrimProblem } from './trim-problems';

/** Import of a vendor trim table: choose a CSV, the server checks it; problems are listed with their lines. */
export function TableImport({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useImportTrimTable();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const onImport = async () => {
    if (!file) return;
    setProblems([]);
    try {
      await upload.mutateAsync({ fileName: file.name, csv: file.text });
      void message.success(t('trim.table.imported'));
      setFile(null);
      onClose();
    } catch (error) {
      // The file stays chosen; the server's reasons are listed line by line.
      const details = error instanceof ApiError && Array.isArray(error.details) ? error.details : [];
      setProblems(
        details.length > 0
          ? details.map((d: { message: string }) => translateTrimProblem(d.message, t))
          : [t(error instanceof ApiError ? error.messageKey : 'errors.unknown')],
      );
    }
  };

  return (
    <Modal
      open={open}
      title={t('trim.table.title')}
      onCancel={onClose}
      okText={t('trim.table.import')}
      cancelText={t('trim.table.cancel')}
      okButtonProps={{ disabled: !file }}
      confirmLoading={upload.isPending}
      onOk={onImport}
    >
      <p style={{ opacity: 0.8 }}>{t('trim.table.help')}</p>
      <CsvFileButton
        label={t('trim.table.choose')}
        onFile={(chosen) => {
          setFile(chosen);
          setProblems([]);
        }}
      />
      {file ? <p style={{ marginTop: 8 }}>{file.name}</p> : null}
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          message={t('trim.table.refused')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="trim-table-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
