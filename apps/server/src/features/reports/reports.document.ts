import { type Ghg, type ReportLanguage, type ReportResponse, ruleSetText } from '@ecohelm/contracts';
import { fuelFactors, isProductFuelId, productFuelType } from '@ecohelm/domain';
import { type ReportLabels, reportLabels } from './reports.labels.ts';

/** A cell: text, or a number shown with `decimals` places (kept as a number in XLSX). */
export type Cell = string | number | null;

export interface DocColumn {
  header: string;
  kind: 'text' | 'number';
  /** Relative width (PDF) and character width (XLSX). */
  width: number;
  decimals?: number;
}

export interface DocSection {
  /** Worksheet the section goes to (XLSX); sections of one sheet are stacked. */
  sheet: string;
  title: string;
  columns: DocColumn[];
  rows: Cell[][];
  /** Decimals of a row's numbers where they differ from the column's (counts, tonnages). */
  rowDecimals?: (number | undefined)[];
}

/** A report laid out once for both writers. */
export interface ReportDocument {
  lang: ReportLanguage;
  title: string;
  subtitle: string;
  fileName: string;
  sections: DocSection[];
  /** Printed at the foot of every page (PDF) and sheet (XLSX): the rule set the figures follow. */
  footer?: string;
}

const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

/** `2025-03-02T08:00:00.000Z` → `2025-03-02 08:00`. */
const utc = (s: string) => `${s.slice(0, 10)} ${s.slice(11, 16)}`;

/** The IMO fuel classes (MEPC.364(79)) in Chinese, for the zh_CN documents (fuels.json names them in English). */
const IMO_FUEL_ZH: Record<string, string> = {
  diesel_gas_oil: '柴油/船用轻柴油',
  lfo: '轻质燃料油 (LFO)',
  hfo: '重质燃料油 (HFO)',
  lpg_propane: '液化石油气（丙烷）',
  lpg_butane: '液化石油气（丁烷）',
  ethane: '乙烷',
  lng: '液化天然气 (LNG)',
  methanol: '甲醇',
  ethanol: '乙醇',
  hydrogen: '氢',
  ammonia: '氨',
  electricity_shore_power: '电能（岸电 / 岸上充电的电池）',
};

