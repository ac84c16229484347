import ExcelJS from 'exceljs';
import type { ReportDocument } from './reports.document.ts';

const numFmt = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

/**
 * Writes the report as an XLSX workbook: one worksheet per sheet name (summary, voyages, port
 * calls), sections stacked with a bold title row and a header row. Numbers stay numbers, so a
 * verifier can re-add them.
 */
export async function writeReportXlsx(doc: ReportDocument): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ecohelm';
  wb.title = doc.title;
  const sheets = new Map<string, ExcelJS.Worksheet>();
  for (const section of doc.sections) {
    let ws = sheets.get(section.sheet);
    if (!ws) {
      ws = wb.addWorksheet(section.sheet);
      sheets.set(section.sheet, ws);
      ws.addRow([doc.title]).font = { bold: true, size: 14 };
      ws.addRow([doc.subtitle]);
      // The printed sheet's foot carries the rule set, as the PDF's pages do.
      if (doc.footer) ws.headerFooter.oddFooter = `&L${doc.footer.replace(/&/g, '&&')}&RPage &P / &N`;
    }
    ws.addRow([]);
    ws.addRow([section.title]).font = { bold: true, size: 12 };
    const header = ws.addRow(section.columns.map((c) => c.header));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6FD' } };
    });
    for (const [r, values] of section.rows.entries()) {
      const row = ws.addRow(values.map((v) => v ?? ''));
      section.columns.forEach((c, i) => {
        if (c.kind === 'number' && typeof values[i] === 'number') {
          row.getCell(i + 1).numFmt = numFmt(section.rowDecimals?.[r] ?? c.decimals ?? 2);
        }
      });
    }
    section.columns.forEach((c, i) => {
      const col = ws.getColumn(i + 1);
      col.width = Math.max(col.width ?? 0, c.width + 2);
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
