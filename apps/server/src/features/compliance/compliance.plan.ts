import type { ComplianceResponse, ComplianceShip, ComplianceWhatIf } from '@ecohelm/contracts';
import {
  type AllocationRule,
  allocatePoolBenefit,
  co2FromFuel,
  etsAllowances,
  type FuelEuFuel,
  fuelEuCompliance,
  fuelEuGhgIntensity,
  fuelEuLimit,
  fuelFactors,
  generatorSfoc,
  optimisePooling,
  type PoolingShip,
} from '@ecohelm/domain';

const T = 1e6; // g per t
const MJ_PER_KWH = 3.6;
/** Generator load assumed at berth when shore power replaces its fuel (domain `generatorSfoc`, IMO 4th GHG Study shape). */
const BERTH_GENERATOR_LOAD = 0.5;

/** One ship's year as the ledger gives it: EU-scope fuel and shore power to date, EU-scope emissions. */
export interface ShipYear {
  shipId: string;
  name: string | null;
  nameZh: string | null;
  imoNumber: string;
  status: 'verified' | 'provisional';
  issue: ComplianceShip['issue'];
  unsubmittedRecords: number;
  /** FuelEU in-scope fuel (100 % intra-EEA and at berth, 50 % to or from third countries), t, year to date. */
  fuels: { fuelId: string; massT: number }[];
  /** Shore power taken at berth in EEA ports, MJ, year to date. */
  electricityMj: number;
  /** Fuel burnt at berth in EEA ports, t, year to date (what shore power could replace). */
  berthFuels: { fuelId: string; massT: number }[];
  /** EU-scope emissions to date (ETS), t. */
  euScope: { co2T: number; ch4T: number; n2oT: number } | null;
  /** From earlier years (Art. 20, Art. 23(2)). */
  carriedInT: number;
  priorPenaltyYears: number;
  borrowedLastYear: boolean;
  /**
   * The year's FuelEU intensity and energy when known as such (a worked example, a verifier's figures) instead of
   * from `fuels`; next year's projection likewise. The what-if does not apply to them.
   */
  given?: { ghgIntensity: number; energyMj: number; nextGhgIntensity: number; nextEnergyMj: number };
}

export interface PlanOptions {
  year: number;
  /** Share of the year elapsed (1 for a past year). */
  yearElapsed: number;
  pricePerAllowanceEur: number;
  fixes: { shipId: string; fix: 'in' | 'out' }[];
  whatIf: ComplianceWhatIf[];
  allocationRule: AllocationRule;
  now: Date;
}

const scaled = (fuels: readonly { fuelId: string; massT: number }[], k: number) =>
  fuels.map((f) => ({ fuelId: f.fuelId, massT: f.massT * k }));

/**
 * The fuel of a stretch of time with a what-if applied: first shore power replaces that share of the fuel
 * burnt at berth (electricity = the fuel's mass ÷ the generator's SFOC), then that share of the remaining
 * fuel's energy is switched to the what-if's fuel (same energy, the new fuel's LCV).
 */
export function withWhatIf(
  fuels: readonly { fuelId: string; massT: number }[],
  berthFuels: readonly { fuelId: string; massT: number }[],
  electricityMj: number,
  w: ComplianceWhatIf | undefined,
): { fuels: FuelEuFuel[]; electricityMj: number } {
  if (!w) return { fuels: [...fuels], electricityMj };
  const mass = new Map(fuels.map((f) => [f.fuelId, f.massT]));
  let el = electricityMj;
  const shore = w.shorePowerPercent / 100;
  for (const b of berthFuels) {
    const moved = Math.min(mass.get(b.fuelId) ?? 0, b.massT * shore);
    mass.set(b.fuelId, (mass.get(b.fuelId) ?? 0) - moved);
    el += ((moved * T) / generatorSfoc(BERTH_GENERATOR_LOAD)) * MJ_PER_KWH;
  }
  const share = w.sharePercent / 100;
  let switchedMj = 0;
  for (const [fuelId, t] of mass) {
    if (fuelId === w.fuelId) continue;
    const lcv = fuelFactors(fuelId).fuelEuLcvMjPerG ?? 0;
    switchedMj += t * T * lcv * share;
    mass.set(fuelId, t * (1 - share));
  }
  const targetLcv = fuelFactors(w.fuelId).fuelEuLcvMjPerG ?? 1;
  mass.set(w.fuelId, (mass.get(w.fuelId) ?? 0) + switchedMj / targetLcv / T);
  return {
    fuels: [...mass].filter(([, t]) => t > 0).map(([fuelId, massT]) => ({ fuelId, massT })),
    electricityMj: el,
  };
}

