import type {
  BunkerRecord,
  BunkerRecordInput,
  HullCleaningRecord,
  HullCleaningRecordInput,
  OilChangeRecord,
  OilChangeRecordInput,
  RecordsQuery,
  Ship,
} from '@ecohelm/contracts';
import { notFound } from '../../platform/errors.ts';
import { capacityRefusals, dateRefusals, refuseImpossible } from '../../platform/plausibility.ts';
import type { ActorLike, AuditLog } from '../audit/index.ts';
import type { RecordSource, RecordsRepository } from './records.repository.ts';

/** What the records need of other features: the ship's particulars (build date, tanks) and the audit trail. */
export interface RecordsDeps {
  ship?: () => Promise<Ship | null | undefined>;
  audit?: AuditLog;
}

/** The crew's records (bunker deliveries, oil changes, hull cleanings), also filled by the simulator. */
export class RecordsService {
  readonly #repo: RecordsRepository;
  readonly #now: () => Date;
  readonly #deps: RecordsDeps;

  constructor(repo: RecordsRepository, now: () => Date = () => new Date(), deps: RecordsDeps = {}) {
    this.#repo = repo;
    this.#now = now;
    this.#deps = deps;
  }

  listBunker(q: RecordsQuery): Promise<BunkerRecord[]> {
    return this.#repo.listBunker(q);
  }
  listOilChange(q: RecordsQuery): Promise<OilChangeRecord[]> {
    return this.#repo.listOilChange(q);
  }
  listHullCleaning(q: RecordsQuery): Promise<HullCleaningRecord[]> {
    return this.#repo.listHullCleaning(q);
  }

