import { FileButton } from './file-button';

/** A button to choose a CSV file, read as text in the browser: the file goes to `onFile`, nothing is uploaded. */
export function CsvFileButton({
  label,
  onFile,
}: {
  label: string;
  onFile: (file: { name: string; text: string }) => void;
}) {
  return (
    <FileButton
      accept=".csv,text/csv,text/plain"
      onFile={(f) => void f.text().then((text) => onFile({ name: f.name, text }))}
    >
      {label}
    </FileButton>
  );
}
