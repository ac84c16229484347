/**
 * Spans of the overview's panels once some are hidden: a panel that no longer fits the rest of its row would start
 * a new row and leave a hole where the hidden one was, so the panel before it widens to the row's end instead, and
 * the last row's last panel to the grid's width. Also gives the number of rows used.
 */
export function fillRows<P extends { span?: number }>(
  panels: readonly P[],
  columns: number,
): { panels: P[]; rows: number } {
  const out = panels.map((p) => ({ ...p, span: Math.min(columns, p.span ?? 1) }));
  let used = 0;
  let rows = out.length > 0 ? 1 : 0;
  for (let i = 0; i < out.length; i++) {
    const span = out[i]!.span;
    if (used + span > columns) {
      // Close the row: the previous panel takes what is left of it.
      out[i - 1]!.span += columns - used;
      used = 0;
      rows += 1;
    }
    used += span;
    if (used === columns && i < out.length - 1) {
      used = 0;
      rows += 1;
    }
  }
  if (out.length > 0 && used > 0 && used < columns) out[out.length - 1]!.span += columns - used;
  return { panels: out, rows };
}
