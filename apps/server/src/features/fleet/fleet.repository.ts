import { CHANNEL } from '@ecohelm/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RollupRow } from '../telemetry/index.ts';

/** Rollup rows read at a time when a ship's console is copied (a few MB of objects). */
const ROLLUP_PAGE = 20_000;

/** A ship's row of one stream as the shore holds it (`data`: the ship's table row as JSON). */
export interface ShipRow {
  stream: string;
  key: string;
  deleted: number;
  data: string;
}

/** A rollup bucket of one channel as the shore holds it (`t` epoch s, `lastT` epoch ms). */
export type ShipRollupRow = Omit<RollupRow, 'channelId'> & { channel: string };

/** A ship's synced row of one stream: the ship's table row as it sent it (`data`, JSON). */
export interface SyncedRow {
  ship_id: string;
  stream: string;
  key: string;
  data: string;
}

/** The streams the fleet pages read: particulars, start info, filling, bunker records (the checks' BDNs), alarms. */
export const FLEET_STREAMS = ['ship', 'ship_start_info', 'filling', 'bunker', 'alarm'] as const;

const LAT = CHANNEL.lat;
const LON = CHANNEL.lon;

/**
 * The order each stream's rows have in the ship's own repositories (filling records by creation, start info and
 * bunker records newest first, alarms by raising), so the shore's calculations see them as the ship's do; the
 * stored order of PostgreSQL rows is no order at all. Each key is read from the row the ship sent.
 */
const SHIP_ORDER: Record<string, readonly [string, 'asc' | 'desc'][]> = {
  filling: [
    ['created_at', 'asc'],
    ['id', 'asc'],
  ],
  ship_start_info: [
    ['start_time', 'desc'],
    ['id', 'asc'],
  ],
  bunker: [
    ['start_time', 'desc'],
    ['id', 'desc'],
  ],
  alarm: [
    ['raised_at', 'desc'],
    ['id', 'desc'],
  ],
};

const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = a === null || a === undefined ? '' : String(a);
  const y = b === null || b === undefined ? '' : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Rows (already ordered by ship, stream and key) put in their ship's own order per stream; a row whose data is not
 * a JSON object is left out and named through `skipped`, so one malformed record does not fail a whole page.
 */
export function inShipOrder<T extends { ship_id?: string; stream: string; key: string; data: string }>(
  rows: readonly T[],
  skipped: (row: T, reason: string) => void = () => undefined,
): T[] {
  const parsed: { row: T; data: Record<string, unknown> }[] = [];
  for (const row of rows) {
    try {
      const data = JSON.parse(row.data) as unknown;
      if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error('not an object');
      parsed.push({ row, data: data as Record<string, unknown> });
    } catch (error) {
      skipped(row, (error as Error).message);
    }
  }
  const order = (a: (typeof parsed)[number], b: (typeof parsed)[number]) => {
    const byShip = compareValues(a.row.ship_id, b.row.ship_id) || compareValues(a.row.stream, b.row.stream);
    if (byShip !== 0) return byShip;
    for (const [column, direction] of SHIP_ORDER[a.row.stream] ?? []) {
      const c = compareValues(a.data[column], b.data[column]);
      if (c !== 0) return direction === 'asc' ? c : -c;
    }
    return compareValues(a.row.key, b.row.key);
  };
  return parsed.sort(order).map((p) => p.row);
}

/** Reads the shore's copy of every ship (the `fleet_*` tables the sync writes); never writes. */
export class FleetRepository {
  readonly #db: Kysely<Database>;
  readonly #skipped: (row: { ship_id?: string; stream: string; key: string }, reason: string) => void;

  /** `skipped` hears of each stored record left out because it is malformed (the shore logs it). */
  constructor(
    db: Kysely<Database>,
    skipped: (row: { ship_id?: string; stream: string; key: string }, reason: string) => void = () =>
      undefined,
  ) {
    this.#db = db;
    this.#skipped = skipped;
  }

  /** The registered ships (a retired one is no longer in the fleet). */
  ships() {
    return this.#db
      .selectFrom('fleet_ships')
      .selectAll()
      .where('status', '=', 'registered')
      .orderBy('ship_id')
      .execute();
  }

  ship(shipId: string) {
    return this.#db
      .selectFrom('fleet_ships')
      .selectAll()
      .where('ship_id', '=', shipId)
      .where('status', '=', 'registered')
      .executeTakeFirst();
  }

