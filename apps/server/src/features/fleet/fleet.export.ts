import type { ReportResponse } from '@ecohelm/contracts';
import type ExcelJS from 'exceljs';
import { MEDIA_TYPE } from '../../platform/send-file.ts';
import type { FleetService, ShipFigures, ShipState } from './fleet.service.ts';

/** Words of the fleet workbook in the console's two languages (made on the server, like the ship's reports). */
const en = {
  title: 'Fleet emissions report {year}',
  mrv: 'EU MRV',
  dcs: 'IMO DCS',
  ets: 'EU ETS',
  fuelEu: 'FuelEU',
  ship: 'Ship',
  imo: 'IMO number',
  note: 'Note',
  records: 'Records counted',
  distance: 'Distance (nm)',
  hours: 'Time at sea (h)',
  fuel: 'Fuel (t)',
  co2: 'CO2 (t)',
  ch4: 'CH4 (t)',
  n2o: 'N2O (t)',
  co2e: 'CO2e (t)',
  euScopeCo2: 'EU-scope CO2 (t)',
  berthCo2: 'CO2 at berth in EEA ports (t)',
  work: 'Transport work (t·nm)',
  shipType: 'Ship type',
  dwt: 'Deadweight (t)',
  phaseIn: 'Phase-in (%)',
  counted: 'Emissions counted (t)',
  allowances: 'Allowances (EUA)',
  status: 'Status',
  intensity: 'GHG intensity (gCO2e/MJ)',
  limit: 'Limit (gCO2e/MJ)',
  energy: 'Energy in scope (MJ)',
  balance: 'Compliance balance (tCO2e)',
  penalty: 'Penalty (EUR)',
  total: 'Fleet total',
  ship_incomplete: 'Ship basic information incomplete',
  records_inconsistent: 'Filling records do not add up',
  ok: 'OK',
  not_applicable: 'Not applicable before 2025',
  no_energy: 'No energy in scope',
  unknown_fuel: 'A fuel without default factors',
};
const zh: typeof en = {
  title: '船队排放报告 {year}',
  mrv: 'EU MRV',
  dcs: 'IMO DCS',
  ets: 'EU ETS',
  fuelEu: 'FuelEU',
  ship: '船舶',
  imo: 'IMO编号',
  note: '备注',
  records: '计入记录数',
  distance: '航行距离 (nm)',
  hours: '航行时间 (h)',
  fuel: '燃油 (t)',
  co2: 'CO2 (t)',
  ch4: 'CH4 (t)',
  n2o: 'N2O (t)',
  co2e: 'CO2e (t)',
  euScopeCo2: '欧盟范围 CO2 (t)',
  berthCo2: '欧洲经济区港口靠泊 CO2 (t)',
  work: '运输功 (t·nm)',
  shipType: '船舶类型',
  dwt: '载重吨 (t)',
  phaseIn: '分阶段比例 (%)',
  counted: '计入排放 (t)',
  allowances: '配额 (EUA)',
  status: '状态',
  intensity: '温室气体强度 (gCO2e/MJ)',
  limit: '限值 (gCO2e/MJ)',
  energy: '范围内能量 (MJ)',
  balance: '合规余额 (tCO2e)',
  penalty: '罚款 (EUR)',
  total: '船队合计',
  ship_incomplete: '船舶基本信息不完整',
  records_inconsistent: '填报记录不一致',
  ok: '正常',
  not_applicable: '2025年前不适用',
  no_energy: '范围内无能量',
  unknown_fuel: '燃料缺少默认系数',
};
type Words = typeof en;