const tonnes = (fuels: readonly { fuelId: string; massT: number }[]) =>
  Object.fromEntries(fuels.map((f) => [f.fuelId, f.massT]));

interface Figures {
  ship: ShipYear;
  ghgYtd: number;
  energyYtd: number;
  ghg: number;
  energy: number;
  limit: number;
  ownG: number;
  nextGhg: number;
  nextBalanceG: number;
  whatIf: boolean;
}

/** The year projected to its end (rest = what is left at this year's pace) with the what-if, and next year's projection. */
function figuresOf(s: ShipYear, o: PlanOptions, w: ComplianceWhatIf | undefined): Figures | null {
  if (s.given) {
    const g = s.given;
    const c = fuelEuCompliance({ year: o.year, ghgIntensity: g.ghgIntensity, energyMj: g.energyMj });
    return {
      ship: s,
      ghgYtd: g.ghgIntensity,
      energyYtd: g.energyMj,
      ghg: g.ghgIntensity,
      energy: g.energyMj,
      limit: c.limitGCo2ePerMj,
      ownG: c.complianceBalanceGCo2e,
      nextGhg: g.nextGhgIntensity,
      nextBalanceG: (fuelEuLimit(o.year + 1).limitGCo2ePerMj - g.nextGhgIntensity) * g.nextEnergyMj,
      whatIf: false,
    };
  }
  if (s.issue || (s.fuels.length === 0 && s.electricityMj === 0)) return null;
  const ytd = fuelEuGhgIntensity({ year: o.year, fuels: s.fuels, electricityMj: s.electricityMj });
  const rest = Math.max(0, 1 / o.yearElapsed - 1);
  const restPart = withWhatIf(scaled(s.fuels, rest), scaled(s.berthFuels, rest), s.electricityMj * rest, w);
  const year = fuelEuGhgIntensity({
    year: o.year,
    fuels: [...s.fuels, ...restPart.fuels],
    electricityMj: s.electricityMj + restPart.electricityMj,
  });
  const c = fuelEuCompliance({ year: o.year, ghgIntensity: year.ghgIntensity, energyMj: year.energyMj });
  // Next year: a whole year at this year's projected pace, the what-if kept for all of it.
  const k = 1 / o.yearElapsed;
  const nextPart = withWhatIf(scaled(s.fuels, k), scaled(s.berthFuels, k), s.electricityMj * k, w);
  const next = fuelEuGhgIntensity({ year: o.year + 1, ...nextPart });
  const nextLimit = fuelEuLimit(o.year + 1).limitGCo2ePerMj;
  return {
    ship: s,
    ghgYtd: ytd.ghgIntensity,
    energyYtd: ytd.energyMj,
    ghg: year.ghgIntensity,
    energy: year.energyMj,
    limit: c.limitGCo2ePerMj,
    ownG: c.complianceBalanceGCo2e,
    nextGhg: next.ghgIntensity,
    nextBalanceG: (nextLimit - next.ghgIntensity) * next.energyMj,
    whatIf: w !== undefined,
  };
}

/** ETS of the year: EU-scope emissions to date at this year's pace, the what-if's CO2 change on the rest of the year. */
function etsOf(s: ShipYear, o: PlanOptions, w: ComplianceWhatIf | undefined): ComplianceShip['ets'] {
  if (!s.euScope) return null;
  const k = 1 / o.yearElapsed;
  const rest = Math.max(0, k - 1);
  let co2T = s.euScope.co2T * k;
  if (w && rest > 0) {
    const before = scaled(s.fuels, rest);
    const after = withWhatIf(before, scaled(s.berthFuels, rest), 0, w).fuels;
    co2T += co2FromFuel(tonnes(after)) - co2FromFuel(tonnes(before));
  }
  const r = etsAllowances({
    year: o.year,
    euScopeCo2T: Math.max(0, co2T),
    euScopeCh4T: s.euScope.ch4T * k,
    euScopeN2oT: s.euScope.n2oT * k,
  });
  return {
    emissionsCountedT: r.emissionsCountedT,
    phaseInPercent: r.phaseInPercent,
    allowances: r.allowances,
    costEur: r.allowances * o.pricePerAllowanceEur,
  };
}

/**
 * The fleet's compliance for a year: each ship's FuelEU figures (with the what-ifs), the pool, borrowing and banking
 * the domain optimiser chooses, the pool's benefit shared by the allocation rule, and the ETS bill at the price.
 */
