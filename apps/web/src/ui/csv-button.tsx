import { Button } from 'antd';
import Papa from 'papaparse';
import { useTranslation } from 'react-i18next';

/** Saves rows as a CSV file (UTF-8 with a BOM, so spreadsheet programs read Chinese names). */
export function downloadCsv(fileName: string, rows: readonly (readonly (string | number | null)[])[]): void {
  const csv = Papa.unparse(rows.map((r) => r.map((v) => (v === null ? '' : v))));
  const url = URL.createObjectURL(new Blob([`\ufeff${csv}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** A small "CSV" button for a table's panel: what the table shows, as a file. */
export function CsvButton({
  fileName,
  rows,
  disabled,
}: {
  fileName: string;
  rows: () => readonly (readonly (string | number | null)[])[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button size="small" disabled={disabled} onClick={() => downloadCsv(fileName, rows())}>
      {t('common.csv')}
    </Button>
  );
}
