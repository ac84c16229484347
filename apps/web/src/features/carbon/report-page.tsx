import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame';

/** Report export: EU MRV and IMO DCS report views. */
export function ExportReportPage() {
  const { t } = useTranslation();
  const title = (id: string) => t(`carbon.panels.${id}`);
  return (
    <PageFrame
      title={t('carbon.report.title')}
      columns={2}
      rowCount={1}
      panels={[
        { id: 'euMrvReport', title: title('euMrvReport') },
        { id: 'imoDcsReport', title: title('imoDcsReport') },
      ]}
    />
  );
}
