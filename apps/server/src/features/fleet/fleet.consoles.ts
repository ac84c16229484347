import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fleetMessages } from '@ecohelm/contracts';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { openStore, type Store } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordSources } from '../sync/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { FleetRepository, ShipRollupRow, ShipRow } from './fleet.repository.ts';

/** The ship's console as built on a store: its HTTP app and the telemetry it reads. */
export interface ConsoleApp {
  app: AppInstance;
  services: { telemetry: TelemetryService };
}

type SqliteHandle = NonNullable<Store['sqlite']>;

interface Copy {
  shipId: string;
  store: Store;
  file: string;
  app: AppInstance;
  token: string;
  /** Everything the shore had received before this time (epoch ms) is in the copy. */
  syncedTo: number;
  usedAt: number;
  refreshing: boolean;
  /** Channel name → id in the copy's store. */
  channels: Map<string, number>;
  /** Each channel's newest hourly value: the console's latest. */
  latest: Map<string, { channel: string; t: number; value: number }>;
}

/** Hourly rollups a copy holds: the ship's first sync sends 400 days (`ECOHELM_SYNC_HISTORY_DAYS`). */
const HOURLY_DAYS = 400;
/** Copies not read for this long are dropped; at most `MAX_COPIES` are kept. */
const IDLE_MS = 10 * 60_000;
const MAX_COPIES = 3;
/** What arrived this close before a copy's time is read again (rows committed while the copy was read). */
const OVERLAP_MS = 5_000;
/** Ship API paths a copy cannot answer: the live stream never ends, and nothing is live ashore. */
const LIVE_PATHS = ['telemetry/live'];

const tableOfStream = new Map<string, string>(recordSources.map((s) => [s.stream, s.table]));

/**
 * One ship's whole console on a shore, read from the shore's copy of what the ship sent: the rows of its records
 * (which travel whole, so they fill the ship's own tables again) and its hourly and daily rollups, in a store of its
 * own (a SQLite file in `dir`) that the ship's own app serves, read only. The same pages and the same computations as
 * on board; what is not sent ashore (raw samples, minutes, the crew's settings) is not there.
 *
 * The copy is made when a ship is first opened. Once the ship has been heard from since, the next read starts
 * bringing it up to date in the background (at most once per `refreshAfterMs`): the rows and buckets received
 * since are applied to its store and the ship's app is built again on it, so no cache of the previous one stays.
 * Reads never wait for that; they are answered by the copy as it is.
 */
export class ShipConsoles {
  readonly #repo: FleetRepository;
  readonly #build: (store: Store, token: string) => Promise<ConsoleApp>;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #dir: string;
  readonly #refreshAfterMs: number;
  readonly #copies = new Map<string, Promise<Copy>>();
  readonly #sweep: ReturnType<typeof setInterval>;