  /** The live (not deleted) rows of the fleet pages' streams, of one ship or of all, each ship's in its own order. */
  async records(shipId?: string): Promise<SyncedRow[]> {
    let q = this.#db
      .selectFrom('fleet_records')
      .select(['ship_id', 'stream', 'key', 'data'])
      .where('deleted', '=', 0)
      .where('stream', 'in', [...FLEET_STREAMS]);
    if (shipId !== undefined) q = q.where('ship_id', '=', shipId);
    return inShipOrder(await q.orderBy('ship_id').orderBy('stream').orderBy('key').execute(), this.#skipped);
  }

  /**
   * One ship's rows of every stream, as it sent them: the live ones, or with `receivedSince` (ISO time) every row
   * received since then, deletions included. What its console's copy is made and kept up of.
   */
  shipRows(shipId: string, receivedSince?: string): Promise<ShipRow[]> {
    let q = this.#db
      .selectFrom('fleet_records')
      .select(['stream', 'key', 'deleted', 'data'])
      .where('ship_id', '=', shipId);
    q =
      receivedSince === undefined ? q.where('deleted', '=', 0) : q.where('received_at', '>=', receivedSince);
    return q.orderBy('stream').orderBy('key').execute();
  }

  /**
   * One ship's rollups of a level with a bucket start from `fromS` (epoch s), oldest first, a page at a time; with
   * `receivedSince` (epoch ms) only the buckets received since then.
   */
  async *shipRollups(
    shipId: string,
    level: '1h' | '1d',
    fromS: number,
    receivedSince?: number,
  ): AsyncGenerator<ShipRollupRow[]> {
    const columns = ['channel', 't', 'n', 'v_sum', 'v_min', 'v_max', 'v_last', 'last_t'] as const;
    // PostgreSQL answers its bigint and double columns as strings or numbers by type: one shape here.
    const shape = (r: Record<(typeof columns)[number], string | number>): ShipRollupRow => ({
      channel: String(r.channel),
      t: Number(r.t),
      n: Number(r.n),
      sum: Number(r.v_sum),
      min: Number(r.v_min),
      max: Number(r.v_max),
      last: Number(r.v_last),
      lastT: Number(r.last_t),
    });
    if (receivedSince !== undefined) {
      // What arrived since: few rows, found by their time of arrival.
      const rows = await this.#db
        .selectFrom('fleet_rollups')
        .select(columns)
        .where('ship_id', '=', shipId)
        .where('received_at', '>=', receivedSince)
        .where('level', '=', level)
        .where('t', '>=', fromS)
        .orderBy('t')
        .orderBy('channel')
        .execute();
      yield rows.map(shape);
      return;
    }
    // Pages in the primary key's order (ship, level, channel, t), so each is one range of its index.
    let after: { channel: string; t: number } | undefined;
    for (;;) {
      let q = this.#db
        .selectFrom('fleet_rollups')
        .select(columns)
        .where('ship_id', '=', shipId)
        .where('level', '=', level)
        .where('t', '>=', fromS);
      if (after) {
        const { channel, t } = after;
        q = q.where((eb) => eb(eb.refTuple('channel', 't'), '>', eb.tuple(channel, t)));
      }
      const rows = await q.orderBy('channel').orderBy('t').limit(ROLLUP_PAGE).execute();
      if (rows.length === 0) return;
      const page = rows.map(shape);
      yield page;
      const last = page.at(-1)!;
      after = { channel: last.channel, t: last.t };
    }
  }

  /** Each ship's last known position: the last value of its newest hourly bucket of latitude and longitude. */
  async positions(shipId?: string): Promise<Map<string, { lat: number; lon: number; at: string }>> {
    let newest = this.#db
      .selectFrom('fleet_rollups')
      .select((eb) => ['ship_id', 'channel', eb.fn.max('t').as('t')])
      .where('level', '=', '1h')
      .where('channel', 'in', [LAT, LON])
      .groupBy(['ship_id', 'channel']);
    if (shipId !== undefined) newest = newest.where('ship_id', '=', shipId);
    const rows = await this.#db
      .selectFrom('fleet_rollups as r')
      .innerJoin(newest.as('n'), (j) =>
        j.onRef('n.ship_id', '=', 'r.ship_id').onRef('n.channel', '=', 'r.channel').onRef('n.t', '=', 'r.t'),
      )
      .select(['r.ship_id', 'r.channel', 'r.v_last', 'r.last_t'])
      .where('r.level', '=', '1h')
      .orderBy('r.ship_id')
      .orderBy('r.channel')
      .execute();
    const out = new Map<string, { lat: number; lon: number; at: string }>();
    const partial = new Map<string, { lat?: number; lon?: number; at: number }>();
    for (const r of rows) {
      const p = partial.get(r.ship_id) ?? { at: 0 };
      if (r.channel === LAT) p.lat = Number(r.v_last);
      else p.lon = Number(r.v_last);
      p.at = Math.max(p.at, Number(r.last_t));
      partial.set(r.ship_id, p);
    }
    for (const [ship, p] of partial) {
      if (p.lat === undefined || p.lon === undefined) continue;
      // `last_t` is the time of the bucket's last sample, epoch ms.
      out.set(ship, { lat: p.lat, lon: p.lon, at: new Date(p.at).toISOString() });
    }
    return out;
  }
}
