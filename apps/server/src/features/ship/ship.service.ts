import { randomUUID } from 'node:crypto';
import {
  type Ship,
  type ShipResponse,
  type StartInfo,
  type StartInfoInput,
  shipSchema,
  startInfoInputSchema,
} from '@ecohelm/contracts';
import { notFound } from '../../platform/errors.ts';
import { parseBody } from '../../platform/parse-body.ts';
import { capacityRefusals, dateRefusals, refuseImpossible } from '../../platform/plausibility.ts';
import { type ActorLike, type AuditLog, actorName } from '../audit/index.ts';
import type { ShipRepository } from './ship.repository.ts';

/** The vessel shape manages one ship; the fleet shape will key by ship id. */
export const OWN_SHIP_ID = 'own';

/** Ship particulars and start-info entries. */
export class ShipService {
  readonly #repo: ShipRepository;
  readonly #now: () => Date;
  readonly #audit: AuditLog | undefined;

  constructor(repo: ShipRepository, now: () => Date = () => new Date(), audit?: AuditLog) {
    this.#repo = repo;
    this.#now = now;
    this.#audit = audit;
  }

  /** The stored ship, or null before the basic info was saved. */
  async getShip(shipId = OWN_SHIP_ID): Promise<ShipResponse> {
    const row = await this.#repo.findShip(shipId);
    return row ? shipResponseOf(row) : { ship: null, complete: false, updatedAt: null };
  }

  /** The ship when its basic info is complete, else undefined (filling is gated on it). */
  async completeShip(shipId = OWN_SHIP_ID): Promise<Ship | undefined> {
    const r = await this.getShip(shipId);
    return r.complete && r.ship ? r.ship : undefined;
  }

  async saveShip(input: unknown, by: ActorLike, shipId = OWN_SHIP_ID): Promise<ShipResponse> {
    const ship = parseBody(shipSchema, input);
    // A build date more than a day ahead cannot be true (the dates of every record are held against it).
    refuseImpossible(
      dateRefusals('buildDate', ship.buildDate ? `${ship.buildDate}T00:00:00.000Z` : null, {
        now: this.#now(),
      }),
    );
    const now = this.#now().toISOString();
    const existing = await this.#repo.findShip(shipId);
    await this.#repo.upsertShip({
      id: shipId,
      mmsi: ship.mmsi,
      imo_number: ship.imoNumber,
      name_en: ship.nameEn,
      ship_type: ship.shipType,
      deadweight_t: ship.deadweightT,
      gross_tonnage: ship.grossTonnage ?? null,
      data: JSON.stringify(ship),
      created_at: existing?.created_at ?? now,
      updated_at: now,
      updated_by: actorName(by),
    });
    await this.#audit?.record(by, {
      entity: 'ship',
      entityId: shipId,
      action: existing ? 'update' : 'create',
      before: existing ? shipResponseOf(existing).ship : null,
      after: ship,
    });
    return { ship, complete: true, updatedAt: now };
  }

  /** Start info that cannot be true: dated before the build or a day ahead, or a ROB above the tank capacity. */
  async #refuseImpossibleStartInfo(
    v: { startTime: string; robs?: { fuelType: string; robT: number }[] },
    shipId: string,
  ) {
    const ship = (await this.getShip(shipId)).ship;
    refuseImpossible([
      ...dateRefusals('startTime', v.startTime, { buildDate: ship?.buildDate, now: this.#now() }),
      ...(v.robs ?? []).flatMap((r, i) =>
        capacityRefusals(`robs.${i}.robT`, r.robT, r.fuelType, ship?.fuelTypes),
      ),
    ]);
  }

  async listStartInfo(shipId = OWN_SHIP_ID): Promise<StartInfo[]> {
    return (await this.#repo.listStartInfo(shipId)).map(toStartInfo);
  }

  async createStartInfo(
    input: StartInfoInput | unknown,
    by?: ActorLike,
    shipId = OWN_SHIP_ID,
  ): Promise<StartInfo> {
    const v = parseBody(startInfoInputSchema, input);
    await this.#refuseImpossibleStartInfo(v, shipId);
    const now = this.#now().toISOString();
    const row = {
      id: randomUUID(),
      ship_id: shipId,
      change_type: v.changeType,
      start_time: new Date(v.startTime).toISOString(),
      data: JSON.stringify({ ...v, startTime: new Date(v.startTime).toISOString() }),
      created_at: now,
      updated_at: now,
    };
    await this.#repo.insertStartInfo(row);
    const after = toStartInfo(row);
    await this.#audit?.record(by, {
      entity: 'start_info',
      entityId: row.id,
      action: 'create',
      before: null,
      after,
    });
    return after;
  }

  async updateStartInfo(
    id: string,
    input: unknown,
    by?: ActorLike,
    shipId = OWN_SHIP_ID,
  ): Promise<StartInfo> {
    const v = parseBody(startInfoInputSchema, input);
    const existing = await this.#repo.findStartInfo(shipId, id);
    if (!existing) throw notFound('No such start-info entry.');
    await this.#refuseImpossibleStartInfo(v, shipId);
    const now = this.#now().toISOString();
    const startTime = new Date(v.startTime).toISOString();
    const ok = await this.#repo.updateStartInfo(shipId, id, {
      change_type: v.changeType,
      start_time: startTime,
      data: JSON.stringify({ ...v, startTime }),
      updated_at: now,
    });
    if (!ok) throw notFound('No such start-info entry.');
    const row = await this.#repo.findStartInfo(shipId, id);
    if (!row) throw notFound('No such start-info entry.');
    const after = toStartInfo(row);
    await this.#audit?.record(by, {
      entity: 'start_info',
      entityId: id,
      action: 'update',
      before: toStartInfo(existing),
      after,
    });
    return after;
  }

  async deleteStartInfo(id: string, by?: ActorLike, shipId = OWN_SHIP_ID): Promise<void> {
    const existing = await this.#repo.findStartInfo(shipId, id);
    if (!existing || !(await this.#repo.deleteStartInfo(shipId, id)))
      throw notFound('No such start-info entry.');
    await this.#audit?.record(by, {
      entity: 'start_info',
      entityId: id,
      action: 'delete',
      before: toStartInfo(existing),
      after: null,
    });
  }
}

/** A stored ship row as the API gives it (also the shore's copy of a ship's row). */
export function shipResponseOf(row: { data: string; updated_at: string }): ShipResponse {
  const parsed = shipSchema.safeParse(JSON.parse(row.data));
  // A ship saved under an older contract that no longer validates is shown but counts as incomplete.
  const ship = parsed.success ? parsed.data : (JSON.parse(row.data) as Ship);
  return { ship, complete: parsed.success, updatedAt: row.updated_at };
}

export function toStartInfo(row: {
  id: string;
  data: string;
  created_at: string;
  updated_at: string;
}): StartInfo {
  const data = JSON.parse(row.data) as Omit<StartInfo, 'id' | 'createdAt' | 'updatedAt'>;
  return { ...data, id: row.id, createdAt: row.created_at, updatedAt: row.updated_at };
}