  constructor(deps: {
    repo: FleetRepository;
    build: (store: Store, token: string) => Promise<ConsoleApp>;
    log: FastifyBaseLogger;
    /** Where the copies' files live; emptied at the start (copies are made again on demand). */
    dir: string;
    refreshAfterMs?: number;
    now?: () => number;
  }) {
    this.#repo = deps.repo;
    this.#build = deps.build;
    this.#log = deps.log;
    this.#now = deps.now ?? Date.now;
    this.#dir = deps.dir;
    this.#refreshAfterMs = deps.refreshAfterMs ?? 60_000;
    rmSync(this.#dir, { recursive: true, force: true });
    this.#sweep = setInterval(() => void this.#dropIdle(), 60_000);
    this.#sweep.unref();
  }

  /**
   * Answers a read of the ship's API (`path` after `/api/v1/`, with its query string) from the ship's copy.
   * 404 for a ship the shore has not heard from; 409 for the live stream.
   */
  async read(
    shipId: string,
    apiPath: string,
    headers: { accept?: string | undefined; acceptLanguage?: string | undefined },
    permissions: readonly string[],
  ): Promise<LightMyRequestResponse> {
    if (LIVE_PATHS.some((p) => apiPath === p || apiPath.startsWith(`${p}?`)))
      throw conflict(fleetMessages.consoleNoLive);
    const copy = await this.#copy(shipId);
    copy.usedAt = this.#now();
    return copy.app.inject({
      method: 'GET',
      url: `/api/v1/${apiPath}`,
      headers: {
        // The caller's own permissions go with the request: each route of the copy checks its own, as on board.
        authorization: `Bearer ${copy.token}:${permissions.join(',')}`,
        accept: headers.accept ?? 'application/json',
        ...(headers.acceptLanguage ? { 'accept-language': headers.acceptLanguage } : {}),
      },
    });
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
    const copies = [...this.#copies.values()];
    this.#copies.clear();
    for (const copy of copies)
      await copy.then(
        (c) => this.#dispose(c),
        () => undefined,
      );
  }

  async #copy(shipId: string): Promise<Copy> {
    const ship = await this.#repo.ship(shipId);
    if (!ship) throw notFound(fleetMessages.unknownShip);
    const entry = this.#copies.get(shipId);
    if (entry) {
      const copy = await entry.catch(() => undefined);
      if (copy) {
        const heardSince = Date.parse(ship.last_contact_at ?? '') >= copy.syncedTo;
        if (heardSince && !copy.refreshing && this.#now() - copy.syncedTo >= this.#refreshAfterMs)
          void this.#refresh(copy);
        return copy;
      }
    }
    const making = this.#make(shipId);
    this.#copies.set(shipId, making);
    making.then(
      () => void this.#keepAtMost(MAX_COPIES),
      (error: unknown) => {
        if (this.#copies.get(shipId) === making) this.#copies.delete(shipId);
        this.#log.error({ err: error, shipId }, "the shore's copy of a ship could not be made");
      },
    );
    return making;
  }

  async #make(shipId: string): Promise<Copy> {
    const started = this.#now();
    mkdirSync(this.#dir, { recursive: true });
    const file = path.join(
      this.#dir,
      `${shipId.replace(/[^\w-]/g, '_')}-${randomBytes(4).toString('hex')}.sqlite`,
    );
    const store = openStore({ sqliteFile: file });
    try {
      const sqlite = store.sqlite!;
      // A throwaway copy, made again from the shore's store whenever needed: no journal, no syncing to disk.
      sqlite.pragma('journal_mode = OFF');
      sqlite.pragma('synchronous = OFF');
      await migrateToLatest(store.db);
      const copy: Copy = {
        shipId,
        store,
        file,
        app: undefined as unknown as AppInstance,
        token: randomBytes(24).toString('base64url'),
        syncedTo: started,
        usedAt: started,
        refreshing: false,
        channels: new Map(),
        latest: new Map(),
      };
      const rows = await this.#repo.shipRows(shipId);
      this.#skipped(shipId, applyRows(sqlite, rows));
      const fromS = Math.floor((started - HOURLY_DAYS * 86_400_000) / 1000);
      let buckets = 0;
      for await (const page of this.#repo.shipRollups(shipId, '1h', fromS))
        buckets += applyRollups(copy, '1h', page);
      for await (const page of this.#repo.shipRollups(shipId, '1d', 0))
        buckets += applyRollups(copy, '1d', page);
      copy.app = await this.#serve(copy);
      this.#log.info(
        { shipId, rows: rows.length, buckets, ms: this.#now() - started },
        "made the shore's copy of a ship",
      );
      return copy;
    } catch (error) {
      await store.close();
      rmSync(file, { force: true });
      throw error;
    }
  }

  /** Names the records a copy left out (malformed: a text id in an integer column, data that is no JSON). */
  #skipped(shipId: string, skipped: readonly string[]): void {
    if (skipped.length === 0) return;
    this.#log.warn({ shipId, skipped }, "records left out of the shore's copy of a ship: malformed");
  }

  /** Applies what the shore received since the copy's time, then serves the copy with a new app. */
  async #refresh(copy: Copy): Promise<void> {
    copy.refreshing = true;
    const started = this.#now();
    try {
      const since = copy.syncedTo - OVERLAP_MS;
      const rows = await this.#repo.shipRows(copy.shipId, new Date(since).toISOString());
      this.#skipped(copy.shipId, applyRows(copy.store.sqlite!, rows));
      const fromS = Math.floor((started - HOURLY_DAYS * 86_400_000) / 1000);
      let buckets = 0;
      for (const level of ['1h', '1d'] as const)
        for await (const page of this.#repo.shipRollups(
          copy.shipId,
          level,
          level === '1h' ? fromS : 0,
          since,
        ))
          buckets += applyRollups(copy, level, page);
      const previous = copy.app;
      copy.app = await this.#serve(copy);
      copy.syncedTo = started;
      // The previous app may still be answering a request.
      setTimeout(() => void previous.close().catch(() => undefined), 30_000).unref();
      this.#log.info(
        { shipId: copy.shipId, rows: rows.length, buckets, ms: this.#now() - started },
        "brought the shore's copy of a ship up to date",
      );
    } catch (error) {
      this.#log.error(
        { err: error, shipId: copy.shipId },
        "the shore's copy of a ship could not be brought up to date",
      );
    } finally {
      copy.refreshing = false;
    }
  }

  async #serve(copy: Copy): Promise<AppInstance> {
    const built = await this.#build(copy.store, copy.token);
    built.services.telemetry.primeLatest([...copy.latest.values()]);
    // The app numbers the catalogue's channels the ship has sent nothing of yet: later buckets keep clear of them.
    const numbered = copy.store.sqlite!.prepare('SELECT id, name FROM channels').all() as {
      id: number;
      name: string;
    }[];
    for (const c of numbered) copy.channels.set(c.name, c.id);
    return built.app;
  }

