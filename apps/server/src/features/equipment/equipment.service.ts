import {
  type EquipmentEntry,
  type EquipmentParameters,
  type EquipmentUnit,
  equipmentParametersSchema,
  equipmentUnits,
} from '@ecohelm/contracts';
import { SHOP_TEST_SOURCE, type ShopTestCurve, shopTestCurve } from '@ecohelm/domain';
import { validationFailed } from '../../platform/errors.ts';
import type { EquipmentRepository } from './equipment.repository.ts';

const KIND: Record<EquipmentUnit, EquipmentParameters['kind']> = {
  me: 'main_engine',
  ge1: 'generator',
  ge2: 'generator',
  ge3: 'generator',
  boiler1: 'boiler',
  boiler2: 'boiler',
};

/**
 * The product's reference data until the crew enter their ship's: the shop-test curves of
 * data/engine-shop-test-curves.json and the nameplate of the reference Supramax (MCR at 122 rpm, a 6.0 m propeller
 * of 4.55 m pitch, an oil-fired boiler of 1.5 t/h at 88 % and an exhaust-gas economiser of 1.2 t/h).
 */
function defaults(unit: EquipmentUnit): EquipmentParameters {
  if (unit === 'me') {
    const c = shopTestCurve('me');
    return {
      kind: 'main_engine',
      model: c.label,
      mcrKw: c.ratedPowerKw,
      mcrRpm: 122,
      sfocPoints: [...c.points],
      propellerPitchM: 4.55,
      propellerDiameterM: 6.0,
    };
  }
  if (unit === 'boiler1') {
    return {
      kind: 'boiler',
      model: 'Oil-fired auxiliary boiler',
      capacityKgPerH: 1500,
      efficiencyPct: 88,
      oilFired: true,
    };
  }
  if (unit === 'boiler2') {
    return {
      kind: 'boiler',
      model: 'Exhaust-gas economiser',
      capacityKgPerH: 1200,
      efficiencyPct: 65,
      oilFired: false,
    };
  }
  const c = shopTestCurve('ge');
  return { kind: 'generator', model: c.label, ratedKw: c.ratedPowerKw, sfocPoints: [...c.points] };
}

/**
 * Equipment parameters: nameplate and reference data of every unit, kept with who changed them and when. The
 * monitoring, the load assistant and the assessment read their curves from here.
 */
export class EquipmentService {
  readonly #repo: EquipmentRepository;
  readonly #now: () => number;
  #entries = new Map<EquipmentUnit, EquipmentEntry>();

  constructor(repo: EquipmentRepository, now: () => number = Date.now) {
    this.#repo = repo;
    this.#now = now;
    for (const unit of equipmentUnits) {
      this.#entries.set(unit, { unit, parameters: defaults(unit), updatedAt: null, updatedBy: null });
    }
  }

  /** Reads the newest stored parameters of every unit. */
  async load(): Promise<void> {
    const rows = await this.#repo.rows();
    for (const r of rows) {
      const parsed = equipmentParametersSchema.safeParse(JSON.parse(r.value));
      if (!parsed.success || !(equipmentUnits as readonly string[]).includes(r.unit)) continue;
      const unit = r.unit as EquipmentUnit;
      this.#entries.set(unit, {
        unit,
        parameters: parsed.data,
        updatedAt: r.updated_at,
        updatedBy: r.updated_by,
      });
    }
  }

  list(): { items: EquipmentEntry[]; source: string } {
    return { items: equipmentUnits.map((u) => this.#entries.get(u)!), source: SHOP_TEST_SOURCE };
  }

  async save(
    unit: EquipmentUnit,
    parameters: EquipmentParameters,
    by: string | null,
  ): Promise<EquipmentEntry> {
    if (parameters.kind !== KIND[unit]) {
      throw validationFailed('These parameters are for another kind of equipment.', [
        { path: 'body.kind', message: `This unit takes ${KIND[unit].replace('_', ' ')} parameters.` },
      ]);
    }
    const updatedAt = new Date(this.#now()).toISOString();
    await this.#repo.insert({
      unit,
      value: JSON.stringify(parameters),
      updated_at: updatedAt,
      updated_by: by,
    });
    const entry = { unit, parameters, updatedAt, updatedBy: by };
    this.#entries.set(unit, entry);
    return entry;
  }

  /** The SFOC reference curve of an engine as the models use it. */
  curve(unit: 'me' | 'ge1' | 'ge2' | 'ge3'): ShopTestCurve {
    const p = this.#entries.get(unit)!.parameters;
    const engine = unit === 'me' ? 'me' : 'ge';
    if (p.kind === 'main_engine') {
      return {
        engine,
        label: p.model,
        ratedPowerKw: p.mcrKw,
        points: [...p.sfocPoints],
        source: sourceOf(this.#entries.get(unit)!),
      };
    }
    if (p.kind === 'generator') {
      return {
        engine,
        label: p.model,
        ratedPowerKw: p.ratedKw,
        points: [...p.sfocPoints],
        source: sourceOf(this.#entries.get(unit)!),
      };
    }
    return shopTestCurve(engine);
  }
}

const sourceOf = (e: EquipmentEntry) =>
  e.updatedAt
    ? `Equipment parameters entered by ${e.updatedBy ?? 'the crew'} on ${e.updatedAt.slice(0, 10)}`
    : SHOP_TEST_SOURCE;