  async addBunker(
    input: BunkerRecordInput,
    source: RecordSource = 'crew',
    by?: ActorLike,
  ): Promise<BunkerRecord> {
    await this.#refuseImpossibleBunker(input);
    const [id] = await this.#repo.insertBunker([input], source, this.#now().toISOString());
    const found = await this.#repo.findBunker(id as number);
    if (!found) throw notFound();
    await this.#deps.audit?.record(by, {
      entity: 'bunker',
      entityId: String(found.id),
      action: 'create',
      before: null,
      after: found,
    });
    return found;
  }
  async addOilChange(
    input: OilChangeRecordInput,
    source: RecordSource = 'crew',
    by?: ActorLike,
  ): Promise<OilChangeRecord> {
    await this.#refuseImpossibleDates(input);
    const [id] = await this.#repo.insertOilChange([input], source, this.#now().toISOString());
    const found = await this.#repo.findOilChange(id as number);
    if (!found) throw notFound();
    await this.#deps.audit?.record(by, {
      entity: 'oil_change',
      entityId: String(found.id),
      action: 'create',
      before: null,
      after: found,
    });
    return found;
  }
  async addHullCleaning(
    input: HullCleaningRecordInput,
    source: RecordSource = 'crew',
  ): Promise<HullCleaningRecord> {
    await this.#refuseImpossibleDates(input);
    const [id] = await this.#repo.insertHullCleaning([input], source, this.#now().toISOString());
    const found = (await this.#repo.listHullCleaning({ limit: 1000 })).find((r) => r.id === id);
    if (!found) throw notFound();
    return found;
  }

  /** Replaces a hull maintenance record's fields (a wrong date or place typed); it becomes the crew's. */
  async updateHullCleaning(id: number, input: HullCleaningRecordInput): Promise<HullCleaningRecord> {
    await this.#refuseImpossibleDates(input);
    if (!(await this.#repo.updateHullCleaning(id, input)))
      throw notFound('No hull cleaning record with this id.');
    const found = (await this.#repo.listHullCleaning({ limit: 1000 })).find((r) => r.id === id);
    if (!found) throw notFound('No hull cleaning record with this id.');
    return found;
  }

  /** Replaces a record's fields; it becomes the crew's. 404 when there is none. */
  async updateBunker(id: number, input: BunkerRecordInput, by?: ActorLike): Promise<BunkerRecord> {
    const before = await this.#repo.findBunker(id);
    if (!before) throw notFound('No bunker record with this id.');
    await this.#refuseImpossibleBunker(input);
    if (!(await this.#repo.updateBunker(id, input))) throw notFound('No bunker record with this id.');
    const after = (await this.#repo.findBunker(id)) as BunkerRecord;
    await this.#deps.audit?.record(by, {
      entity: 'bunker',
      entityId: String(id),
      action: 'update',
      before,
      after,
    });
    return after;
  }
  async updateOilChange(id: number, input: OilChangeRecordInput, by?: ActorLike): Promise<OilChangeRecord> {
    const before = await this.#repo.findOilChange(id);
    if (!before) throw notFound('No oil change record with this id.');
    await this.#refuseImpossibleDates(input);
    if (!(await this.#repo.updateOilChange(id, input))) throw notFound('No oil change record with this id.');
    const after = (await this.#repo.findOilChange(id)) as OilChangeRecord;
    await this.#deps.audit?.record(by, {
      entity: 'oil_change',
      entityId: String(id),
      action: 'update',
      before,
      after,
    });
    return after;
  }
  async delete(kind: 'bunker' | 'oil-change' | 'hull-cleaning', id: number, by?: ActorLike): Promise<void> {
    const table = (
      {
        bunker: 'bunker_records',
        'oil-change': 'oil_change_records',
        'hull-cleaning': 'hull_cleaning_records',
      } as const
    )[kind];
    const before =
      kind === 'bunker'
        ? await this.#repo.findBunker(id)
        : kind === 'oil-change'
          ? await this.#repo.findOilChange(id)
          : undefined;
    if (!(await this.#repo.delete(table, id))) throw notFound('No record with this id.');
    if (before) {
      await this.#deps.audit?.record(by, {
        entity: kind === 'bunker' ? 'bunker' : 'oil_change',
        entityId: String(id),
        action: 'delete',
        before,
        after: null,
      });
    }
  }

  /** Bulk insert for the simulator. */
  async addMany(
    records: {
      bunker: BunkerRecordInput[];
      oilChange: OilChangeRecordInput[];
      hullCleaning: HullCleaningRecordInput[];
    },
    source: RecordSource,
  ): Promise<void> {
    const now = this.#now().toISOString();
    const bunkerIds = await this.#repo.insertBunker(records.bunker, source, now);
    const oilIds = await this.#repo.insertOilChange(records.oilChange, source, now);
    await this.#repo.insertHullCleaning(records.hullCleaning, source, now);
    if (!this.#deps.audit || bunkerIds.length + oilIds.length === 0) return;
    const meta = (id: number) => ({ id, source, createdAt: now });
    await this.#deps.audit.record(source, [
      ...records.bunker.map((r, i) => ({
        entity: 'bunker' as const,
        entityId: String(bunkerIds[i]),
        action: 'create' as const,
        before: null,
        after: { ...meta(bunkerIds[i] as number), sulphurPct: null, bdnNumber: null, ...r },
      })),
      ...records.oilChange.map((r, i) => ({
        entity: 'oil_change' as const,
        entityId: String(oilIds[i]),
        action: 'create' as const,
        before: null,
        after: { ...meta(oilIds[i] as number), latitude: null, longitude: null, ...r },
      })),
    ]);
  }

  lastSimulatorRecordTime(): Promise<string | undefined> {
    return this.#repo.lastSimulatorRecordTime();
  }

  /** A bunker delivery: its times (build date, a day ahead) and its quantity within the tank capacity. */
  async #refuseImpossibleBunker(input: BunkerRecordInput): Promise<void> {
    const ship = await this.#deps.ship?.();
    refuseImpossible([
      ...this.#dateRefusals(input, ship),
      ...capacityRefusals('quantityT', input.quantityT, input.fuelType, ship?.fuelTypes),
    ]);
  }

  async #refuseImpossibleDates(input: { startTime: string; endTime: string }): Promise<void> {
    refuseImpossible(this.#dateRefusals(input, await this.#deps.ship?.()));
  }

  #dateRefusals(input: { startTime: string; endTime: string }, ship: Ship | null | undefined) {
    const context = { buildDate: ship?.buildDate, now: this.#now() };
    return [
      ...dateRefusals('startTime', input.startTime, context),
      ...dateRefusals('endTime', input.endTime, context),
    ];
  }
}