  async #dispose(copy: Copy): Promise<void> {
    await copy.app.close().catch(() => undefined);
    await copy.store.close().catch(() => undefined);
    rmSync(copy.file, { force: true });
  }

  async #keepAtMost(max: number): Promise<void> {
    const settled = await Promise.all(
      [...this.#copies].map(async ([id, p]) => [id, p, await p.catch(() => undefined)] as const),
    );
    const ready = settled.filter(([, , c]) => c !== undefined).sort((a, b) => a[2]!.usedAt - b[2]!.usedAt);
    for (const [id, p, c] of ready.slice(0, Math.max(0, ready.length - max))) {
      if (this.#copies.get(id) !== p) continue;
      this.#copies.delete(id);
      await this.#dispose(c!);
    }
  }

  async #dropIdle(): Promise<void> {
    const now = this.#now();
    for (const [id, p] of [...this.#copies]) {
      const c = await p.catch(() => undefined);
      if (c && !c.refreshing && now - c.usedAt > IDLE_MS && this.#copies.get(id) === p) {
        this.#copies.delete(id);
        await this.#dispose(c);
      }
    }
  }
}

/**
 * Puts each synced row back into the ship's table of its stream, or deletes it (by its `id`, the key the ship sent
 * it under). Only the columns this server's table has are written (a ship on a newer version may send more); the
 * rest take their defaults.
 */
function applyRows(sqlite: SqliteHandle, rows: readonly ShipRow[]): string[] {
  const skipped: string[] = [];
  const columnsOf = new Map<string, Set<string>>();
  const columns = (table: string) => {
    let set = columnsOf.get(table);
    if (!set) {
      const info = sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
      set = new Set(info.map((c) => c.name));
      columnsOf.set(table, set);
    }
    return set;
  };
  sqlite.transaction(() => {
    for (const row of rows) {
      const table = tableOfStream.get(row.stream);
      if (!table) continue;
      // One malformed row (a text id in an integer column, data that is no JSON) is left out and named; the
      // rest of the ship's console stays readable.
      try {
        if (Number(row.deleted) === 1) {
          sqlite.prepare(`DELETE FROM ${table} WHERE id = ?`).run(row.key);
          continue;
        }
        const data = JSON.parse(row.data) as Record<string, unknown>;
        const known = columns(table);
        const names = Object.keys(data).filter((k) => known.has(k));
        if (names.length === 0) continue;
        const list = names.map((n) => `"${n}"`).join(', ');
        sqlite
          .prepare(`INSERT OR REPLACE INTO ${table} (${list}) VALUES (${names.map(() => '?').join(', ')})`)
          .run(...names.map((n) => sqliteValue(data[n])));
      } catch (error) {
        skipped.push(`${row.stream}:${row.key} (${(error as Error).message})`);
      }
    }
  })();
  return skipped;
}

const sqliteValue = (v: unknown) => {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v ?? null;
};

/** Writes rollup buckets into the copy's level, numbering new channels; keeps each channel's newest hourly value. */
function applyRollups(copy: Copy, level: '1h' | '1d', rows: readonly ShipRollupRow[]): number {
  const sqlite = copy.store.sqlite!;
  const bucket = sqlite.prepare(
    `INSERT OR REPLACE INTO rollup_${level} (channel_id, t, n, v_sum, v_min, v_max, v_last, last_t) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const channel = sqlite.prepare('INSERT INTO channels (id, name) VALUES (?, ?)');
  sqlite.transaction(() => {
    for (const r of rows) {
      let id = copy.channels.get(r.channel);
      if (id === undefined) {
        id = Math.max(0, ...copy.channels.values()) + 1;
        copy.channels.set(r.channel, id);
        channel.run(id, r.channel);
      }
      bucket.run(id, r.t, r.n, r.sum, r.min, r.max, r.last, r.lastT);
      if (level === '1h') {
        const prev = copy.latest.get(r.channel);
        if (!prev || r.lastT >= prev.t)
          copy.latest.set(r.channel, { channel: r.channel, t: r.lastT, value: r.last });
      }
    }
  })();
  return rows.length;
}
