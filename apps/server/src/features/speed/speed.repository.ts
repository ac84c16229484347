import type { ShipConditionInput, VoyagePlanInput } from '@ecohelm/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type PlanSource = 'simulator' | 'crew' | 'rtz';

export interface StoredPlan {
  plan: VoyagePlanInput;
  source: PlanSource;
  updatedAt: string;
  updatedBy: string | null;
}

export interface StoredAdjustment {
  at: string;
  decision: 'accept' | 'override';
  rpm: number;
  advisedRpm: number | null;
  reason: string;
  by: string | null;
}

/** Voyage plans, the crew's ship condition, the advice history and the crew's decisions: every version kept. */
export class SpeedRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insertPlan(p: StoredPlan): Promise<void> {
    await this.#db
      .insertInto('voyage_plans')
      .values({
        voyage_no: p.plan.voyageNo,
        etd: p.plan.etd,
        source: p.source,
        value: JSON.stringify(p.plan),
        updated_at: p.updatedAt,
        updated_by: p.updatedBy,
      })
      .execute();
  }

  async latestPlan(): Promise<StoredPlan | undefined> {
    const r = await this.#db
      .selectFrom('voyage_plans')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!r) return undefined;
    const plan = JSON.parse(r.value) as VoyagePlanInput;
    // Fields added to the plan later are filled with their empty value.
    plan.specialPoints = plan.specialPoints.map((s) => ({ ...s, stayH: s.stayH ?? null }));
    return r
      ? {
          plan,
          source: r.source as PlanSource,
          updatedAt: r.updated_at,
          updatedBy: r.updated_by,
        }
      : undefined;
  }

  async insertCondition(c: ShipConditionInput & { setAt: string; setBy: string | null }): Promise<void> {
    await this.#db
      .insertInto('ship_conditions')
      .values({
        ship_status: c.shipStatus,
        loading_status: c.loadingStatus,
        cargo_t: c.cargoT,
        set_at: c.setAt,
        set_by: c.setBy,
      })
      .execute();
  }

  /** Forgets the crew's settings: the condition is derived from the sensors again. */
  async clearConditions(): Promise<void> {
    await this.#db.deleteFrom('ship_conditions').execute();
  }

  async latestCondition(): Promise<
    (ShipConditionInput & { setAt: string; setBy: string | null }) | undefined
  > {
    const r = await this.#db
      .selectFrom('ship_conditions')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r
      ? {
          shipStatus: r.ship_status as ShipConditionInput['shipStatus'],
          loadingStatus: r.loading_status as ShipConditionInput['loadingStatus'],
          cargoT: r.cargo_t,
          setAt: r.set_at,
          setBy: r.set_by,
        }
      : undefined;
  }

  async insertAdvice(p: { t: number; advisedRpm: number; actualRpm: number | null }): Promise<void> {
    await this.#db
      .insertInto('rpm_advice')
      .values({ t: p.t, advised_rpm: p.advisedRpm, actual_rpm: p.actualRpm })
      .onConflict((oc) => oc.column('t').doNothing())
      .execute();
  }

  async lastAdviceTime(): Promise<number | undefined> {
    const r = await this.#db
      .selectFrom('rpm_advice')
      .select((eb) => eb.fn.max('t').as('t'))
      .executeTakeFirst();
    return r?.t == null ? undefined : Number(r.t);
  }

  async advice(
    fromMs: number,
    toMs: number,
  ): Promise<{ t: number; advisedRpm: number; actualRpm: number | null }[]> {
    const rows = await this.#db
      .selectFrom('rpm_advice')
      .selectAll()
      .where('t', '>=', fromMs)
      .where('t', '<=', toMs)
      .orderBy('t')
      .execute();
    return rows.map((r) => ({ t: Number(r.t), advisedRpm: r.advised_rpm, actualRpm: r.actual_rpm }));
  }

  async insertAdjustment(a: StoredAdjustment): Promise<void> {
    await this.#db
      .insertInto('rpm_adjustments')
      .values({
        at: a.at,
        decision: a.decision,
        rpm: a.rpm,
        advised_rpm: a.advisedRpm,
        reason: a.reason,
        by: a.by,
      })
      .execute();
  }

  async adjustments(fromIso: string): Promise<StoredAdjustment[]> {
    const rows = await this.#db
      .selectFrom('rpm_adjustments')
      .selectAll()
      .where('at', '>=', fromIso)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      at: r.at,
      decision: r.decision as StoredAdjustment['decision'],
      rpm: r.rpm,
      advisedRpm: r.advised_rpm,
      reason: r.reason,
      by: r.by,
    }));
  }
}
