import type { AssessmentItem, AssessmentResponse } from '@ecohelm/contracts';
import {
  ASSESSMENT_LIMITS_PCT,
  assessmentRating,
  DAY_MS,
  hullAssessment,
  ratingWorsened,
  referenceCurveSamples,
} from '@ecohelm/domain';
import type { ConditionInput } from '../alarms/index.ts';
import type { FoulingService } from '../fouling/index.ts';
import type { MonitoringService } from '../monitoring/index.ts';

const ENGINES = ['me', 'ge1', 'ge2', 'ge3'] as const;
/** A rating needs this many full running hours in the period. */
const MIN_HOURS = 6;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? null : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Energy assessment: each engine by the median deviation of its measured SFOC (full running hours, ISO-corrected)
 * from its reference curve at the same load, this period against the one before; the hull by its ISO 19030 speed
 * loss. Boilers have no steam-flow meter to compare their fuel with, so they are not rated.
 */
export class AssessmentService {
  readonly #monitoring: MonitoringService;
  readonly #fouling: FoulingService;
  readonly #now: () => number;

  readonly #oilFired: (unit: 'boiler1' | 'boiler2') => boolean;

  constructor(
    monitoring: MonitoringService,
    fouling: FoulingService,
    now: () => number = Date.now,
    /** Whether a boiler burns fuel (equipment parameters); boiler 2 is the exhaust-gas economiser by default. */
    oilFired: (unit: 'boiler1' | 'boiler2') => boolean = (unit) => unit === 'boiler1',
  ) {
    this.#monitoring = monitoring;
    this.#fouling = fouling;
    this.#now = now;
    this.#oilFired = oilFired;
  }

  async assess(days: number): Promise<AssessmentResponse> {
    const now = this.#now();
    const from = now - days * DAY_MS;
    const items: AssessmentItem[] = [];
    for (const unit of ENGINES) {
      const r = await this.#monitoring.unit(unit, 2 * days * 24);
      const measured = r.sfoc?.measured ?? [];
      const current = measured.filter((m) => Date.parse(m.t) >= from);
      const before = measured.filter((m) => Date.parse(m.t) < from);
      const dev = current.length >= MIN_HOURS ? median(current.map((m) => m.deviationPct)) : null;
      const prev = before.length >= MIN_HOURS ? median(before.map((m) => m.deviationPct)) : null;
      items.push({
        unit,
        rating: dev === null ? null : assessmentRating(dev),
        deviationPct: dev,
        previousDeviationPct: prev,
        previousRating: prev === null ? null : assessmentRating(prev),
        points: current.length,
        reason: dev === null ? 'no_data' : null,
        detail: r.sfoc
          ? {
              ratedPowerKw: r.sfoc.ratedPowerKw,
              reference: referenceCurveSamples({
                engine: unit === 'me' ? 'me' : 'ge',
                label: '',
                ratedPowerKw: r.sfoc.ratedPowerKw,
                points: r.sfoc.reference,
                source: r.sfoc.referenceSource,
              }),
              measured: current.map((m) => ({
                t: m.t,
                loadPct: m.loadPct,
                sfocGPerKwh: m.sfocGPerKwh,
                deviationPct: m.deviationPct,
              })),
            }
          : null,
      });
    }
    for (const unit of ['boiler1', 'boiler2'] as const) {
      const b = await this.#monitoring.unit(unit, days * 24);
      const hours = (b.boiler ?? []).filter((h) => Date.parse(h.t) >= from - 3_600_000);
      items.push({
        boilerDetail: {
          oilFired: this.#oilFired(unit),
          runningHours: hours.reduce((s, h) => s + (h.runningShare ?? 0), 0),
          fuelT: hours.reduce((s, h) => s + (h.fuelKgPerH ?? 0), 0) / 1000,
          hours,
        },
        unit,
        rating: null,
        deviationPct: null,
        previousDeviationPct: null,
        previousRating: null,
        points: 0,
        reason: 'no_baseline',
        detail: null,
      });
    }
    const hull = await this.#fouling.report({});
    const current = hull.current;
    const hullFrom = now - 30 * DAY_MS;
    items.push({
      hullDetail: {
        from: new Date(hullFrom).toISOString(),
        daily: hull.daily.filter((d) => Date.parse(`${d.date}T23:59:59Z`) >= hullFrom),
        ratedFrom: current?.from ?? null,
      },
      unit: 'hull',
      rating: current ? hullAssessment(current.rating) : null,
      deviationPct: current ? current.speedLossPct : null,
      previousDeviationPct: null,
      previousRating: null,
      // Hours, as the engines' rows: the hull's valid 10-minute blocks (of the last 30 days, whatever the period).
      points: Math.round((current?.blocks ?? 0) / 6),
      reason: current ? null : 'no_data',
      detail: null,
    });
    return {
      from: new Date(from).toISOString(),
      to: new Date(now).toISOString(),
      items,
      limits: [...ASSESSMENT_LIMITS_PCT] as [number, number, number],
    };
  }
}

/**
 * Message-center events of the assessment (SPEC "equipment assessment"): an engine rated worse than in the period
 * before, or serious. Raised and cleared by the alarm engine like its other conditions.
 */
export function assessmentConditions(items: readonly AssessmentItem[]): ConditionInput[] {
  return items.flatMap((i) => {
    if (i.unit !== 'me' && i.unit !== 'ge1' && i.unit !== 'ge2' && i.unit !== 'ge3') return [];
    const worse = ratingWorsened(i.previousRating, i.rating) || i.rating === 'serious';
    return [
      {
        key: `assessment:${i.unit}:rating`,
        category: 'equipmentAssessment' as const,
        condition: 'rating_worsened' as const,
        equipment: i.unit,
        channel: null,
        priority: 'caution' as const,
        raise: worse,
        clear: !worse,
        delayMs: 0,
        value: i.deviationPct,
        limit: i.previousDeviationPct,
      },
    ];
  });
}
