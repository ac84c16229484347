/**
 * The verifier package of one regime and year: the report (XLSX and PDF), every record behind it as CSV, the audit
 * trail, and a calculation trace whose rows re-add to the report's totals (docs/regulations.md, "Verifier package").
 */
import type {
  BunkerRecord,
  FillingRecord,
  OilChangeRecord,
  ReportLanguage,
  ReportResponse,
} from '@ecohelm/contracts';
import { fuelFactors, GWP_ETS } from '@ecohelm/domain';
import { stringify } from 'csv-stringify/sync';
import JSZip from 'jszip';

/** One entry of the audit trail as the package writes it (the audit feature's entries). */
export interface AuditRow {
  at: string;
  actor: { kind: string; name: string };
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
}

export interface PackageInput {
  report: ReportResponse;
  lang: ReportLanguage;
  xlsx: Buffer;
  pdf: Buffer | null;
  pdfName: string;
  xlsxName: string;
  filling: readonly FillingRecord[];
  bunker: readonly BunkerRecord[];
  oilChange: readonly OilChangeRecord[];
  audit: readonly AuditRow[] | null;
}

const csv = (rows: unknown[][]) => stringify(rows, { bom: true, record_delimiter: 'windows' });
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** Every fuel of the trace: its IMO class and the factors its emissions were computed with. */
function factorRows(fuels: readonly string[]): unknown[][] {
  const rows: unknown[][] = [
    ['fuel', 'imo_class', 'cf_co2_t_per_t', 'ch4_t_per_t', 'n2o_t_per_t', 'gwp_ch4', 'gwp_n2o'],
  ];
  for (const f of fuels) {
    const k = fuelFactors(f);
    rows.push([f, k.imoFuelId, k.cfCo2TPerT, k.ch4TPerT, k.n2oTPerT, GWP_ETS.ch4, GWP_ETS.n2o]);
  }
  return rows;
}

/**
 * The trace: one line per passage and per stay of the report (the year's part of it), with its distance, hours, fuel
 * by type, emissions, EU class and share and the rule set; a last line of totals, equal to the report's.
 */
export function traceRows(report: ReportResponse): unknown[][] {
  const fuels = [
    ...new Set([...report.voyages, ...report.stays].flatMap((r) => Object.keys(r.fuelT))),
  ].sort();
  const head = [
    'part',
    'voyage',
    'record_from',
    'record_to',
    'from',
    'to',
    'start_utc',
    'end_utc',
    'distance_nm',
    'hours_underway',
    'cargo_t',
    'transport_work_t_nm',
    ...fuels.map((f) => `fuel_${f}_t`),
    'co2_t',
    'ch4_t',
    'n2o_t',
    'co2e_t',
    'eu_class',
    'eu_share_pct',
    'eu_scope_co2_t',
    'rule_set',
  ];
  const rows: unknown[][] = [head];
  const total = new Array(head.length).fill(0) as number[];
  const add = (row: unknown[]) => {
    row.forEach((v, i) => {
      if (typeof v === 'number' && i >= 8 && i < head.length - 1) total[i]! += v;
    });
    rows.push(row);
  };
  for (const v of report.voyages) {
    add([
      'passage',
      v.voyageNumber,
      v.fromRecordId,
      v.toRecordId,
      v.fromPort?.nameEn ?? '',
      v.toPort?.nameEn ?? '',
      v.departureUtc,
      v.arrivalUtc,
      v.distanceNm,
      v.hoursUnderway,
      v.cargoT,
      v.transportWorkTNm,
      ...fuels.map((f) => v.fuelT[f] ?? 0),
      v.ghg.co2T,
      v.ghg.ch4T,
      v.ghg.n2oT,
      v.ghg.co2eT,
      v.euType,
      v.euSharePercent,
      (v.ghg.co2T * v.euSharePercent) / 100,
      report.ruleSet,
    ]);
  }
  for (const s of report.stays) {
    const share = s.euSharePercent;
    add([
      s.kind,
      s.voyageNumber,
      '',
      s.recordId,
      s.port?.nameEn ?? '',
      s.port?.nameEn ?? '',
      s.startUtc,
      s.endUtc,
      0,
      0,
      0,
      0,
      ...fuels.map((f) => s.fuelT[f] ?? 0),
      s.ghg.co2T,
      s.ghg.ch4T,
      s.ghg.n2oT,
      s.ghg.co2eT,
      s.euType,
      share,
      (s.ghg.co2T * share) / 100,
      report.ruleSet,
    ]);
  }
  rows.push([
    'total',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    ...total.slice(8, head.length - 4),
    '',
    '',
    total[head.length - 2],
    '',
  ]);
  return rows;
}

