import { randomBytes } from 'node:crypto';
import { fleetMessages } from '@ecohelm/contracts';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { openStore, type Store } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordSources } from '../sync/sync.sources.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { FleetRepository, ShipRollupRow } from './fleet.repository.ts';

/** The ship's console as built on a store: its HTTP app and the telemetry it reads. */
export interface ConsoleApp {
  app: AppInstance;
  services: { telemetry: TelemetryService };
}

interface Replica {
  app: ConsoleApp['app'];
  store: Store;
  token: string;
  /** The ship's last contact when the copy was made: a newer one means new rows. */
  contact: string | null;
  builtAt: number;
  usedAt: number;
}

/** Hourly rollups a copy holds: the ship's first sync sends 400 days (`ECOHELM_SYNC_HISTORY_DAYS`). */
const HOURLY_DAYS = 400;
/** A copy is made again once the ship has been heard from since, but not more often than this. */
const REFRESH_AFTER_MS = 60_000;
/** Copies not read for this long are dropped; at most `MAX_COPIES` are kept (each a few tens of MB). */
const IDLE_MS = 10 * 60_000;
const MAX_COPIES = 3;
/** Ship API paths a copy cannot answer: the live stream never ends, and nothing is live ashore. */
const LIVE_PATHS = ['telemetry/live'];

const tableOfStream = new Map<string, string>(recordSources.map((s) => [s.stream, s.table]));

/**
 * One ship's whole console on a shore, read from the shore's copy of what the ship sent: the rows of its records
 * (which travel whole, so they fill the ship's own tables again) and its hourly and daily rollups, in an in-memory
 * store that the ship's own app serves. The same pages and the same computations as on board, read only; what is
 * not sent ashore (raw samples, minutes, the crew's settings) is not there. A copy is made when a ship is first
 * opened and again when the ship has been heard from since (at most once a minute).
 */
export class ShipConsoles {
  readonly #repo: FleetRepository;
  readonly #build: (store: Store, token: string) => Promise<ConsoleApp>;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #copies = new Map<string, Promise<Replica>>();
  readonly #sweep: ReturnType<typeof setInterval>;

  constructor(deps: {
    repo: FleetRepository;
    build: (store: Store, token: string) => Promise<ConsoleApp>;
    log: FastifyBaseLogger;
    now?: () => number;
  }) {
    this.#repo = deps.repo;
    this.#build = deps.build;
    this.#log = deps.log;
    this.#now = deps.now ?? Date.now;
    this.#sweep = setInterval(() => void this.#dropIdle(), 60_000);
    this.#sweep.unref();
  }

