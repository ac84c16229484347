import {
  type ShipCondition,
  type ShipConditionInput,
  speedMessages,
  type VoyagePlan,
  type VoyagePlanInput,
} from '@ecohelm/contracts';
import { msToKnots } from '@ecohelm/domain';
import { validationFailed } from '../../platform/errors.ts';
import { conditionConflicts } from './condition-plausibility.ts';
import { parseRtz, RtzError } from './rtz.ts';
import { CH, type Live, meanDraft, STALE_MS } from './speed.live.ts';
import type { PlanSource, SpeedRepository } from './speed.repository.ts';
import type { Hull } from './speed.types.ts';

export interface VoyagePlansDeps {
  repo: SpeedRepository;
  hull: () => Promise<Hull>;
  live: () => Promise<Live>;
  /** Hears that the loading condition changed (the model is fitted anew). */
  conditionChanged: () => void;
  now: () => number;
}

/**
 * The voyage plan (entered, imported from RTZ, or the simulator's) and the ship's condition (the crew's setting,
 * else derived from speed, revolutions and draughts).
 */
export class VoyagePlans {
  readonly #d: VoyagePlansDeps;

  constructor(deps: VoyagePlansDeps) {
    this.#d = deps;
  }

  async plan(): Promise<VoyagePlan | null> {
    const p = await this.#d.repo.latestPlan();
    return p ? { ...p.plan, source: p.source, updatedAt: p.updatedAt, updatedBy: p.updatedBy } : null;
  }

  async savePlan(
    input: VoyagePlanInput,
    by: string | null,
    source: PlanSource = 'crew',
  ): Promise<VoyagePlan> {
    const now = this.#d.now();
    const issues: { path: string; message: string }[] = [];
    if (Date.parse(input.eta) <= now) issues.push({ path: 'body.eta', message: speedMessages.etaBeforeNow });
    if (Date.parse(input.rta) <= now) issues.push({ path: 'body.rta', message: speedMessages.rtaBeforeNow });
    if (issues.length > 0) throw validationFailed(issues[0]!.message, issues);
    const updatedAt = new Date(now).toISOString();
    await this.#d.repo.insertPlan({ plan: input, source, updatedAt, updatedBy: by });
    return { ...input, source, updatedAt, updatedBy: by };
  }

  /**
   * The simulator's plan for its passage: stored when it is a passage the store has no plan for yet (a crew's or
   * an imported plan of the same passage wins).
   */
  async offerSimulatorPlan(input: VoyagePlanInput): Promise<boolean> {
    const current = await this.#d.repo.latestPlan();
    if (current && Date.parse(current.plan.etd) >= Date.parse(input.etd) - 60_000) return false;
    const updatedAt = new Date(this.#d.now()).toISOString();
    await this.#d.repo.insertPlan({ plan: input, source: 'simulator', updatedAt, updatedBy: 'simulator' });
    return true;
  }

  async importRtz(xml: string, by: string | null): Promise<VoyagePlan> {
    let route: ReturnType<typeof parseRtz>;
    try {
      route = parseRtz(xml);
    } catch (error) {
      if (error instanceof RtzError) {
        throw validationFailed(error.message, [{ path: 'body.xml', message: error.message }]);
      }
      throw error;
    }
    const base = await this.plan();
    const now = this.#d.now();
    const eta = route.eta ?? base?.eta;
    if (!eta) {
      const message = `${speedMessages.rtzInvalid} The route has no ETA at its last waypoint and there is no plan to take it from.`;
      throw validationFailed(message, [{ path: 'body.xml', message }]);
    }
    const plan: VoyagePlanInput = {
      voyageNo: base?.voyageNo ?? route.routeName.slice(0, 20),
      departurePort: base?.departurePort ?? route.waypoints[0]!.name,
      destination: base?.destination ?? route.waypoints.at(-1)!.name,
      etd: route.etd ?? base?.etd ?? new Date(now).toISOString(),
      rtd: base?.rtd ?? null,
      eta,
      rta: base && Date.parse(base.rta) > now ? base.rta : eta,
      waypoints: route.waypoints,
      specialPoints: base?.specialPoints ?? [],
    };
    return this.savePlan(plan, by, 'rtz');
  }

  async condition(): Promise<ShipCondition> {
    const set = await this.#d.repo.latestCondition();
    if (set) return { ...set, source: 'crew' };
    const live = await this.#d.live();
    const hull = await this.#d.hull();
    const sogMs = live.value(CH.sog);
    const rev = live.value(CH.rev);
    const draft = meanDraft(live);
    let shipStatus: ShipCondition['shipStatus'] = 5;
    if (sogMs != null) {
      const sog = msToKnots(sogMs);
      if (sog >= 6) shipStatus = 2;
      else if (sog >= 1 && (rev ?? 0) > 0) shipStatus = 1;
      else if (sog >= 0.3 && (rev ?? 0) === 0) shipStatus = 4;
      else shipStatus = 3;
    }
    const laden = draft != null && draft >= (hull.ladenDraftM + hull.ballastDraftM) / 2;
    const share =
      draft == null ? 0 : (draft - hull.ballastDraftM) / Math.max(0.1, hull.ladenDraftM - hull.ballastDraftM);
    return {
      shipStatus,
      loadingStatus: draft == null ? 3 : laden ? 1 : 2,
      cargoT: Math.round(Math.max(0, Math.min(1, share)) * hull.deadweightT * 0.95),
      source: 'derived',
      setAt: null,
      setBy: null,
    };
  }

  /** Gives the condition back to the sensors (speed, revolutions, draughts): the crew's setting is forgotten. */
  async resetCondition(): Promise<ShipCondition> {
    await this.#d.repo.clearConditions();
    this.#d.conditionChanged();
    return this.condition();
  }

  async saveCondition(input: ShipConditionInput, by: string | null): Promise<ShipCondition> {
    // A cargo the hull cannot carry is a typing error (an extra zero), not a condition to fit the model on.
    const { deadweightT } = await this.#d.hull();
    if (deadweightT > 0 && input.cargoT > deadweightT) {
      const message = `${speedMessages.cargoAboveDeadweight} (${Math.round(deadweightT).toLocaleString('en-US')} t)`;
      throw validationFailed(message, [{ path: 'body.cargoT', message }]);
    }
    // A status the live speed, revolutions or draughts contradict is refused at its field unless confirmed.
    const { confirmed, ...condition } = input;
    if (!confirmed) {
      const live = await this.#d.live();
      const fresh = live.at != null && this.#d.now() - live.at <= STALE_MS;
      const conflicts = fresh
        ? conditionConflicts(
            condition,
            {
              sog: live.value(CH.sog) ?? undefined,
              rev: live.value(CH.rev) ?? undefined,
              meanDraftM: meanDraft(live),
            },
            await this.#d.hull(),
          )
        : [];
      if (conflicts.length > 0) throw validationFailed(conflicts[0]!.message, conflicts);
    }
    const setAt = new Date(this.#d.now()).toISOString();
    await this.#d.repo.insertCondition({ ...condition, setAt, setBy: by });
    this.#d.conditionChanged();
    return { ...condition, source: 'crew', setAt, setBy: by };
  }
}
