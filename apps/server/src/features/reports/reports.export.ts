import type { ReportFormat, ReportLanguage } from '@ecohelm/contracts';
import { buildReportDocument } from './reports.document.ts';
import { type CjkFont, findCjkFont } from './reports.fonts.ts';
import { type ReportQueryInput, ReportsService } from './reports.service.ts';

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Turns a report into an XLSX or PDF file in the asked language. */
export class ReportsExporter {
  readonly #reports: ReportsService;
  readonly #font: () => CjkFont | null;

  constructor(reports: ReportsService, font: () => CjkFont | null = () => findCjkFont()) {
    this.#reports = reports;
    this.#font = font;
  }

  async export(
    query: ReportQueryInput & { format: ReportFormat; lang: ReportLanguage },
  ): Promise<ExportedFile> {
    // Checked before the work: a Chinese PDF without a CJK font would print boxes.
    const font = query.format === 'pdf' ? this.#font() : null;
    if (query.format === 'pdf' && query.lang === 'zh_CN' && !font) throw ReportsService.fontMissing();
    const report = await this.#reports.report(query);
    const doc = buildReportDocument(report, query.lang);
    // The XLSX and PDF writers (exceljs, pdfkit: ~50 MB resident) load on the first export only.
    const body =
      query.format === 'xlsx'
        ? await (await import('./reports.xlsx.ts')).writeReportXlsx(doc)
        : await (await import('./reports.pdf.ts')).writeReportPdf(doc, font);
    return { fileName: `${doc.fileName}.${query.format}`, contentType: CONTENT_TYPES[query.format], body };
  }
}
