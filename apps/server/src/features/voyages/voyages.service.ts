import type { Voyage, VoyageEvent, VoyageEventsQuery } from '@ecohelm/contracts';
import { deriveVoyages } from './voyages.derive.ts';
import type { NewVoyageEvent, VoyageRepository } from './voyages.repository.ts';

export type { NewVoyageEvent };

/** Voyage events and the voyages, legs, port calls and periods derived from them. */
export class VoyageService {
  readonly #repo: VoyageRepository;

  constructor(repo: VoyageRepository) {
    this.#repo = repo;
  }

  /** Stores events (idempotent per source, type and time) and re-derives voyages. */
  async recordEvents(events: readonly NewVoyageEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.#repo.insertEvents(events);
    await this.rederive();
  }

  /** Rebuilds voyages, legs, port calls and periods from every stored event. */
  async rederive(): Promise<void> {
    await this.#repo.replaceDerived(deriveVoyages(await this.#repo.listEvents()));
  }

  listEvents(query: VoyageEventsQuery): Promise<VoyageEvent[]> {
    return this.#repo.listEvents(query);
  }

  /** Voyages, newest first. */
  async listVoyages(): Promise<Voyage[]> {
    return (await this.#repo.listVoyages()).reverse();
  }

  lastEventTime(source: string): Promise<string | undefined> {
    return this.#repo.lastEventTime(source);
  }

  getState(key: string): Promise<string | undefined> {
    return this.#repo.getState(key);
  }

  setState(key: string, value: string): Promise<void> {
    return this.#repo.setState(key, value);
  }
}