type Cell = string | number | null;
interface Column {
  header: string;
  /** Summed in the totals row. */
  total?: boolean;
  decimals?: number;
}

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** One sheet per regime, one row per ship, a totals row of the additive columns. */
export function fleetSheets(
  ships: readonly { state: ShipState; figures: ShipFigures }[],
  w: Words,
): { name: string; columns: Column[]; rows: Cell[][] }[] {
  const who = (s: ShipState) => [s.name ?? s.shipId, s.particulars?.imoNumber ?? s.shipId];
  const note = (f: ShipFigures) => (f.issue ? w[f.issue] : '');
  const emissions = (r: ReportResponse | null): Cell[] =>
    r
      ? [
          r.recordCount,
          r.totals.distanceNm,
          r.totals.hoursUnderway,
          sum(r.totals.fuelT),
          r.totals.ghg.co2T,
          r.totals.ghg.ch4T,
          r.totals.ghg.n2oT,
          r.totals.ghg.co2eT,
        ]
      : [null, null, null, null, null, null, null, null];
  const emissionColumns: Column[] = [
    { header: w.records, total: true, decimals: 0 },
    { header: w.distance, total: true, decimals: 1 },
    { header: w.hours, total: true, decimals: 1 },
    { header: w.fuel, total: true, decimals: 3 },
    { header: w.co2, total: true, decimals: 3 },
    { header: w.ch4, total: true, decimals: 5 },
    { header: w.n2o, total: true, decimals: 5 },
    { header: w.co2e, total: true, decimals: 3 },
  ];
  const head: Column[] = [{ header: w.ship }, { header: w.imo }];
  return [
    {
      name: w.mrv,
      columns: [
        ...head,
        ...emissionColumns,
        { header: w.euScopeCo2, total: true, decimals: 3 },
        { header: w.berthCo2, total: true, decimals: 3 },
        { header: w.work, total: true, decimals: 0 },
        { header: w.note },
      ],
      rows: ships.map(({ state, figures: f }) => [
        ...who(state),
        ...emissions(f.mrv),
        f.mrv?.totals.euScope.co2T ?? null,
        f.mrv?.totals.atBerthEea.co2T ?? null,
        f.mrv?.totals.transportWorkTNm ?? null,
        note(f),
      ]),
    },
    {
      name: w.dcs,
      columns: [
        ...head,
        { header: w.shipType },
        { header: w.dwt, total: true, decimals: 0 },
        ...emissionColumns,
        { header: w.note },
      ],
      rows: ships.map(({ state, figures: f }) => [
        ...who(state),
        state.particulars?.shipType ?? null,
        state.particulars?.deadweightT ?? null,
        ...emissions(f.dcs),
        note(f),
      ]),
    },
    {
      name: w.ets,
      columns: [
        ...head,
        { header: w.phaseIn, decimals: 0 },
        { header: w.euScopeCo2, total: true, decimals: 3 },
        { header: w.ch4, total: true, decimals: 5 },
        { header: w.n2o, total: true, decimals: 5 },
        { header: w.counted, total: true, decimals: 3 },
        { header: w.allowances, total: true, decimals: 0 },
        { header: w.note },
      ],
      rows: ships.map(({ state, figures: f }) => {
        const e = f.mrv?.ets;
        return [
          ...who(state),
          e?.phaseInPercent ?? null,
          e?.euScopeCo2T ?? null,
          e?.euScopeCh4T ?? null,
          e?.euScopeN2oT ?? null,
          e?.emissionsCountedT ?? null,
          e?.allowances ?? null,
          note(f),
        ];
      }),
    },
    {
      name: w.fuelEu,
      columns: [
        ...head,
        { header: w.status },
        { header: w.intensity, decimals: 2 },
        { header: w.limit, decimals: 2 },
        { header: w.energy, total: true, decimals: 0 },
        { header: w.balance, total: true, decimals: 3 },
        { header: w.penalty, total: true, decimals: 0 },
        { header: w.note },
      ],
      rows: ships.map(({ state, figures: f }) => {
        const e = f.mrv?.fuelEu;
        return [
          ...who(state),
          e ? w[e.status] : null,
          e?.ghgIntensityGCo2ePerMj ?? null,
          e?.limitGCo2ePerMj ?? null,
          e?.energyMj ?? null,
          e?.complianceBalanceTCo2e ?? null,
          e?.penaltyEur ?? null,
          note(f),
        ];
      }),
    },
  ];
}

const numFmt = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

/** The fleet report as an XLSX file: numbers stay numbers, the totals row adds the ships' rows. */
export class FleetExporter {
  readonly #fleet: FleetService;

  constructor(fleet: FleetService) {
    this.#fleet = fleet;
  }

  async export(query: {
    year: number;
    lang: 'zh_CN' | 'en_US';
  }): Promise<{ body: Buffer; fileName: string; contentType: string }> {
    const w = query.lang === 'zh_CN' ? zh : en;
    const ships = await this.#fleet.reports(query.year);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Ecohelm';
    const title = w.title.replace('{year}', String(query.year));
    wb.title = title;
    for (const sheet of fleetSheets(ships, w)) {
      const ws = wb.addWorksheet(sheet.name);
      ws.addRow([title]).font = { bold: true, size: 14 };
      ws.addRow([]);
      const header = ws.addRow(sheet.columns.map((c) => c.header));
      header.font = { bold: true };
      const format = (row: ExcelJS.Row) =>
        sheet.columns.forEach((c, i) => {
          if (c.decimals !== undefined) row.getCell(i + 1).numFmt = numFmt(c.decimals);
        });
      for (const values of sheet.rows) format(ws.addRow(values.map((v) => v ?? '')));
      const totals = sheet.columns.map((c, i) =>
        i === 0
          ? w.total
          : c.total
            ? sheet.rows.reduce((a, r) => a + (typeof r[i] === 'number' ? (r[i] as number) : 0), 0)
            : '',
      );
      const totalRow = ws.addRow(totals);
      totalRow.font = { bold: true };
      format(totalRow);
      sheet.columns.forEach((c, i) => {
        ws.getColumn(i + 1).width = Math.max(12, Math.min(40, c.header.length + 2));
      });
    }
    return {
      body: Buffer.from(await wb.xlsx.writeBuffer()),
      fileName: `fleet-report-${query.year}-${query.lang}.xlsx`,
      contentType: MEDIA_TYPE.xlsx,
    };
  }
}
