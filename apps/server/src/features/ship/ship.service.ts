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
import type { ShipRepository } from './ship.repository.ts';

/** The vessel shape manages one ship; the fleet shape will key by ship id. */
export const OWN_SHIP_ID = 'own';

/** Ship particulars and start-info entries. */
export class ShipService {
  readonly #repo: ShipRepository;
  readonly #now: () => Date;

  constructor(repo: ShipRepository, now: () => Date = () => new Date()) {
    this.#repo = repo;
    this.#now = now;
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

  async saveShip(input: unknown, by: string | null, shipId = OWN_SHIP_ID): Promise<ShipResponse> {
    const ship = parseBody(shipSchema, input);
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
      updated_by: by,
    });
    return { ship, complete: true, updatedAt: now };
  }

  async listStartInfo(shipId = OWN_SHIP_ID): Promise<StartInfo[]> {
    return (await this.#repo.listStartInfo(shipId)).map(toStartInfo);
  }

  async createStartInfo(input: StartInfoInput | unknown, shipId = OWN_SHIP_ID): Promise<StartInfo> {
    const v = parseBody(startInfoInputSchema, input);
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
    return toStartInfo(row);
  }

  async updateStartInfo(id: string, input: unknown, shipId = OWN_SHIP_ID): Promise<StartInfo> {
    const v = parseBody(startInfoInputSchema, input);
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
    return toStartInfo(row);
  }

  async deleteStartInfo(id: string, shipId = OWN_SHIP_ID): Promise<void> {
    if (!(await this.#repo.deleteStartInfo(shipId, id))) throw notFound('No such start-info entry.');
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
