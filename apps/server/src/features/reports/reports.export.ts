import type {
  BunkerRecord,
  FillingRecord,
  OilChangeRecord,
  ReportFormat,
  ReportLanguage,
  ReportResponse,
} from '@ecohelm/contracts';
import { MEDIA_TYPE } from '../../platform/send-file.ts';
import { buildReportDocument, type ReportDocument } from './reports.document.ts';
import { type CjkFont, findCjkFont } from './reports.fonts.ts';
import type { AuditRow } from './reports.package.ts';
import { type ReportQueryInput, ReportsService } from './reports.service.ts';

/** What the verifier package reads besides the report: the year's records and the audit trail. */
export interface PackageSources {
  filling: () => Promise<readonly FillingRecord[]>;
  bunker: (range: { from: string; to: string }) => Promise<readonly BunkerRecord[]>;
  oilChange: (range: { from: string; to: string }) => Promise<readonly OilChangeRecord[]>;
  /** The whole audit trail, where the store keeps one (the package keeps what concerns the year's records). */
  audit?: () => Promise<readonly (AuditRow & { entityId: string })[]>;
}

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** Turns a report into an XLSX or PDF file in the asked language. */
export class ReportsExporter {
  readonly #reports: ReportsService;
  readonly #font: () => CjkFont | null;

  readonly #sources: PackageSources | undefined;

  constructor(
    reports: ReportsService,
    font: () => CjkFont | null = () => findCjkFont(),
    sources?: PackageSources,
  ) {
    this.#reports = reports;
    this.#font = font;
    this.#sources = sources;
  }

  async export(
    query: ReportQueryInput & { format: ReportFormat; lang: ReportLanguage },
  ): Promise<ExportedFile> {
    // Checked before the work: a Chinese PDF without a CJK font would print boxes.
    const font = query.format === 'pdf' ? this.#font() : null;
    if (query.format === 'pdf' && query.lang === 'zh_CN' && !font) throw ReportsService.fontMissing();
    const report = await this.#reports.report(query);
    const doc = buildReportDocument(report, query.lang);
    const body =
      query.format === 'zip'
        ? await this.#package(report, doc, query.lang)
        : query.format === 'xlsx'
          ? await writeXlsx(doc)
          : await writePdf(doc, font);
    return { fileName: `${doc.fileName}.${query.format}`, contentType: MEDIA_TYPE[query.format], body };
  }

  /** The verifier package: the report as XLSX and PDF, the year's records, the audit trail and the trace. */
  async #package(report: ReportResponse, doc: ReportDocument, lang: ReportLanguage): Promise<Buffer> {
    const range = {
      from: `${report.year}-01-01T00:00:00.000Z`,
      to: `${report.year + 1}-01-01T00:00:00.000Z`,
    };
    const inYear = (t: string | null) => t !== null && t >= range.from && t < range.to;
    const sources = this.#sources;
    const font = this.#font();
    const [xlsx, pdf, filling, bunker, oilChange, audit] = await Promise.all([
      writeXlsx(doc),
      lang === 'zh_CN' && !font ? null : writePdf(doc, font),
      sources ? sources.filling() : [],
      sources ? sources.bunker(range) : [],
      sources ? sources.oilChange(range) : [],
      sources?.audit ? sources.audit() : null,
    ]);
    const yearFilling = filling.filter((r) => inYear(r.eventTime));
    // The trail of the year's records (whenever they were changed) and of the particulars and start info.
    const ids = new Set<string>([...yearFilling, ...bunker, ...oilChange].map((r) => String(r.id)));
    const trail = audit?.filter(
      (a) => a.entity === 'ship' || a.entity === 'start_info' || ids.has(a.entityId),
    );
    const { writeVerifierPackage } = await import('./reports.package.ts');
    return writeVerifierPackage({
      report,
      lang,
      xlsx,
      pdf,
      xlsxName: `${doc.fileName}.xlsx`,
      pdfName: `${doc.fileName}.pdf`,
      filling: yearFilling,
      bunker,
      oilChange,
      audit: trail ?? null,
    });
  }
}

// The XLSX and PDF writers (exceljs, pdfkit: ~50 MB resident) load on the first export only.
/** A report document as an XLSX workbook or a PDF (the energy report writes its documents through this too). */
export function writeDocument(
  doc: ReportDocument,
  format: 'xlsx' | 'pdf',
  font: CjkFont | null,
): Promise<Buffer> {
  return format === 'xlsx' ? writeXlsx(doc) : writePdf(doc, font);
}

async function writeXlsx(doc: ReportDocument): Promise<Buffer> {
  return (await import('./reports.xlsx.ts')).writeReportXlsx(doc);
}

async function writePdf(doc: ReportDocument, font: CjkFont | null): Promise<Buffer> {
  return (await import('./reports.pdf.ts')).writeReportPdf(doc, font);
}
