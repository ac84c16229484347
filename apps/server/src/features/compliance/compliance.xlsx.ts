import type { ComplianceResponse } from '@ecohelm/contracts';
import { MEDIA_TYPE } from '../../platform/send-file.ts';

/** Words of the allocation workbook in the console's two languages. */
const en = {
  title: 'FuelEU pool allocation {year}',
  sheet: 'Allocation',
  ship: 'Ship',
  imo: 'IMO number',
  status: 'Figures',
  verified: 'Verified (submitted records)',
  provisional: 'Provisional (projected to the year end)',
  intensity: 'GHG intensity (gCO2e/MJ)',
  limit: 'Limit (gCO2e/MJ)',
  energy: 'Energy in scope (MJ)',
  balance: 'Compliance balance (t CO2e)',
  inPool: 'In pool',
  yes: 'Yes',
  no: 'No',
  reason: 'Why',
  transfer: 'Received (+) / given (−) (t CO2e)',
  borrow: 'Borrowed (t CO2e)',
  bank: 'Banked (t CO2e)',
  penaltyAlone: 'Penalty alone (EUR)',
  penalty: 'Penalty with the plan (EUR)',
  allowances: 'EU ETS allowances',
  etsCost: 'EU ETS cost (EUR)',
  settlement: 'Pays (+) / receives (−) for the pool (EUR)',
  total: 'Fleet total',
  price: 'Allowance price (EUR/t CO2e)',
  benefit: 'Penalty the pool avoids (EUR)',
  pricePerT: 'Price per t CO2e moved (EUR)',
  rule: 'Allocation rule',
  proportional:
    'Proportional to surplus given: each covered ship pays the penalty it avoided; each donor receives the pool benefit in proportion to the surplus it gave (Reg. (EU) 2023/1805 Art. 21; penalty Annex IV part B).',
  equal_price:
    'Equal price per t CO2e: one price, the pool benefit divided by the surplus moved; covered ships pay it on what they received, donors receive it on what they gave (Reg. (EU) 2023/1805 Art. 21; penalty Annex IV part B).',
  reasons: {
    covered: 'Deficit covered by the pool',
    fixed_in: 'Put in the pool by the user',
    fixed_out: 'Kept out by the user',
    no_room: 'Deficit left out: the surplus saves more elsewhere',
    no_gain: 'Deficit left out: covering it saves nothing',
    donor: 'Surplus given to the pool',
    not_needed: 'Surplus not needed: banked',
    compliant: 'Balance zero',
    infeasible: 'No valid pool with the ships put in',
  } as Record<string, string>,
};
const zh: typeof en = {
  title: 'FuelEU 合并池分摊 {year}',
  sheet: '分摊',
  ship: '船舶',
  imo: 'IMO编号',
  status: '数据',
  verified: '已核实（已提交记录）',
  provisional: '暂定（推算至年末）',
  intensity: '温室气体强度 (gCO2e/MJ)',
  limit: '限值 (gCO2e/MJ)',
  energy: '范围内能耗 (MJ)',
  balance: '合规余额 (t CO2e)',
  inPool: '入池',
  yes: '是',
  no: '否',
  reason: '原因',
  transfer: '接收 (+) / 转出 (−) (t CO2e)',
  borrow: '预借 (t CO2e)',
  bank: '结转 (t CO2e)',
  penaltyAlone: '单船罚款 (欧元)',
  penalty: '方案后罚款 (欧元)',
  allowances: '欧盟碳排放配额',
  etsCost: '欧盟碳市场成本 (欧元)',
  settlement: '为合并池支付 (+) / 收取 (−) (欧元)',
  total: '船队合计',
  price: '配额价格 (欧元/t CO2e)',
  benefit: '合并池避免的罚款 (欧元)',
  pricePerT: '每吨 CO2e 转移价格 (欧元)',
  rule: '分摊规则',
  proportional:
    '按转出盈余比例：被覆盖的船支付其避免的罚款；提供盈余的船按转出盈余的比例分得合并池收益（法规 (EU) 2023/1805 第21条；罚款见附件IV B部分）。',
  equal_price:
    '每吨 CO2e 同价：单价为合并池收益除以转移的盈余；被覆盖的船按接收量付款，提供盈余的船按转出量收款（法规 (EU) 2023/1805 第21条；罚款见附件IV B部分）。',
  reasons: {
    covered: '赤字由合并池覆盖',
    fixed_in: '用户指定入池',
    fixed_out: '用户指定不入池',
    no_room: '赤字未入池：盈余用于其他船更省',
    no_gain: '赤字未入池：覆盖它没有节省',
    donor: '向合并池提供盈余',
    not_needed: '盈余未被需要：结转',
    compliant: '余额为零',
    infeasible: '指定入池的船无法组成有效合并池',
  },
};

