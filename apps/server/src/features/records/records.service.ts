import type {
  BunkerRecord,
  BunkerRecordInput,
  HullCleaningRecord,
  HullCleaningRecordInput,
  OilChangeRecord,
  OilChangeRecordInput,
  RecordsQuery,
} from '@ecohelm/contracts';
import { notFound } from '../../platform/errors.ts';
import type { RecordSource, RecordsRepository } from './records.repository.ts';

/** The crew's records (bunker deliveries, oil changes, hull cleanings), also filled by the simulator. */
export class RecordsService {
  readonly #repo: RecordsRepository;
  readonly #now: () => Date;

  constructor(repo: RecordsRepository, now: () => Date = () => new Date()) {
    this.#repo = repo;
    this.#now = now;
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

  async addBunker(input: BunkerRecordInput, source: RecordSource = 'crew'): Promise<BunkerRecord> {
    const [id] = await this.#repo.insertBunker([input], source, this.#now().toISOString());
    const found = (await this.#repo.listBunker({ limit: 1000 })).find((r) => r.id === id);
    if (!found) throw notFound();
    return found;
  }
  async addOilChange(input: OilChangeRecordInput, source: RecordSource = 'crew'): Promise<OilChangeRecord> {
    const [id] = await this.#repo.insertOilChange([input], source, this.#now().toISOString());
    const found = (await this.#repo.listOilChange({ limit: 1000 })).find((r) => r.id === id);
    if (!found) throw notFound();
    return found;
  }
  async addHullCleaning(
    input: HullCleaningRecordInput,
    source: RecordSource = 'crew',
  ): Promise<HullCleaningRecord> {
    const [id] = await this.#repo.insertHullCleaning([input], source, this.#now().toISOString());
    const found = (await this.#repo.listHullCleaning({ limit: 1000 })).find((r) => r.id === id);
    if (!found) throw notFound();
    return found;
  }

  /** Replaces a record's fields; it becomes the crew's. 404 when there is none. */
  async updateBunker(id: number, input: BunkerRecordInput): Promise<BunkerRecord> {
    if (!(await this.#repo.updateBunker(id, input))) throw notFound('No bunker record with this id.');
    return (await this.#repo.listBunker({ limit: 100_000 })).find((r) => r.id === id)!;
  }
  async updateOilChange(id: number, input: OilChangeRecordInput): Promise<OilChangeRecord> {
    if (!(await this.#repo.updateOilChange(id, input))) throw notFound('No oil change record with this id.');
    return (await this.#repo.listOilChange({ limit: 100_000 })).find((r) => r.id === id)!;
  }
  async delete(kind: 'bunker' | 'oil-change' | 'hull-cleaning', id: number): Promise<void> {
    const table = (
      {
        bunker: 'bunker_records',
        'oil-change': 'oil_change_records',
        'hull-cleaning': 'hull_cleaning_records',
      } as const
    )[kind];
    if (!(await this.#repo.delete(table, id))) throw notFound('No record with this id.');
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
    await this.#repo.insertBunker(records.bunker, source, now);
    await this.#repo.insertOilChange(records.oilChange, source, now);
    await this.#repo.insertHullCleaning(records.hullCleaning, source, now);
  }

  lastSimulatorRecordTime(): Promise<string | undefined> {
    return this.#repo.lastSimulatorRecordTime();
  }
}