function fillingCsv(records: readonly FillingRecord[]): string {
  const rows: unknown[][] = [
    [
      'id',
      'kind',
      'status',
      'check_state',
      'event_time_utc',
      'voyage',
      'regimes',
      'port',
      'distance_nm',
      'cargo_t',
      'fuel',
      'bunkers',
      'created_at',
      'updated_at',
      'submitted_at',
    ],
  ];
  for (const r of [...records].sort((a, b) => (a.eventTime ?? '').localeCompare(b.eventTime ?? ''))) {
    const d = r.data;
    rows.push([
      r.id,
      r.kind,
      r.status,
      r.checkState,
      r.eventTime ?? '',
      r.voyageNumber ?? '',
      r.regimes.join(' '),
      typeof d.portNameEn === 'string' ? d.portNameEn : '',
      typeof d.distanceNm === 'number' ? d.distanceNm : '',
      typeof d.cargoT === 'number' ? d.cargoT : '',
      json(d.fuel),
      json(d.bunkers ?? d.barges),
      r.createdAt,
      r.updatedAt,
      r.submittedAt ?? '',
    ]);
  }
  return csv(rows);
}

function objectsCsv<T extends object>(items: readonly T[]): string {
  if (items.length === 0) return csv([['(none)']]);
  const keys = [...new Set(items.flatMap((i) => Object.keys(i)))];
  return csv([
    keys,
    ...items.map((i) =>
      keys.map((k) => {
        const v = (i as Record<string, unknown>)[k];
        return v !== null && typeof v === 'object' ? JSON.stringify(v) : (v ?? '');
      }),
    ),
  ]);
}

function auditCsv(audit: readonly AuditRow[]): string {
  return csv([
    ['at_utc', 'actor_kind', 'actor', 'entity', 'entity_id', 'action', 'before', 'after'],
    ...audit.map((a) => [
      a.at,
      a.actor.kind,
      a.actor.name,
      a.entity,
      a.entityId,
      a.action,
      json(a.before),
      json(a.after),
    ]),
  ]);
}

/** The ZIP file of the package. */
export async function writeVerifierPackage(input: PackageInput): Promise<Buffer> {
  const { report } = input;
  const zip = new JSZip();
  const fuels = [
    ...new Set([...report.voyages, ...report.stays].flatMap((r) => Object.keys(r.fuelT))),
  ].sort();
  zip.file(input.xlsxName, input.xlsx);
  if (input.pdf) zip.file(input.pdfName, input.pdf);
  zip.file('trace.csv', csv(traceRows(report)));
  zip.file('factors.csv', csv(factorRows(fuels)));
  zip.file('records-filling.csv', fillingCsv(input.filling));
  zip.file('records-bunker.csv', objectsCsv(input.bunker));
  zip.file('records-oil-change.csv', objectsCsv(input.oilChange));
  zip.file(
    'issues.csv',
    csv([
      ['record_id', 'record', 'code', 'reason'],
      ...report.issues.map((i) => [i.recordId, i.recordLabel, i.code, i.message]),
    ]),
  );
  if (input.audit) zip.file('audit-trail.csv', auditCsv(input.audit));
  zip.file(
    'README.txt',
    [
      `${report.regime === 'eu_mrv' ? 'EU MRV' : 'IMO DCS'} ${report.year} — ${report.ship.nameEn}, IMO ${report.ship.imoNumber}`,
      `Generated ${report.generatedAt} (UTC). Rule set: ${report.ruleSet}.`,
      `Records counted: ${report.recordCount} (${report.submittedCount} submitted); left out (drafts, errors): ${report.excludedCount}.`,
      '',
      `${input.xlsxName}, ${input.pdf ? input.pdfName : '(no PDF: no CJK font on the server)'}: the report.`,
      'trace.csv: each passage and stay of the year with its distance, hours, fuel by type, emissions, EU class and',
      '  share; its last line re-adds to the report totals.',
      'factors.csv: the emission factors and GWPs each fuel was computed with.',
      'records-*.csv: every filling, bunker and oil-change record of the year, as stored.',
      'issues.csv: records that fail a plausibility rule (counted in the figures, to be corrected).',
      input.audit
        ? 'audit-trail.csv: every create, update, submit and delete of the records and particulars of the year.'
        : '',
      '',
    ].join('\r\n'),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
