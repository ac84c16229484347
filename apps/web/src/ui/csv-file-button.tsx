import { Button, Upload } from 'antd';

/** A button to choose a CSV file, read as text in the browser: the file goes to `onFile`, nothing is uploaded. */
export function CsvFileButton({
  label,
  onFile,
}: {
  label: string;
  onFile: (file: { name: string; text: string }) => void;
}) {
  return (
    <Upload
      accept=".csv,text/csv,text/plain"
      maxCount={1}
      showUploadList={false}
      beforeUpload={async (f) => {
        onFile({ name: f.name, text: await f.text() });
        return false;
      }}
    >
      <Button>{label}</Button>
    </Upload>
  );
}
