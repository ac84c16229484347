import type { EnergyReportExportQuery, EnergyReportResponse } from '@ecohelm/contracts';
import { consumers, fuelKinds } from '@ecohelm/domain';
import { MEDIA_TYPE } from '../../platform/send-file.ts';
import type { DocColumn, ReportDocument } from '../reports/index.ts';
import { type CjkFont, findCjkFont, ReportsService, writeDocument } from '../reports/index.ts';
import type { EnergyReportService } from './energy-report.service.ts';

const LABELS = {
  en_US: {
    title: 'Fuel oil report',
    subtitle: 'Ecohelm, {from} – {to} (UTC), by {period}',
    periods: { day: 'ship day', month: 'ship month', voyage: 'voyage' },
    period: { day: 'Day', month: 'Month', voyage: 'Voyage' },
    consumed: 'Fuel consumed by kind (t)',
    byConsumer: 'Fuel consumed by consumer (t)',
    bunkered: 'Bunkered and remaining on board (t)',
    total: 'Total',
    distance: 'Distance (nm)',
    kinds: { hfo: 'HFO', lfo: 'LFO', mgo: 'MGO' },
    bunker: 'Bunkered',
    rob: 'ROB',
    consumers: {
      me: 'M/E',
      ge1: 'G/E 1',
      ge2: 'G/E 2',
      ge3: 'G/E 3',
      boiler1: 'Boiler 1',
      boiler2: 'Boiler 2 (EGE)',
    },
    sheets: { consumption: 'Consumption', bunkers: 'Bunkers and ROB' },
  },
  zh_CN: {
    title: '燃油报告',
    subtitle: 'Ecohelm，{from} – {to}（UTC），按{period}',
    periods: { day: '船舶日', month: '船舶月', voyage: '航次' },
    period: { day: '日期', month: '月份', voyage: '航次' },
    consumed: '按燃油种类的消耗量（t）',
    byConsumer: '按用能设备的消耗量（t）',
    bunkered: '加油量与存油量（t）',
    total: '合计',
    distance: '航程（nm）',
    kinds: { hfo: '重油', lfo: '轻质燃料油', mgo: '船用柴油' },
    bunker: '加油',
    rob: '存油',
    consumers: {
      me: '主机',
      ge1: '1号发电机',
      ge2: '2号发电机',
      ge3: '3号发电机',
      boiler1: '1号锅炉',
      boiler2: '2号锅炉（废气锅炉）',
    },
    sheets: { consumption: '消耗', bunkers: '加油与存油' },
  },
} as const;

/** Lays the fuel oil report out as titled tables for the XLSX and PDF writers of the carbon reports. */
export function buildEnergyReportDocument(
  report: EnergyReportResponse,
  lang: 'zh_CN' | 'en_US',
): ReportDocument {
  const L = LABELS[lang];
  const first: DocColumn = { header: L.period[report.period], kind: 'text', width: 12 };
  const num = (header: string, decimals = 2): DocColumn => ({ header, kind: 'number', width: 12, decimals });
  const voyage = report.period === 'voyage';
  const consumed = {
    sheet: L.sheets.consumption,
    title: L.consumed,
    columns: [
      first,
      ...fuelKinds.map((k) => num(L.kinds[k])),
      num(L.total),
      ...(voyage ? [num(L.distance, 1)] : []),
    ],
    rows: [
      ...report.rows.map((r) => [
        r.label,
        ...fuelKinds.map((k) => r.consumedT[k]),
        fuelKinds.reduce((s, k) => s + r.consumedT[k], 0),
        ...(voyage ? [r.distanceNm] : []),
      ]),
      [
        L.total,
        ...fuelKinds.map((k) => report.total.consumedT[k]),
        fuelKinds.reduce((s, k) => s + report.total.consumedT[k], 0),
        ...(voyage ? [report.rows.reduce((s, r) => s + (r.distanceNm ?? 0), 0)] : []),
      ],
    ],
  };
  const byConsumer = {
    sheet: L.sheets.consumption,
    title: L.byConsumer,
    columns: [first, ...consumers.map((c) => num(L.consumers[c]))],
    rows: [
      ...report.rows.map((r) => [r.label, ...consumers.map((c) => r.byConsumerT[c])]),
      [L.total, ...consumers.map((c) => report.total.byConsumerT[c])],
    ],
  };
  const bunkered = {
    sheet: L.sheets.bunkers,
    title: L.bunkered,
    columns: [
      first,
      ...fuelKinds.map((k) => num(`${L.bunker} ${L.kinds[k]}`)),
      ...fuelKinds.map((k) => num(`${L.rob} ${L.kinds[k]}`)),
    ],
    rows: [
      ...report.rows.map((r) => [
        r.label,
        ...fuelKinds.map((k) => r.bunkeredT[k]),
        ...fuelKinds.map((k) => r.robT[k]),
      ]),
      [L.total, ...fuelKinds.map((k) => report.total.bunkeredT[k]), null, null, null],
    ],
  };
  const fill = (s: string) =>
    s
      .replace('{from}', report.from.slice(0, 10))
      .replace('{to}', report.to.slice(0, 10))
      .replace('{period}', L.periods[report.period]);
  return {
    lang,
    title: L.title,
    subtitle: fill(L.subtitle),
    fileName: `fuel-oil-report-${report.period}-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}`,
    sections: [consumed, byConsumer, bunkered],
  };
}

/** The fuel oil report as an XLSX or PDF file. */
export class EnergyReportExporter {
  readonly #report: EnergyReportService;
  readonly #font: () => CjkFont | null;

  constructor(report: EnergyReportService, font: () => CjkFont | null = () => findCjkFont()) {
    this.#report = report;
    this.#font = font;
  }

  async export(
    query: EnergyReportExportQuery,
  ): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const font = query.format === 'pdf' ? this.#font() : null;
    if (query.format === 'pdf' && query.lang === 'zh_CN' && !font) throw ReportsService.fontMissing();
    const doc = buildEnergyReportDocument(await this.#report.report(query), query.lang);
    const body = await writeDocument(doc, query.format, font);
    return { fileName: `${doc.fileName}.${query.format}`, contentType: MEDIA_TYPE[query.format], body };
  }
}
