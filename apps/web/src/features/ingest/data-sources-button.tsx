import { Button, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataIcon } from '../../ui/icons';
import { withStyles } from '../../ui/on-demand';

// Loaded when first opened: its tables, upload and progress stay out of the shell's first load.
const DataSourcesModal = lazy(
  withStyles(() => import('./data-sources-modal').then((m) => ({ default: m.DataSourcesModal }))),
);

/** The header's "Data sources" button and its dialog (ingest status per source, CSV import). */
export function DataSourcesButton({
  extraTabs,
}: {
  /** Tabs of other features, composed in by the app. */
  extraTabs?: { key: string; label: string; children: ReactNode }[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('header.dataSources')}>
        <Button
          type="text"
          icon={<DataIcon />}
          aria-label={t('header.dataSources')}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <DataSourcesModal
            open={open}
            onClose={() => setOpen(false)}
            {...(extraTabs ? { extraTabs } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
