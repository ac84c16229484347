import type { ReactNode } from 'react';

/**
 * Text the crew (or the simulator for them) typed into a record — a port, a supplier, a remark — shown as typed, in
 * whatever language it was written. Marked, so that checks of the console's own words (the browser tests' language
 * scan) pass it over.
 */
export function EnteredText({ children }: { children?: ReactNode }) {
  return <span data-entered-text>{children}</span>;
}

/** A table column's render for entered text; an empty value stays empty. */
export const enteredCell = (value: string | null | undefined) =>
  value ? <EnteredText>{value}</EnteredText> : value;
