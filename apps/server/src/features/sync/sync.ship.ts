import { channelById } from '@ecohelm/domain';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { SyncConfig } from '../../platform/config.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import { connectUntil, decode, encode, TokenBucket } from './sync.link.ts';
import {
  bucketDigest,
  dayChecksums,
  dayOf,
  isRollupStream,
  type ManifestMessage,
  RECONCILED_STREAMS,
  type RecordStream,
  type ResendMessage,
  type ReviewMessage,
  type RollupMessage,
  type RollupStreamDef,
  recordSources,
  rollupStreams,
  SHORE_STREAM,
  type SyncMessage,
  shipSubject,
  shoreSubject,
  subjectToken,
} from './sync.sources.ts';
import type { PendingItem, ShipOutboxRepository } from './sync-outbox.repository.ts';

type BucketRows = RollupMessage['rows'];

/** Messages in flight at once: a satellite link's round trip is long, one at a time would idle it. */
const WINDOW = 8;
/** A bucket is sent once it has been closed this long (late samples of its last minute). */
const CLOSE_GRACE_S = 120;

export interface ShipSyncDeps {
  repo: ShipOutboxRepository;
  telemetry: Pick<TelemetryService, 'listChannels' | 'rollupRowsById'>;
  /** The ship's id on the link: its IMO number from the particulars, undefined until they are filled. */
  shipId: () => Promise<string | undefined>;
  config: SyncConfig;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * The ship's side: finds what changed (records by digest, closed rollup buckets by cursor) into the outbox, and
 * publishes the outbox to the shore's JetStream, newest first, under the bandwidth cap, each version with its own
 * message id; an item leaves the outbox only on JetStream's acknowledgement. Applies the shore's decisions.
 */
export class ShipSync {
  readonly #d: ShipSyncDeps;
  readonly #now: () => number;
  readonly #bucket: TokenBucket;
  #nc: NatsConnection | undefined;
  #js: JetStreamClient | undefined;
  #connected = false;
  #running = false;
  #shipId: string | undefined;
  #error: string | null = null;
  #wake: (() => void) | undefined;
  #scanTimer: NodeJS.Timeout | undefined;
  #channels = new Map<number, string>();
  #loops: Promise<void>[] = [];
  #recheckedAt = 0;
  /** The history's fingerprint as the last manifest read it. */
  #fingerprint: string | undefined;
  /** The decisions consumer's messages; stopped on a reconnect so that a fresh pull starts on the new connection. */
  #messages: { stop(): void } | undefined;
  /** Messages handed to JetStream since the start, acknowledged by it, and failed (metrics). */
  readonly sent = { messages: 0, acked: 0, failed: 0 };

  constructor(deps: ShipSyncDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
    this.#bucket = new TokenBucket(deps.config.maxKbits, this.#now);
  }

  get connected(): boolean {
    return this.#connected;
  }
  get shipId(): string | undefined {
    return this.#shipId;
  }
  get error(): string | null {
    return this.#error;
  }