const numFmt = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

/**
 * The pool allocation as an XLSX: each ship's figures, its place in the plan and what it pays or receives under the
 * allocation rule, the rule cited at the foot.
 */
export async function complianceWorkbook(
  plan: ComplianceResponse,
  lang: 'en_US' | 'zh_CN',
): Promise<{ body: Buffer; fileName: string; contentType: string }> {
  const L = lang === 'zh_CN' ? zh : en;
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(L.sheet);
  ws.addRow([L.title.replace('{year}', String(plan.year))]).font = { bold: true };
  ws.addRow([]);
  const columns: { header: string; decimals?: number; width: number }[] = [
    { header: L.ship, width: 24 },
    { header: L.imo, width: 12 },
    { header: L.status, width: 22 },
    { header: L.intensity, decimals: 4, width: 14 },
    { header: L.limit, decimals: 4, width: 12 },
    { header: L.energy, decimals: 0, width: 16 },
    { header: L.balance, decimals: 2, width: 14 },
    { header: L.inPool, width: 8 },
    { header: L.reason, width: 34 },
    { header: L.transfer, decimals: 2, width: 16 },
    { header: L.borrow, decimals: 2, width: 12 },
    { header: L.bank, decimals: 2, width: 12 },
    { header: L.penaltyAlone, decimals: 2, width: 16 },
    { header: L.penalty, decimals: 2, width: 16 },
    { header: L.allowances, decimals: 2, width: 14 },
    { header: L.etsCost, decimals: 2, width: 16 },
    { header: L.settlement, decimals: 2, width: 18 },
  ];
  const head = ws.addRow(columns.map((c) => c.header));
  head.font = { bold: true };
  for (const [i, c] of columns.entries()) ws.getColumn(i + 1).width = c.width;
  const add = (values: (string | number | null)[]) => {
    const row = ws.addRow(values);
    for (const [i, c] of columns.entries()) {
      if (c.decimals !== undefined) row.getCell(i + 1).numFmt = numFmt(c.decimals);
    }
    return row;
  };
  for (const s of plan.ships) {
    const p = s.plan;
    add([
      (lang === 'zh_CN' ? s.nameZh : null) ?? s.name ?? s.shipId,
      s.imoNumber,
      L[s.status],
      s.ghgIntensity,
      s.limitGCo2ePerMj,
      s.energyMj,
      s.balanceT,
      p ? (p.inPool ? L.yes : L.no) : null,
      p ? (L.reasons[p.poolReason] ?? p.poolReason) : null,
      p?.transferT ?? null,
      p?.borrowT ?? null,
      p?.bankT ?? null,
      p?.penaltyAloneEur ?? null,
      p?.penaltyEur ?? null,
      s.ets?.allowances ?? null,
      s.ets?.costEur ?? null,
      p?.settlementEur ?? null,
    ]);
  }
  const sum = (f: (s: ComplianceResponse['ships'][number]) => number | undefined) =>
    plan.ships.reduce((a, s) => a + (f(s) ?? 0), 0);
  add([
    L.total,
    null,
    null,
    null,
    null,
    sum((s) => s.energyMj ?? 0),
    sum((s) => s.balanceT ?? 0),
    null,
    null,
    null,
    sum((s) => s.plan?.borrowT),
    sum((s) => s.plan?.bankT),
    plan.totals.penaltyAloneEur,
    plan.totals.penaltyEur,
    plan.totals.allowances,
    plan.totals.etsCostEur,
    sum((s) => s.plan?.settlementEur),
  ]).font = { bold: true };
  ws.addRow([]);
  ws.addRow([L.price, plan.pricePerAllowanceEur]);
  ws.addRow([L.benefit, plan.pool?.benefitEur ?? 0]).getCell(2).numFmt = numFmt(2);
  ws.addRow([L.pricePerT, plan.pool?.pricePerTEur ?? 0]).getCell(2).numFmt = numFmt(2);
  ws.addRow([L.rule, L[plan.allocationRule]]);
  return {
    body: Buffer.from(await wb.xlsx.writeBuffer()),
    fileName: `fueleu-allocation-${plan.year}-${lang}.xlsx`,
    contentType: MEDIA_TYPE.xlsx,
  };
}
