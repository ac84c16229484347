import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useRef } from 'react';

/**
 * A button to choose one file: the file goes to `onFile`, the button uploads nothing itself. A hidden file input
 * behind the console's button, chosen again for the same file (the input is emptied after each choice). antd's
 * `Upload` did the same job here and brought its upload list, progress bar and icons (~15 kB brotli in six files) to
 * the speed page's first draw.
 */
export function FileButton({
  accept,
  onFile,
  disabled,
  loading,
  size,
  children,
}: {
  /** The file types offered first in the browser's dialog (the server checks what it gets). */
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  loading?: boolean;
  size?: ButtonProps['size'];
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button size={size} disabled={disabled} loading={loading} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </span>
  );
}
