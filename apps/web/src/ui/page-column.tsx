import type { ReactNode } from 'react';

/** A page of stacked sections (title row, lists, forms) that fills the screen and scrolls when it holds more. */
export function PageColumn({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        padding: 12,
        height: '100%',
        overflow: 'auto',
      }}
    >
      {children}
    </div>
  );
}
