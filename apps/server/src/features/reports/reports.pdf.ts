import PDFDocument from 'pdfkit';
import type { Cell, DocSection, ReportDocument } from './reports.document.ts';
import type { CjkFont } from './reports.fonts.ts';
import { reportLabels } from './reports.labels.ts';

const MARGIN = 36;
const ROW_H = 14;
const HEAD_H = 16;
const PRIMARY = '#4378F3';
const HEAD_FILL = '#DCE6FD';
const ZEBRA = '#F4F7FE';

const fmt = (v: Cell, decimals: number): string => {
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  return v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
};

/**
 * Writes the report as an A4 landscape PDF with pdfkit. Chinese needs `font` (a CJK face embedded
 * as a subset); English uses it when given, else the built-in Helvetica.
 */
export function writeReportPdf(doc: ReportDocument, font: CjkFont | null): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: doc.title, Author: 'Ecohelm', Subject: doc.subtitle },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  if (font) {
    pdf.registerFont('body', font.regular.path, font.regular.family);
    pdf.registerFont('bold', font.bold.path, font.bold.family);
  } else {
    pdf.registerFont('body', 'Helvetica');
    pdf.registerFont('bold', 'Helvetica-Bold');
  }
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - 14;

  pdf.font('bold').fontSize(16).fillColor('#1F2A44').text(doc.title, MARGIN, MARGIN);
  pdf.font('body').fontSize(9).fillColor('#50607A').text(doc.subtitle);
  pdf
    .moveTo(MARGIN, pdf.y + 4)
    .lineTo(MARGIN + width, pdf.y + 4)
    .lineWidth(1.5)
    .strokeColor(PRIMARY)
    .stroke();
  let y = pdf.y + 14;

  for (const section of doc.sections) {
    if (y + 20 + HEAD_H + ROW_H * Math.min(3, section.rows.length) > bottom()) {
      pdf.addPage();
      y = MARGIN;
    }
    pdf.font('bold').fontSize(11).fillColor(PRIMARY).text(section.title, MARGIN, y);
    y = pdf.y + 4;
    y = drawTable(pdf, section, y, width, bottom) + 12;
  }

  const L = reportLabels(doc.lang);
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would make pdfkit open a new page.
    pdf.page.margins.bottom = 0;
    pdf
      .font('body')
      .fontSize(7)
      .fillColor('#8090A8')
      .text(
        `${doc.subtitle}${doc.footer ? ` · ${doc.footer}` : ''}    ${L.page.replace('{n}', String(i + 1))}`,
        MARGIN,
        pdf.page.height - MARGIN,
        {
          width,
          align: 'right',
          lineBreak: false,
        },
      );
  }
  pdf.end();
  return done;
}

function fit(pdf: PDFKit.PDFDocument, text: string, w: number): string {
  if (pdf.widthOfString(text) <= w) return text;
  let s = text;
  while (s.length > 1 && pdf.widthOfString(`${s}…`) > w) s = s.slice(0, -1);
  return `${s}…`;
}

function drawTable(
  pdf: PDFKit.PDFDocument,
  section: DocSection,
  top: number,
  maxWidth: number,
  bottom: () => number,
): number {
  const total = section.columns.reduce((a, c) => a + c.width, 0);
  const tableW = Math.min(maxWidth, total * 7.5);
  const widths = section.columns.map((c) => (c.width / total) * tableW);
  const pad = 3;
  let y = top;
  // Headers wrap onto up to three lines (a narrow column's "Voyage …" or "欧盟航次…" was cut to one line).
  const headerHeight = () => {
    pdf.font('bold').fontSize(7.5);
    const tallest = Math.max(
      ...section.columns.map((c, i) =>
        pdf.heightOfString(c.header, { width: (widths[i] as number) - 2 * pad }),
      ),
    );
    return Math.max(HEAD_H, Math.min(tallest, 3 * pdf.currentLineHeight(true)) + 8);
  };
  const header = () => {
    const headH = headerHeight();
    pdf.rect(MARGIN, y, tableW, headH).fill(HEAD_FILL);
    pdf.font('bold').fontSize(7.5).fillColor('#1F2A44');
    let x = MARGIN;
    section.columns.forEach((c, i) => {
      const w = widths[i] as number;
      pdf.text(c.header, x + pad, y + 4, {
        width: w - 2 * pad,
        height: headH - 6,
        ellipsis: true,
        align: c.kind === 'number' ? 'right' : 'left',
      });
      x += w;
    });
    y += headH;
  };
  header();
  pdf.font('body').fontSize(7.5);
  section.rows.forEach((row, r) => {
    if (y + ROW_H > bottom()) {
      pdf.addPage();
      y = MARGIN;
      header();
      pdf.font('body').fontSize(7.5);
    }
    if (r % 2 === 1) pdf.rect(MARGIN, y, tableW, ROW_H).fill(ZEBRA);
    pdf.fillColor('#1F2A44');
    let x = MARGIN;
    section.columns.forEach((c, i) => {
      const w = widths[i] as number;
      const v = row[i] ?? null;
      pdf.text(fit(pdf, fmt(v, section.rowDecimals?.[r] ?? c.decimals ?? 2), w - 2 * pad), x + pad, y + 3.5, {
        width: w - 2 * pad,
        align: c.kind === 'number' ? 'right' : 'left',
        lineBreak: false,
      });
      x += w;
    });
    y += ROW_H;
  });
  pdf
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + tableW, y)
    .lineWidth(0.5)
    .strokeColor('#B8C4DA')
    .stroke();
  return y;
}