function fuelName(id: string, lang: ReportLanguage): string {
  if (isProductFuelId(id)) {
    const p = productFuelType(id);
    return lang === 'en_US' ? p.nameEn : p.nameZh;
  }
  if (lang === 'zh_CN' && IMO_FUEL_ZH[id]) return IMO_FUEL_ZH[id];
  try {
    return fuelFactors(id).name;
  } catch {
    return id;
  }
}

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** Lays out one report (EU MRV or IMO DCS) in one language as titled tables. */
export function buildReportDocument(report: ReportResponse, lang: ReportLanguage): ReportDocument {
  const L = reportLabels(lang);
  const mrv = report.regime === 'eu_mrv';
  const name = (p: { nameEn: string; nameZh: string | null } | null) =>
    p ? (lang === 'zh_CN' && p.nameZh ? p.nameZh : p.nameEn) : L.none;
  const kv = (title: string, rows: [string, Cell, string, number?][]): DocSection => ({
    sheet: L.sheetSummary,
    title,
    columns: [
      { header: L.item, kind: 'text', width: 46 },
      { header: L.value, kind: 'number', width: 18, decimals: 2 },
      { header: L.unit, kind: 'text', width: 14 },
    ],
    rows: rows.map(([a, b, c]) => [a, b, c]),
    rowDecimals: rows.map((r) => r[3]),
  });
  const ship = report.ship;
  const shipName = lang === 'zh_CN' && ship.nameZh ? `${ship.nameZh} (${ship.nameEn})` : ship.nameEn;
  const methodLabel = (m: string) => (L as Record<string, string>)[`method_${m}`] ?? m;
  const typeLabel = (id: string) =>
    (L as Record<string, string>)[`shipType_${id}`] ?? id.replaceAll('_', ' ');
  const shipRows: [string, Cell, string, number?][] = [
    [L.shipName, shipName, ''],
    [L.imoNumber, ship.imoNumber, ''],
    [L.mmsi, ship.mmsi, ''],
    [L.shipType, typeLabel(ship.shipType), ''],
    [L.flagState, ship.flagState, ''],
    [L.deadweight, ship.deadweightT, 't', 0],
    [L.grossTonnage, ship.grossTonnage, '', 0],
    [L.owner, ship.owner ?? L.none, ''],
    [L.managementCompany, ship.managementCompany ?? L.none, ''],
    [L.verifier, ship.verifier ?? L.none, ''],
    [L.period, `${report.year}-01-01 — ${report.year}-12-31`, ''],
    [L.method, methodLabel(ship.consumptionMethod), ''],
    [
      L.basis,
      report.submittedOnly
        ? fill(L.basisSubmitted, { count: report.recordCount })
        : fill(L.basisAll, { count: report.recordCount, submitted: report.submittedCount }),
      '',
    ],
    [L.excluded, report.excludedCount, '', 0],
    [L.generatedAt, utc(report.generatedAt), ''],
    [L.ruleSet, ruleSetText(report.ruleSet), ''],
  ];
  const sections: DocSection[] = [kv(L.sectionShip, shipRows)];
  const t = report.totals;
  const gasRows = (g: Ghg): [string, Cell, string, number?][] => [
    [L.co2, g.co2T, 't'],
    ...(report.includesNonCo2
      ? ([
          [L.ch4, g.ch4T, 't', 4],
          [L.n2o, g.n2oT, 't', 4],
          [L.co2e, g.co2eT, 't CO2e'],
        ] as [string, Cell, string, number?][])
      : []),
  ];
  const averages: [string, Cell, string, number?][] = [
    [L.distance, t.distanceNm, 'nm'],
    [L.timeAtSea, t.hoursUnderway, 'h'],
    [L.transportWork, t.transportWorkTNm, 't·nm', 0],
    [L.fuelPerDistance, t.fuelPerDistanceTPerNm, 't/nm', 4],
    [L.co2PerDistance, t.co2PerDistanceTPerNm, 't/nm', 4],
    [L.co2PerTransportWork, t.co2PerTransportWorkGPerTNm, 'g/(t·nm)'],
  ];
  if (mrv) {
    sections.push(
      kv(L.sectionAnnual, [
        ...gasRows(t.ghg),
        [L.atBerth, t.atBerthEea.co2T, 't'],
        ...(report.includesNonCo2
          ? ([[L.atBerthCo2e, t.atBerthEea.co2eT, 't CO2e']] as [string, Cell, string, number?][])
          : []),
        [L.intraEea, t.intraEea.co2T, 't'],
        [L.outgoing, t.outgoing.co2T, 't'],
        [L.incoming, t.incoming.co2T, 't'],
        [L.euScopeCo2, t.euScope.co2T, 't'],
        ...averages,
      ]),
    );
  } else if (report.dcs) {
    const d = report.dcs;
    sections.push(
      kv(L.sectionDcs, [
        [L.period, `${d.periodStart} — ${d.periodEnd}`, ''],
        [L.imoNumber, d.imoNumber, ''],
        [L.shipType, typeLabel(d.shipType), ''],
        [L.grossTonnage, d.grossTonnage, '', 0],
        [L.netTonnage, d.netTonnage, '', 0],
        [L.deadweight, d.deadweightT, 't', 0],
        [L.mainPower, d.mainEnginePowerKw, 'kW', 0],
        [L.auxPower, d.auxiliaryEnginePowerKw, 'kW', 0],
        [L.eedi, d.attainedEedi ?? L.none, 'g/(t·nm)', 2],
        [L.eexi, d.attainedEexi ?? L.none, 'g/(t·nm)'],
        [L.iceClass, d.iceClass ?? L.none, ''],
        [L.method, methodLabel(d.method), ''],
        [L.distance, d.distanceNm, 'nm'],
        [L.hoursUnderway, d.hoursUnderway, 'h'],
        [L.fuelNotUnderway, sum(d.fuelNotUnderwayT), 't'],
        [L.shorePower, d.shorePowerKwh, 'kWh', 0],
        [L.transportWork, d.transportWorkTNm, 't·nm', 0],
        [L.co2, d.co2T, 't'],
      ]),
    );
  }
  const fuelIds = Object.keys(mrv ? t.fuelT : t.fuelByImoClassT).sort();
  sections.push({
    sheet: L.sheetSummary,
    title: L.sectionFuel,
    columns: [
      { header: L.fuelType, kind: 'text', width: 46 },
      { header: L.fuelTotal, kind: 'number', width: 18, decimals: 2 },
      {
        header: mrv ? L.fuelEuScope : L.fuelNotUnderway,
        kind: 'number',
        width: 18,
        decimals: 2,
      },
    ],
    rows: fuelIds.map((f) =>
      mrv
        ? [fuelName(f, lang), t.fuelT[f] ?? 0, t.euScopeFuelT[f] ?? 0]
        : [fuelName(f, lang), t.fuelByImoClassT[f] ?? 0, report.dcs?.fuelNotUnderwayT[f] ?? 0],
    ),
  });
  if (report.ets) {
    const e = report.ets;
    sections.push(
      kv(L.sectionEts, [
        [L.phaseIn, e.phaseInPercent, '%', 0],
        [L.gases, e.covered ? e.gases : L.notCovered, ''],
        [L.euScopeCo2, e.euScopeCo2T, 't'],
        [L.euScopeCh4, e.euScopeCh4T, 't', 4],
        [L.euScopeN2o, e.euScopeN2oT, 't', 4],
        [L.emissionsCounted, e.emissionsCountedT, e.gases === 'CO2e' ? 't CO2e' : 't'],
        [L.allowances, e.allowances, 'EUA'],
      ]),
    );
  }
  if (report.fuelEu) {
    const f = report.fuelEu;
    sections.push(
      kv(L.sectionFuelEu, [
        [L.fuelEuStatus, (L as Record<string, string>)[`fuelEuStatus_${f.status}`] ?? f.status, ''],
        [L.ghgIntensity, f.ghgIntensityGCo2ePerMj, 'gCO2e/MJ'],
        [L.limit, f.limitGCo2ePerMj, 'gCO2e/MJ'],
        [L.reduction, f.reductionPercent, '%'],
        [L.energy, f.energyMj, 'MJ', 0],
        [L.complianceBalance, f.complianceBalanceTCo2e, 't CO2e'],
        [L.penalty, f.penaltyEur, 'EUR', 0],
      ]),
    );
  }
  sections.push(voyagesSection(report, L, name));
  if (report.stays.length > 0) sections.push(staysSection(report, L, name));
  if (report.issues.length > 0) {
    sections.push({
      sheet: L.sheetIssues,
      title: L.sectionIssues,
      columns: [
        { header: L.issueRecord, kind: 'text', width: 34 },
        { header: L.issueReason, kind: 'text', width: 70 },
      ],
      rows: report.issues.map((i) => [i.recordLabel, i.message]),
    });
  }
  const title = mrv ? L.mrvTitle : L.dcsTitle;
  return {
    lang,
    title,
    subtitle: `${shipName} · IMO ${ship.imoNumber} · ${report.year}`,
    fileName: `${mrv ? 'eu-mrv' : 'imo-dcs'}-${report.year}-${ship.imoNumber}-${lang}`,
    sections,
    footer: `${L.ruleSet}: ${ruleSetText(report.ruleSet)}`,
  };
}

