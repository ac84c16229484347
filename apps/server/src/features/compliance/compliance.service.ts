import {
  type ComplianceFlexibility,
  type ComplianceResponse,
  type ComplianceShip,
  complianceMessages,
  type complianceRequestSchema,
  type ReportResponse,
} from '@ecohelm/contracts';
import { BORROW_REPAY_FACTOR } from '@ecohelm/domain';
import type { z } from 'zod';
import { AppError, notFound, validationFailed } from '../../platform/errors.ts';
import type { FleetService } from '../fleet/index.ts';
import { reportOf } from '../reports/index.ts';
import { compliancePlanOf, type ShipYear } from './compliance.plan.ts';
import type { ComplianceRepository } from './compliance.repository.ts';

export type ComplianceRequestInput = z.output<typeof complianceRequestSchema>;

const MJ_PER_KWH = 3.6;
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();

/**
 * Fleet compliance ashore: every ship's FuelEU and EU ETS figures of a year from its voyage ledger (the fleet
 * service's figures; a past year from submitted records only, this year from all records projected to the year end),
 * what the company carried in from earlier years, and the domain optimiser's pool, borrowing and banking.
 */
export class ComplianceService {
  readonly #fleet: FleetService;
  readonly #repo: ComplianceRepository;
  readonly #now: () => number;

  constructor(options: { fleet: FleetService; repo: ComplianceRepository; now?: () => number }) {
    this.#fleet = options.fleet;
    this.#repo = options.repo;
    this.#now = options.now ?? Date.now;
  }

  async plan(request: ComplianceRequestInput): Promise<ComplianceResponse> {
    const now = this.#now();
    const { year } = request;
    const current = yearOf(now);
    if (year > current) {
      throw validationFailed('The year has not begun', [{ path: 'year', message: `at most ${current}` }]);
    }
    const [reports, flexibility] = await Promise.all([this.#fleet.reports(year), this.#repo.before(year)]);
    const start = Date.UTC(year, 0, 1);
    const yearElapsed =
      year < current ? 1 : Math.max(1 / 365, (now - start) / (Date.UTC(year + 1, 0, 1) - start));
    const ships = reports.map(({ state, figures }): ShipYear => {
      let report: ReportResponse | null = figures.mrv;
      // A closed year whose records are all submitted is verified (from the submitted records); otherwise the
      // figures are provisional, from every record, and a running year is projected to its end.
      const unsubmitted = figures.mrv ? figures.mrv.recordCount - figures.mrv.submittedCount : 0;
      const status = year < current && unsubmitted === 0 ? 'verified' : 'provisional';
      if (report && status === 'verified') {
        report = reportOf(
          state.complete,
          state.records,
          { regime: 'eu_mrv', year, submittedOnly: true },
          new Date(now),
        );
      }
      const fuelEu = report?.fuelEu;
      const issue: ComplianceShip['issue'] =
        figures.issue ??
        (fuelEu?.status === 'unknown_fuel' || fuelEu?.status === 'no_energy' ? fuelEu.status : null);
      const berth = new Map<string, number>();
      for (const s of report?.stays ?? []) {
        if (!s.atBerthEea) continue;
        for (const [fuelId, t] of Object.entries(s.fuelT)) berth.set(fuelId, (berth.get(fuelId) ?? 0) + t);
      }
      const history = carriedOf(flexibility, state.shipId, year);
      return {
        shipId: state.shipId,
        name: state.name,
        nameZh: state.particulars?.nameZh ?? null,
        imoNumber: state.particulars?.imoNumber ?? state.shipId,
        status,
        issue,
        unsubmittedRecords: unsubmitted,
        fuels: Object.entries(report?.totals.euScopeFuelT ?? {})
          .filter(([fuelId, t]) => fuelId !== 'electric' && t > 0)
          .map(([fuelId, massT]) => ({ fuelId, massT })),
        electricityMj:
          (report?.stays ?? []).filter((s) => s.atBerthEea).reduce((a, s) => a + s.shorePowerKwh, 0) *
          MJ_PER_KWH,
        berthFuels: [...berth]
          .filter(([fuelId, t]) => fuelId !== 'electric' && t > 0)
          .map(([fuelId, massT]) => ({ fuelId, massT })),
        euScope: report?.ets
          ? { co2T: report.ets.euScopeCo2T, ch4T: report.ets.euScopeCh4T, n2oT: report.ets.euScopeN2oT }
          : null,
        ...history,
      };
    });
    const known = new Set(ships.map((s) => s.shipId));
    const unknown = [
      ...request.fixes.map((f, i) => ({ id: f.shipId, path: `fixes.${i}.shipId` })),
      ...request.whatIf.map((w, i) => ({ id: w.shipId, path: `whatIf.${i}.shipId` })),
    ].filter((x) => !known.has(x.id));
    if (unknown.length > 0) {
      throw validationFailed(
        complianceMessages.unknownShip,
        unknown.map((u) => ({ path: u.path, message: complianceMessages.unknownShip })),
      );
    }
    return compliancePlanOf(ships, {
      year,
      yearElapsed,
      pricePerAllowanceEur: request.pricePerAllowanceEur,
      fixes: request.fixes,
      whatIf: request.whatIf,
      allocationRule: request.allocationRule,
      now: new Date(now),
    });
  }

  /** Records what the company banked, borrowed and paid for a ship's year (the FuelEU database's entries). */
  async record(entry: ComplianceFlexibility): Promise<void> {
    try {
      await this.#fleet.ship(entry.shipId, entry.year);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 404) throw notFound(complianceMessages.unknownShip);
      throw e;
    }
    await this.#repo.upsert(entry, new Date(this.#now()));
  }
}

/**
 * What a ship carries into `year` from the recorded years (Reg. (EU) 2023/1805): last year's banked surplus less
 * 1.1 × last year's advance (Art. 20(1), (2)); whether last year borrowed (Art. 20(2)(b)); the periods with a penalty
 * just before (Art. 23(2)).
 */
export function carriedOf(
  rows: readonly ComplianceFlexibility[],
  shipId: string,
  year: number,
): Pick<ShipYear, 'carriedInT' | 'priorPenaltyYears' | 'borrowedLastYear'> {
  const mine = new Map(rows.filter((r) => r.shipId === shipId).map((r) => [r.year, r]));
  const last = mine.get(year - 1);
  let prior = 0;
  for (let y = year - 1; mine.get(y)?.penalised; y--) prior++;
  return {
    carriedInT: last ? last.bankedT - BORROW_REPAY_FACTOR * last.borrowedT : 0,
    priorPenaltyYears: prior,
    borrowedLastYear: (last?.borrowedT ?? 0) > 0,
  };
}