export function compliancePlanOf(ships: readonly ShipYear[], o: PlanOptions): ComplianceResponse {
  const whatIf = new Map(o.whatIf.map((w) => [w.shipId, w]));
  const fixes = new Map(o.fixes.map((f) => [f.shipId, f.fix]));
  const figures = new Map<string, Figures>();
  for (const s of ships) {
    const f = figuresOf(s, o, whatIf.get(s.shipId));
    if (f) figures.set(s.shipId, f);
  }
  const input: PoolingShip[] = [...figures.values()].map((f) => ({
    id: f.ship.shipId,
    balanceG: f.ownG + f.ship.carriedInT * T,
    ghgIntensity: f.ghg,
    energyMj: f.energy,
    priorPenaltyYears: f.ship.priorPenaltyYears,
    borrowedLastYear: f.ship.borrowedLastYear,
    nextBalanceG: f.nextBalanceG,
    nextGhgIntensity: f.nextGhg,
    ...(fixes.has(f.ship.shipId) ? { fix: fixes.get(f.ship.shipId) } : {}),
  }));
  const plan = optimisePooling({ year: o.year, ships: input });
  const allocation = allocatePoolBenefit(plan, o.allocationRule);
  const planOf = new Map(plan.ships.map((p) => [p.id, p]));
  const rows: ComplianceShip[] = ships.map((s) => {
    const f = figures.get(s.shipId);
    const p = planOf.get(s.shipId);
    const issue = s.issue ?? (f ? null : 'no_energy');
    return {
      shipId: s.shipId,
      name: s.name,
      nameZh: s.nameZh,
      imoNumber: s.imoNumber,
      status: s.status,
      issue,
      unsubmittedRecords: s.unsubmittedRecords,
      ghgIntensityYtd: f?.ghgYtd ?? null,
      energyMjYtd: f?.energyYtd ?? null,
      ghgIntensity: f?.ghg ?? null,
      limitGCo2ePerMj: f?.limit ?? null,
      energyMj: f?.energy ?? null,
      ownBalanceT: f ? f.ownG / T : null,
      carriedInT: s.carriedInT,
      balanceT: f ? f.ownG / T + s.carriedInT : null,
      priorPenaltyYears: s.priorPenaltyYears,
      borrowedLastYear: s.borrowedLastYear,
      whatIfApplied: f?.whatIf ?? false,
      fix: fixes.get(s.shipId) ?? null,
      plan: p
        ? {
            inPool: p.inPool,
            poolReason: p.poolReason,
            transferT: p.transferG / T,
            afterPoolT: p.afterPoolG / T,
            borrowCapT: p.borrowCapG / T,
            borrowT: p.borrowG / T,
            borrowReason: p.borrowReason,
            repayNextT: p.repayNextG / T,
            bankT: p.bankG / T,
            finalBalanceT: p.finalBalanceG / T,
            penaltyAloneEur: p.penaltyAloneEur,
            penaltyEur: p.penaltyEur,
            nextBalanceT: p.nextBalanceG / T,
            nextAfterT: p.nextAfterG / T,
            nextPenaltyAloneEur: p.nextPenaltyAloneEur,
            nextPenaltyEur: p.nextPenaltyEur,
            settlementEur: allocation.settlementEur.get(p.id) ?? 0,
          }
        : null,
      ets: etsOf(s, o, whatIf.get(s.shipId)),
    };
  });
  const allowances = rows.reduce((a, r) => a + (r.ets?.allowances ?? 0), 0);
  const etsCostEur = allowances * o.pricePerAllowanceEur;
  return {
    year: o.year,
    generatedAt: o.now.toISOString(),
    yearElapsed: o.yearElapsed,
    pricePerAllowanceEur: o.pricePerAllowanceEur,
    allocationRule: o.allocationRule,
    feasible: plan.feasible,
    pool: plan.pool
      ? {
          members: [...plan.pool.members],
          totalT: plan.pool.totalG / T,
          coveredT: plan.pool.coveredG / T,
          benefitEur: allocation.benefitEur,
          pricePerTEur: allocation.pricePerGEur * T,
        }
      : null,
    totals: {
      penaltyAloneEur: plan.totals.penaltyAloneEur,
      penaltyEur: plan.totals.penaltyEur,
      nextPenaltyAloneEur: plan.totals.nextPenaltyAloneEur,
      nextPenaltyEur: plan.totals.nextPenaltyEur,
      savedEur: plan.totals.savedEur,
      allowances,
      etsCostEur,
      billEur: plan.totals.penaltyEur + etsCostEur,
    },
    gapEur: plan.gapEur,
    ships: rows,
  };
}
