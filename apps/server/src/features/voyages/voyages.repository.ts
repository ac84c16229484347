import type { Voyage, VoyageEvent, VoyageEventsQuery } from '@ecohelm/contracts';
import type { Kysely } from 'kysely';
import { KeyValues } from '../../db/key-values.ts';
import type { Database } from '../../db/schema.ts';
import type { VoyageEventsTable } from '../../db/tables/voyages.ts';

export type NewVoyageEvent = Omit<VoyageEvent, 'id'>;

const toEvent = (r: Omit<VoyageEventsTable, 'id'> & { id: number }): VoyageEvent => ({
  id: Number(r.id),
  type: r.type as VoyageEvent['type'],
  time: r.time,
  voyageNumber: r.voyage_number === null ? null : Number(r.voyage_number),
  port: r.port,
  place: r.place,
  latitude: r.latitude,
  longitude: r.longitude,
  data: JSON.parse(r.data) as VoyageEvent['data'],
  source: r.source,
});

/** Voyage events, the tables derived from them, and the simulator's small key/value state. */
export class VoyageRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Inserts events; an event already stored (same source, type and time) is skipped. */
  async insertEvents(events: readonly NewVoyageEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += 500) {
      const rows = events.slice(i, i + 500).map((e) => ({
        type: e.type,
        time: e.time,
        voyage_number: e.voyageNumber,
        port: e.port,
        place: e.place,
        latitude: e.latitude,
        longitude: e.longitude,
        data: JSON.stringify(e.data),
        source: e.source,
      }));
      await this.#db
        .insertInto('voyage_events')
        .values(rows)
        .onConflict((oc) => oc.columns(['source', 'type', 'time']).doNothing())
        .execute();
    }
  }

  async listEvents(q: Partial<VoyageEventsQuery> = {}): Promise<VoyageEvent[]> {
    let query = this.#db.selectFrom('voyage_events').selectAll();
    if (q.from) query = query.where('time', '>=', q.from);
    if (q.to) query = query.where('time', '<', q.to);
    if (q.type?.length) query = query.where('type', 'in', q.type);
    const rows = await query
      .orderBy('time')
      .orderBy('id')
      .limit(q.limit ?? 100_000)
      .execute();
    return rows.map(toEvent);
  }

  async lastEventTime(source: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('voyage_events')
      .select((eb) => eb.fn.max('time').as('time'))
      .where('source', '=', source)
      .executeTakeFirst();
    return row?.time ?? undefined;
  }

  /** Replaces every derived row with `voyages`, in one transaction. */
  async replaceDerived(voyages: readonly Voyage[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('voyage_legs').execute();
      await trx.deleteFrom('port_calls').execute();
      await trx.deleteFrom('voyage_periods').execute();
      await trx.deleteFrom('voyages').execute();
      for (const v of voyages) {
        await trx
          .insertInto('voyages')
          .values({
            voyage_number: v.voyageNumber,
            departure_port: v.departurePort,
            arrival_port: v.arrivalPort,
            departure_time: v.departureTime,
            arrival_time: v.arrivalTime,
            end_time: v.endTime,
            loading_status: v.loadingStatus,
            distance_nm: v.distanceNm,
          })
          .execute();
        if (v.legs.length) {
          await trx
            .insertInto('voyage_legs')
            .values(
              v.legs.map((l) => ({
                voyage_number: v.voyageNumber,
                seq: l.seq,
                from_port: l.fromPort,
                to_port: l.toPort,
                departure_time: l.departureTime,
                arrival_time: l.arrivalTime,
                distance_nm: l.distanceNm,
              })),
            )
            .execute();
        }
        if (v.portCalls.length) {
          await trx
            .insertInto('port_calls')
            .values(
              v.portCalls.map((c) => ({
                voyage_number: v.voyageNumber,
                port: c.port,
                arrival_time: c.arrivalTime,
                departure_time: c.departureTime,
              })),
            )
            .execute();
        }
        if (v.periods.length) {
          await trx
            .insertInto('voyage_periods')
            .values(
              v.periods.map((p) => ({
                voyage_number: v.voyageNumber,
                kind: p.kind,
                start_time: p.startTime,
                end_time: p.endTime,
                latitude: p.latitude,
                longitude: p.longitude,
                place: p.place,
                purpose: p.purpose,
              })),
            )
            .execute();
        }
      }
    });
  }

  async listVoyages(): Promise<Voyage[]> {
    const [voyages, legs, calls, periods] = await Promise.all([
      this.#db.selectFrom('voyages').selectAll().orderBy('voyage_number').execute(),
      this.#db.selectFrom('voyage_legs').selectAll().orderBy('voyage_number').orderBy('seq').execute(),
      this.#db.selectFrom('port_calls').selectAll().orderBy('arrival_time').execute(),
      this.#db.selectFrom('voyage_periods').selectAll().orderBy('start_time').execute(),
    ]);
    const byNumber = new Map<number, Voyage>();
    const out = voyages.map((v) => {
      const voyage: Voyage = {
        voyageNumber: Number(v.voyage_number),
        departurePort: v.departure_port,
        arrivalPort: v.arrival_port,
        departureTime: v.departure_time,
        arrivalTime: v.arrival_time,
        endTime: v.end_time,
        loadingStatus: Number(v.loading_status) as 1 | 2 | 3,
        distanceNm: v.distance_nm,
        legs: [],
        portCalls: [],
        periods: [],
      };
      byNumber.set(voyage.voyageNumber, voyage);
      return voyage;
    });
    for (const l of legs) {
      byNumber.get(Number(l.voyage_number))?.legs.push({
        seq: Number(l.seq),
        fromPort: l.from_port,
        toPort: l.to_port,
        departureTime: l.departure_time,
        arrivalTime: l.arrival_time,
        distanceNm: l.distance_nm,
      });
    }
    for (const c of calls) {
      byNumber.get(Number(c.voyage_number))?.portCalls.push({
        port: c.port,
        arrivalTime: c.arrival_time,
        departureTime: c.departure_time,
      });
    }
    for (const p of periods) {
      byNumber.get(Number(p.voyage_number))?.periods.push({
        kind: p.kind,
        startTime: p.start_time,
        endTime: p.end_time,
        latitude: p.latitude,
        longitude: p.longitude,
        place: p.place,
        purpose: p.purpose,
      });
    }
    return out;
  }

  getState(key: string): Promise<string | undefined> {
    return new KeyValues(this.#db, 'simulator_state').get(key);
  }

  setState(key: string, value: string): Promise<void> {
    return new KeyValues(this.#db, 'simulator_state').set(key, value);
  }
}