  /**
   * Answers a read of the ship's API (`path` after `/api/v1/`, with its query string) from the ship's copy.
   * 404 for a ship the shore has not heard from.
   */
  async read(
    shipId: string,
    path: string,
    headers: { accept?: string | undefined; acceptLanguage?: string | undefined },
  ): Promise<LightMyRequestResponse> {
    if (LIVE_PATHS.some((p) => path === p || path.startsWith(`${p}?`)))
      throw conflict(fleetMessages.consoleNoLive);
    const replica = await this.#replica(shipId);
    replica.usedAt = this.#now();
    return replica.app.inject({
      method: 'GET',
      url: `/api/v1/${path}`,
      headers: {
        authorization: `Bearer ${replica.token}`,
        accept: headers.accept ?? 'application/json',
        ...(headers.acceptLanguage ? { 'accept-language': headers.acceptLanguage } : {}),
      },
    });
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
    const copies = [...this.#copies.values()];
    this.#copies.clear();
    for (const copy of copies) await copy.then(dispose, () => undefined);
  }

  async #replica(shipId: string): Promise<Replica> {
    const ship = await this.#repo.ship(shipId);
    if (!ship) throw notFound(fleetMessages.unknownShip);
    const entry = this.#copies.get(shipId);
    if (entry) {
      const current = await entry.catch(() => undefined);
      if (
        current &&
        (current.contact === ship.last_contact_at || this.#now() - current.builtAt < REFRESH_AFTER_MS)
      )
        return current;
      // Another request may have started the newer copy meanwhile.
      const newer = this.#copies.get(shipId);
      if (newer && newer !== entry) return newer;
    }
    const making = this.#make(shipId, ship.last_contact_at);
    this.#copies.set(shipId, making);
    making.then(
      () => {
        // The older copy may still be answering a request: it goes a little later.
        if (entry) setTimeout(() => void entry.then(dispose, () => undefined), 30_000).unref();
        void this.#keepAtMost(MAX_COPIES);
      },
      (error: unknown) => {
        if (this.#copies.get(shipId) === making) this.#copies.delete(shipId);
        this.#log.error({ err: error, shipId }, "the shore's copy of a ship could not be made");
      },
    );
    return making;
  }

  async #make(shipId: string, contact: string | null): Promise<Replica> {
    const started = this.#now();
    const store = openStore({});
    try {
      await migrateToLatest(store.db);
      const sqlite = store.sqlite!;
      const rows = await this.#repo.shipRows(shipId);
      const tables = fillTables(sqlite, rows);
      const fromS = Math.floor((started - HOURLY_DAYS * 86_400_000) / 1000);
      const [hours, days] = await Promise.all([
        this.#repo.shipRollups(shipId, '1h', fromS),
        this.#repo.shipRollups(shipId, '1d', 0),
      ]);
      const latest = fillRollups(sqlite, hours, days);
      const token = randomBytes(24).toString('base64url');
      const built = await this.#build(store, token);
      built.services.telemetry.primeLatest(latest);
      this.#log.info(
        {
          shipId,
          rows: rows.length,
          tables,
          hours: hours.length,
          days: days.length,
          ms: this.#now() - started,
        },
        "made the shore's copy of a ship",
      );
      return { app: built.app, store, token, contact, builtAt: this.#now(), usedAt: this.#now() };
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  async #keepAtMost(max: number): Promise<void> {
    const settled = await Promise.all(
      [...this.#copies].map(async ([id, p]) => [id, p, await p.catch(() => undefined)] as const),
    );
    const ready = settled.filter(([, , r]) => r !== undefined).sort((a, b) => a[2]!.usedAt - b[2]!.usedAt);
    for (const [id, p, r] of ready.slice(0, Math.max(0, ready.length - max))) {
      if (this.#copies.get(id) !== p) continue;
      this.#copies.delete(id);
      await dispose(r!);
    }
  }

  async #dropIdle(): Promise<void> {
    const now = this.#now();
    for (const [id, p] of [...this.#copies]) {
      const r = await p.catch(() => undefined);
      if (r && now - r.usedAt > IDLE_MS && this.#copies.get(id) === p) {
        this.#copies.delete(id);
        await dispose(r);
      }
    }
  }
}

async function dispose(replica: Replica): Promise<void> {
  await replica.app.close();
  await replica.store.close();
}

type SqliteHandle = NonNullable<Store['sqlite']>;

/**
 * Puts each synced row back into the ship's table of its stream. Only the columns this server's table has are
 * written (a ship on a newer version may send more); the rest take their defaults. Returns the rows per table.
 */
function fillTables(sqlite: SqliteHandle, rows: readonly { stream: string; data: string }[]) {
  const counts: Record<string, number> = {};
  const columnsOf = new Map<string, Set<string>>();
  const insert = sqlite.transaction(() => {
    for (const row of rows) {
      const table = tableOfStream.get(row.stream);
      if (!table) continue;
      let columns = columnsOf.get(table);
      if (!columns) {
        const info = sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
        columns = new Set(info.map((c) => c.name));
        columnsOf.set(table, columns);
      }
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const names = Object.keys(data).filter((k) => columns.has(k));
      if (names.length === 0) continue;
      const sql = `INSERT OR REPLACE INTO ${table} (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names
        .map(() => '?')
        .join(', ')})`;
      sqlite.prepare(sql).run(...names.map((n) => sqliteValue(data[n])));
      counts[table] = (counts[table] ?? 0) + 1;
    }
  });
  insert();
  return counts;
}

const sqliteValue = (v: unknown) => {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v ?? null;
};

/**
 * Numbers the channels and writes the hourly and daily rollups; returns each channel's latest value (the last value
 * of its newest hourly bucket), which the console shows as its latest, with its time.
 */
function fillRollups(sqlite: SqliteHandle, hours: readonly ShipRollupRow[], days: readonly ShipRollupRow[]) {
  const ids = new Map<string, number>();
  const idOf = (channel: string) => {
    let id = ids.get(channel);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(channel, id);
    }
    return id;
  };
  const latest = new Map<string, { channel: string; t: number; value: number }>();
  const write = sqlite.transaction(() => {
    for (const [table, rows] of [
      ['rollup_1h', hours],
      ['rollup_1d', days],
    ] as const) {
      const statement = sqlite.prepare(
        `INSERT OR REPLACE INTO ${table} (channel_id, t, n, v_sum, v_min, v_max, v_last, last_t) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const r of rows) {
        statement.run(idOf(r.channel), r.t, r.n, r.sum, r.min, r.max, r.last, r.lastT);
        if (table === 'rollup_1h') {
          const prev = latest.get(r.channel);
          if (!prev || r.lastT >= prev.t)
            latest.set(r.channel, { channel: r.channel, t: r.lastT, value: r.last });
        }
      }
    }
    const channel = sqlite.prepare('INSERT INTO channels (id, name) VALUES (?, ?)');
    for (const [name, id] of ids) channel.run(id, name);
  });
  write();
  return [...latest.values()];
}