function voyagesSection(
  report: ReportResponse,
  L: ReportLabels,
  name: (p: { nameEn: string; nameZh: string | null } | null) => string,
): DocSection {
  const mrv = report.regime === 'eu_mrv';
  const n = (header: string, decimals = 2, width = 11): DocColumn => ({
    header,
    kind: 'number',
    width,
    decimals,
  });
  const columns: DocColumn[] = [
    { header: L.voyageNumber, kind: 'text', width: 9 },
    { header: L.from, kind: 'text', width: 14 },
    { header: L.to, kind: 'text', width: 14 },
    { header: L.departure, kind: 'text', width: 16 },
    { header: L.arrival, kind: 'text', width: 16 },
    ...(mrv ? [{ header: L.euType, kind: 'text', width: 10 } as DocColumn, n(L.euShare, 0, 8)] : []),
    n(`${L.distance} (nm)`, 1),
    n(`${L.hoursUnderway} (h)`, 1),
    n(L.cargo, 0),
    n(L.fuel, 2),
    n('CO2 (t)', 2),
    ...(mrv && report.includesNonCo2 ? [n('CH4 (t)', 4), n('N2O (t)', 4), n('CO2e (t)', 2)] : []),
  ];
  const rows = report.voyages.map((v) => [
    v.voyageNumber,
    name(v.fromPort),
    name(v.toPort),
    utc(v.departureUtc),
    utc(v.arrivalUtc),
    ...(mrv ? [(L as Record<string, string>)[`euType_${v.euType}`] ?? v.euType, v.euSharePercent] : []),
    v.distanceNm,
    v.hoursUnderway,
    v.cargoT,
    sum(v.fuelT),
    v.ghg.co2T,
    ...(mrv && report.includesNonCo2 ? [v.ghg.ch4T, v.ghg.n2oT, v.ghg.co2eT] : []),
  ]);
  return { sheet: L.sheetVoyages, title: L.sectionVoyages, columns, rows };
}

function staysSection(
  report: ReportResponse,
  L: ReportLabels,
  name: (p: { nameEn: string; nameZh: string | null } | null) => string,
): DocSection {
  const mrv = report.regime === 'eu_mrv';
  const n = (header: string, decimals = 2): DocColumn => ({ header, kind: 'number', width: 11, decimals });
  return {
    sheet: L.sheetStays,
    title: L.sectionStays,
    columns: [
      { header: L.kind, kind: 'text', width: 10 },
      { header: L.port, kind: 'text', width: 16 },
      { header: L.start, kind: 'text', width: 16 },
      { header: L.end, kind: 'text', width: 16 },
      ...(mrv ? [{ header: L.atBerthEea, kind: 'text', width: 10 } as DocColumn] : []),
      n(L.fuel),
      n('CO2 (t)'),
      ...(mrv && report.includesNonCo2 ? [n('CO2e (t)')] : []),
      n(`${L.shorePower} (kWh)`, 0),
    ],
    rows: report.stays.map((s) => [
      (L as Record<string, string>)[`stay_${s.kind}`] ?? s.kind,
      name(s.port),
      utc(s.startUtc),
      utc(s.endUtc),
      ...(mrv ? [s.atBerthEea ? L.yes : L.no] : []),
      sum(s.fuelT),
      s.ghg.co2T,
      ...(mrv && report.includesNonCo2 ? [s.ghg.co2eT] : []),
      s.shorePowerKwh,
    ]),
  };
}
