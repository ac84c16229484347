import { fuelChannels } from '@ecohelm/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A daily rollup row as the overview's day totals read it. */
export interface DailyRow {
  channel: string;
  t: number;
  n: number;
  sum: number;
}

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
export interface ShipRollupRow {
  channel: string;
  t: number;
  n: number;
  sum: number;
  min: number;
  max: number;
  last: number;
  lastT: number;
}

/** The channels the overview's CII reads: speed over ground and every fuel flow. */
const CII_CHANNELS = ['navigation.speedOverGround', ...fuelChannels.map((c) => c.id)];

/** A ship's synced row of one stream: the ship's table row as it sent it (`data`, JSON). */
export interface SyncedRow {
  ship_id: string;
  stream: string;
  key: string;
  data: string;
}

/** The streams the fleet pages read: particulars, start info, filling, bunker records (the checks' BDNs), alarms. */
export const FLEET_STREAMS = ['ship', 'ship_start_info', 'filling', 'bunker', 'alarm'] as const;

const LAT = 'navigation.position.latitude';
const LON = 'navigation.position.longitude';

/** Reads the shore's copy of every ship (the `fleet_*` tables the sync writes); never writes. */
export class FleetRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  ships() {
    return this.#db.selectFrom('fleet_ships').selectAll().orderBy('ship_id').execute();
  }

  ship(shipId: string) {
    return this.#db.selectFrom('fleet_ships').selectAll().where('ship_id', '=', shipId).executeTakeFirst();
  }

  /** The live (not deleted) rows of the fleet pages' streams, of one ship or of all. */
  records(shipId?: string): Promise<SyncedRow[]> {
    let q = this.#db
      .selectFrom('fleet_records')
      .select(['ship_id', 'stream', 'key', 'data'])
      .where('deleted', '=', 0)
      .where('stream', 'in', [...FLEET_STREAMS]);
    if (shipId !== undefined) q = q.where('ship_id', '=', shipId);
    return q.execute();
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
    return q.execute();
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

  /** The daily rollups of speed and fuel flows from `fromMs` (epoch ms), of one ship or of all, by ship. */
  async dailyRollups(fromMs: number, shipId?: string): Promise<Map<string, DailyRow[]>> {
    let q = this.#db
      .selectFrom('fleet_rollups')
      .select(['ship_id', 'channel', 't', 'n', 'v_sum'])
      .where('level', '=', '1d')
      .where('channel', 'in', CII_CHANNELS)
      .where('t', '>=', Math.floor(fromMs / 1000))
      .orderBy('t');
    if (shipId !== undefined) q = q.where('ship_id', '=', shipId);
    const out = new Map<string, DailyRow[]>();
    for (const r of await q.execute()) {
      const row = { channel: r.channel, t: Number(r.t), n: Number(r.n), sum: Number(r.v_sum) };
      const list = out.get(r.ship_id);
      if (list) list.push(row);
      else out.set(r.ship_id, [row]);
    }
    return out;
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