  start(): void {
    this.#running = true;
    this.#loops.push(this.#connect());
    // One scan at a time: a long first one (a year of buckets to queue) is not overlapped by the next tick.
    let scanning = false;
    const scan = () => {
      if (scanning) return;
      scanning = true;
      this.scanNow()
        .catch((error: unknown) => this.#d.log.error({ err: error }, 'sync scan failed'))
        .finally(() => {
          scanning = false;
        });
    };
    scan();
    this.#scanTimer = setInterval(scan, this.#d.config.scanMs);
    this.#scanTimer.unref();
    this.#loops.push(this.#pump());
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearInterval(this.#scanTimer);
    this.#wake?.();
    await this.#nc?.close().catch(() => undefined);
    await Promise.allSettled(this.#loops);
  }

  /** Queues every changed record and every newly closed rollup bucket. */
  async scanNow(): Promise<number> {
    const nowMs = this.#now();
    const now = new Date(nowMs).toISOString();
    let queued = 0;
    for (const source of recordSources) queued += await this.#d.repo.scan(source, now);
    const recheck = nowMs - this.#recheckedAt >= this.#d.config.recheckMs;
    if (recheck) this.#recheckedAt = nowMs;
    for (const r of this.#rollupStreams()) {
      const closedEnd = nowMs / 1000 - CLOSE_GRACE_S;
      const cursor = await this.#d.repo.state(`cursor.${r.stream}`);
      const first = cursor
        ? Number(cursor) + r.seconds
        : Math.floor((nowMs / 1000 - this.#d.config.historyDays * 86_400) / r.seconds) * r.seconds;
      const starts: number[] = [];
      for (let t = first; t + r.seconds <= closedEnd; t += r.seconds) starts.push(t);
      if (starts.length > 0) {
        await this.#d.repo.queueBuckets(r.stream, starts, now);
        await this.#d.repo.setState(`cursor.${r.stream}`, String(starts.at(-1)));
        queued += starts.length;
      }
      if (recheck) queued += await this.#recheck(r, Math.floor(closedEnd / r.seconds) * r.seconds, now);
    }
    if (recheck && (await this.#d.repo.state('manifest_at'))) {
      const { from, to } = this.#manifestRange();
      const sent = await this.#d.repo.state('manifest_fingerprint');
      if ((await this.#d.repo.rollupFingerprint(from, to)) !== sent)
        await this.#d.repo.setState('reconcile_due', '1');
    }
    if (queued > 0) this.#wake?.();
    return queued;
  }

  /**
   * Late data: buckets of the recheck window whose rows differ from what was sent (samples that came late, an
   * import of the last days, a bucket still empty when its turn came) are queued again.
   */
  async #recheck(r: RollupStreamDef, closedEndS: number, now: string): Promise<number> {
    const fromS = Math.floor((closedEndS - this.#d.config.recheckHours * 3600) / r.seconds) * r.seconds;
    if (closedEndS <= fromS) return 0;
    const sent = await this.#d.repo.sentBuckets(r.stream, fromS);
    const buckets = await this.#bucketRows(r, fromS, closedEndS);
    const changed = [...buckets]
      .filter(([t, rows]) => sent.has(t) && sent.get(t) !== bucketDigest(rows))
      .map(([t]) => t);
    await this.#d.repo.queueBuckets(r.stream, changed, now);
    return changed.length;
  }

  /** The rollup streams this ship sends: hours and days always, minutes when some channel groups are configured. */
  #rollupStreams(): readonly RollupStreamDef[] {
    return rollupStreams.filter((r) => r.level !== '1m' || this.#d.config.minuteGroups.length > 0);
  }

  /**
   * Rollup rows in [fromS, toS) by message (the bucket's start; for minutes, the hour's), in channel order: every
   * channel, or for minutes the channels of the configured groups, each minute row with its own start.
   */
  async #bucketRows(r: RollupStreamDef, fromS: number, toS: number): Promise<Map<number, BucketRows>> {
    if (this.#channels.size === 0) {
      for (const c of await this.#d.telemetry.listChannels()) this.#channels.set(c.id, c.name);
    }
    const buckets = new Map<number, BucketRows>();
    const minutes = r.level === '1m';
    for (const [id, name] of this.#channels) {
      if (minutes && !minuteChannel(name, this.#d.config.minuteGroups)) continue;
      for (const b of await this.#d.telemetry.rollupRowsById(r.level, id, fromS, toS)) {
        const key = Math.floor(b.t / r.seconds) * r.seconds;
        const rows = buckets.get(key) ?? [];
        if (rows.length === 0) buckets.set(key, rows);
        rows.push(
          minutes
            ? [name, b.n, b.sum, b.min, b.max, b.last, b.lastT, b.t]
            : [name, b.n, b.sum, b.min, b.max, b.last, b.lastT],
        );
      }
    }
    return buckets;
  }

  async #connect(): Promise<void> {
    this.#nc = await connectUntil(
      this.#d.config,
      'ecohelm-ship',
      () => this.#running,
      (error) => {
        this.#error = error.message;
        this.#d.log.warn({ err: error }, 'sync: cannot connect to NATS yet');
      },
    );
    if (!this.#nc) return;
    if (!this.#running) {
      await this.#nc.close();
      return;
    }
    this.#js = jetstream(this.#nc, { timeout: this.#d.config.ackTimeoutMs });
    this.#setConnected(true);
    this.#loops.push(this.#reviews());
    for await (const s of this.#nc.status()) {
      if (s.type === 'disconnect') this.#setConnected(false);
      else if (s.type === 'reconnect') {
        this.#setConnected(true);
        this.#messages?.stop();
      }
    }
  }

  #setConnected(on: boolean) {
    if (on === this.#connected) return;
    this.#connected = on;
    this.#d.log.info({ connected: on }, on ? 'sync: connected to the shore' : 'sync: link to the shore lost');
    if (on) this.#wake?.();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async #pump(): Promise<void> {
    while (this.#running) {
      try {
        await this.#readShipId();
        if (!this.#connected || !this.#js || !this.#shipId) {
          if (!this.#shipId) this.#error = 'The ship particulars have no IMO number yet';
          await this.#sleep(this.#d.config.scanMs);
          continue;
        }
        const items = await this.#d.repo.pending(WINDOW * 4);
        if (items.length === 0) {
          if (await this.#reconcileDue()) await this.#sendManifest(this.#js, this.#shipId);
          await this.#sleep(this.#d.config.scanMs);
          continue;
        }
        const buckets = await this.#prefetch(items);
        for (let i = 0; i < items.length && this.#running && this.#connected; i += WINDOW) {
          await this.#sendWindow(this.#js, this.#shipId, items.slice(i, i + WINDOW), buckets);
        }
        this.#error = null;
      } catch (error) {
        this.#error = (error as Error).message;
        this.#d.log.warn({ err: error }, 'sync: sending paused');
        await this.#sleep(this.#d.config.reconnectMs);
      }
    }
  }

  /**
   * The ship's id from its particulars, read each round: after an IMO change the ship announces itself under the new
   * one without a restart (everything is queued again for it, and the decisions consumer follows).
   */
  async #readShipId(): Promise<void> {
    const id = await this.#d.shipId().then((x) => (x ? subjectToken(x) : undefined));
    if (id === this.#shipId) return;
    const before = this.#shipId;
    this.#shipId = id;
    if (before === undefined || id === undefined) return;
    this.#d.log.info(
      { from: before, to: id },
      'sync: the IMO number changed, announcing the ship under the new one',
    );
    await this.#d.repo.requeueAll(new Date(this.#now()).toISOString());
    await this.#d.repo.setState('reconcile_due', '1');
    this.#messages?.stop();
  }

  /**
   * After the first sync (nothing waits any more), after a resend asked by the shore, once the history changed since
   * the last manifest (looked at with the recheck: an import or a backfill written while the first sync ran), and
   * every `reconcileMs`.
   */
  async #reconcileDue(): Promise<boolean> {
    const at = await this.#d.repo.state('manifest_at');
    if (!at) return true;
    const since = this.#now() - Date.parse(at);
    // Not more often than the recheck: a day the ship no longer has but the shore does would otherwise loop.
    if ((await this.#d.repo.state('reconcile_due')) === '1') return since >= this.#d.config.recheckMs;
    return since >= this.#d.config.reconcileMs;
  }

  /** The closed whole days of history a manifest covers, epoch s. */
  #manifestRange(): { from: number; to: number } {
    const nowS = this.#now() / 1000;
    // Whole days only: the oldest day of history is partly older than what the first sync sent.
    return {
      from: dayOf(nowS - this.#d.config.historyDays * 86_400) + 86_400,
      to: dayOf(nowS - CLOSE_GRACE_S),
    };
  }

  /** The per-day checksums of the closed days of history, for the shore to compare with its own. */
  async manifest(shipId: string): Promise<ManifestMessage> {
    const { from, to } = this.#manifestRange();
    const fingerprint = await this.#d.repo.rollupFingerprint(from, to);
    const digests: [string, number, string][] = [];
    const CHUNK_S = 30 * 86_400;
    for (const stream of RECONCILED_STREAMS) {
      const r = rollupStreams.find((x) => x.stream === stream)!;
      for (let a = from; a < to; a += CHUNK_S) {
        for (const [t, rows] of await this.#bucketRows(r, a, Math.min(to, a + CHUNK_S))) {
          if (rows.length > 0) digests.push([stream, t, bucketDigest(rows)]);
        }
      }
    }
    const days: Record<string, string> = {};
    for (const [day, sum] of dayChecksums(digests)) days[String(day)] = sum;
    this.#fingerprint = fingerprint;
    return { kind: 'manifest', ship: shipId, from, to, days };
  }

  async #sendManifest(js: JetStreamClient, shipId: string): Promise<void> {
    const message = await this.manifest(shipId);
    const { data, headers } = encode(message);
    await this.#bucket.take(data.length + 120);
    const at = new Date(this.#now()).toISOString();
    await js.publish(shipSubject(shipId, 'manifest'), data, { msgID: `${shipId}.manifest.${at}`, headers });
    await this.#d.repo.setState('manifest_at', at);
    await this.#d.repo.setState('manifest_fingerprint', this.#fingerprint ?? '');
    await this.#d.repo.setState('reconcile_due', '0');
    this.#d.log.info(
      { days: Object.keys(message.days).length },
      'sync: history sent to the shore for reconciliation',
    );
  }

  /** The shore found these days different: every hourly and daily bucket of them is sent again. */
  async #resend(message: ResendMessage): Promise<void> {
    const now = new Date(this.#now()).toISOString();
    for (const stream of RECONCILED_STREAMS) {
      const r = rollupStreams.find((x) => x.stream === stream)!;
      const starts: number[] = [];
      for (const day of message.days) for (let t = day; t < day + 86_400; t += r.seconds) starts.push(t);
      await this.#d.repo.queueBuckets(stream, starts, now);
    }
    await this.#d.repo.setState('reconcile_due', '1');
    this.#d.log.info({ days: message.days.length }, 'sync: the shore asked for days again');
  }

  /** The rollup rows of a batch's buckets, read per channel over the batch's time range (not per bucket). */
  async #prefetch(items: readonly PendingItem[]): Promise<Map<string, BucketRows>> {
    const out = new Map<string, BucketRows>();
    for (const r of rollupStreams) {
      const starts = items.filter((i) => i.stream === r.stream).map((i) => Number(i.key));
      if (starts.length === 0) continue;
      const rows = await this.#bucketRows(r, Math.min(...starts), Math.max(...starts) + r.seconds);
      for (const t of starts) out.set(`${r.stream}:${t}`, rows.get(t) ?? []);
    }
    return out;
  }

  /**
   * Sends a window of items: built, paid for under the cap and handed to the connection one after another (so
   * they leave in the outbox's order, newest first), then acknowledged together; each leaves the outbox only on
   * JetStream's acknowledgement.
   */
  async #sendWindow(
    js: JetStreamClient,
    shipId: string,
    items: readonly PendingItem[],
    buckets: Map<string, BucketRows>,
  ): Promise<void> {
    const acks: Promise<unknown>[] = [];
    const digests: (string | undefined)[] = [];
    for (const item of items) {
      const message = await this.#message(shipId, item, buckets);
      digests.push(
        message?.kind === 'rollup'
          ? bucketDigest(message.rows)
          : isRollupStream(item.stream)
            ? bucketDigest([])
            : undefined,
      );
      if (!message) {
        acks.push(Promise.resolve(undefined));
        continue;
      }
      const { data, headers } = encode(message);
      await this.#bucket.take(data.length + 120);
      this.sent.messages++;
      acks.push(
        js.publish(shipSubject(shipId, item.stream), data, {
          msgID: `${shipId}.${item.stream}.${item.key}.v${item.version}`,
          headers,
        }),
      );
    }
    const results = await Promise.allSettled(acks);
    // Contact is an acknowledgement from the shore's JetStream, not an empty bucket passed over.
    let acked = false;
    for (const [n, result] of results.entries()) {
      if (result.status === 'rejected') {
        this.sent.failed++;
        continue;
      }
      if (result.value !== undefined) this.sent.acked++;
      acked ||= result.value !== undefined;
      await this.#d.repo.sent(items[n]!, digests[n]);
    }
    if (acked) await this.#d.repo.setState('last_contact', new Date(this.#now()).toISOString());
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async #message(
    ship: string,
    item: PendingItem,
    buckets: Map<string, BucketRows>,
  ): Promise<SyncMessage | undefined> {
    if (isRollupStream(item.stream)) {
      const r = rollupStreams.find((x) => x.stream === item.stream)!;
      const t = Number(item.key);
      const rows = buckets.get(`${item.stream}:${item.key}`) ?? [];
      return rows.length === 0
        ? undefined
        : { kind: 'rollup', ship, stream: r.stream, t, version: item.version, rows };
    }
    const source = recordSources.find((s) => s.stream === item.stream);
    if (!source) return undefined;
    const row = item.digest === 'deleted' ? undefined : await this.#d.repo.row(source.table, item.key);
    return {
      kind: 'record',
      ship,
      stream: item.stream as RecordStream,
      key: item.key,
      version: item.version,
      t: item.t,
      deleted: !row,
      row: row ?? null,
    };
  }

  /** The shore's decisions for this ship, from a durable consumer of its own subject. */
  async #reviews(): Promise<void> {
    while (this.#running) {
      try {
        const nc = this.#nc;
        const shipId = this.#shipId;
        if (!nc || !shipId || !this.#connected) {
          await new Promise((r) => setTimeout(r, this.#d.config.reconnectMs));
          continue;
        }
        const durable = `ship_${shipId}`;
        const jsm = await jetstreamManager(nc);
        await jsm.consumers.add(SHORE_STREAM, {
          durable_name: durable,
          filter_subject: shoreSubject(shipId, '>'),
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
        });
        const consumer = await jetstream(nc).consumers.get(SHORE_STREAM, durable);
        const messages = await consumer.consume({ max_messages: 16 });
        this.#messages = messages;
        for await (const m of messages) {
          const message = decode(m.data, m.headers) as ReviewMessage | ResendMessage;
          if (message.kind === 'review' && message.ship === shipId) {
            await this.#d.repo.applyReview(message, new Date(this.#now()).toISOString());
            this.#wake?.();
          } else if (message.kind === 'resend' && message.ship === shipId) {
            await this.#resend(message);
            this.#wake?.();
          }
          m.ack();
          if (!this.#running) break;
        }
      } catch (error) {
        if (!this.#running) return;
        this.#d.log.debug({ err: error }, 'sync: decisions consumer waits');
        await new Promise((r) => setTimeout(r, this.#d.config.reconnectMs));
      }
    }
  }
}

/**
 * Whether a channel's minutes are sent: its equipment (the catalogue's group: `me`, `navigation`, `environment`,
 * `tanks`, ...) is one of `groups`. A circular channel's Σ sin and Σ cos go with it.
 */
export function minuteChannel(name: string, groups: readonly string[]): boolean {
  const base = name.replace(/#(sin|cos)$/, '');
  const def = channelById(base);
  return def !== undefined && groups.includes(def.equipment);
}
