import { AckPolicy, type JetStreamClient, type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { SyncConfig } from '../../platform/config.ts';
import { type DeadReason, intakeGate, printable, subjectShip } from './sync.intake.ts';
import { connectUntil, decode, encode } from './sync.link.ts';
import {
  type ManifestMessage,
  type ResendMessage,
  type ReviewMessage,
  SHIPS_STREAM,
  SHORE_STREAM,
  type SyncMessage,
  shoreSubject,
} from './sync.sources.ts';
import type { ShoreRepository } from './sync-shore.repository.ts';

/** The shore's durable consumer of every ship's messages. */
export const SHORE_CONSUMER = 'ecohelm_shore';
/** Messages the shore holds at once and stores in one transaction. */
const BATCH = 64;
/** JetStream drops a message whose id it saw within this window (a publish retried after a lost ack). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** Waits before the next delivery of a message that could not be stored, by delivery (the last one repeats). */
const BACKOFF_MS = [1000, 5000, 15_000, 60_000];
export interface ShoreSyncDeps {
  repo: ShoreRepository;
  config: SyncConfig;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * The shore's side: makes the two streams (ships' messages in, decisions out) and a durable consumer, writes each
 * message into the fleet tables by natural key (a redelivery changes nothing) and acknowledges it only then;
 * publishes the decisions on records to their ship until JetStream has them.
 */
export class ShoreSync {
  readonly #d: ShoreSyncDeps;
  readonly #now: () => number;
  #nc: NatsConnection | undefined;
  #js: JetStreamClient | undefined;
  #connected = false;
  #running = false;
  #error: string | null = null;
  #loops: Promise<void>[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** The running consumer's messages; stopped on a reconnect so that a fresh pull starts on the new connection. */
  #messages: { stop(): void } | undefined;
  /** Manifests waiting to be compared, the latest per ship. */
  readonly #manifests = new Map<string, [JsMsg, ManifestMessage]>();
  #reconciling = false;

  constructor(deps: ShoreSyncDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
  }

  get connected(): boolean {
    return this.#connected;
  }
  get error(): string | null {
    return this.#error;
  }

  start(): void {
    this.#running = true;
    this.#loops.push(this.#run());
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearInterval(this.#timer);
    await this.#nc?.close().catch(() => undefined);
    await Promise.allSettled(this.#loops);
  }

  /** Sends the decisions not yet in the shore stream; called after each decision and every few seconds. */
  async sendReviews(): Promise<void> {
    const js = this.#js;
    if (!js || !this.#connected) return;
    for (const r of await this.#d.repo.unsentReviews()) {
      const message: ReviewMessage = {
        kind: 'review',
        ship: r.ship_id,
        recordId: r.record_id,
        decision: r.decision as ReviewMessage['decision'],
        comment: r.comment,
        recordDigest: r.record_digest,
        decidedAt: r.decided_at,
        decidedBy: r.decided_by,
        seq: r.seq,
      };
      const { data, headers } = encode(message);
      await js.publish(shoreSubject(r.ship_id, 'review'), data, {
        msgID: `review.${r.ship_id}.${r.record_id}.${r.seq}`,
        headers,
      });
      await this.#d.repo.reviewSent(r.ship_id, r.record_id, r.seq, new Date(this.#now()).toISOString());
    }
  }

  async #run(): Promise<void> {
    this.#nc = await connectUntil(
      this.#d.config,
      'ecohelm-shore',
      () => this.#running,
      (error) => {
        this.#error = error.message;
        this.#d.log.error({ err: error }, 'sync: cannot connect to NATS yet');
      },
    );
    const nc = this.#nc;
    if (!nc) return;
    if (!this.#running) {
      await nc.close();
      return;
    }
    this.#connected = true;
    this.#loops.push(
      (async () => {
        for await (const s of nc.status()) {
          if (s.type === 'disconnect') this.#connected = false;
          else if (s.type === 'reconnect') {
            this.#connected = true;
            this.#messages?.stop();
          }
        }
      })(),
    );
    this.#js = jetstream(nc, { timeout: this.#d.config.ackTimeoutMs });
    this.#timer = setInterval(
      () =>
        void this.sendReviews().catch((error: unknown) =>
          this.#d.log.warn({ err: error }, 'sync: decisions wait'),
        ),
      Math.min(5000, this.#d.config.scanMs),
    );
    this.#timer.unref();
    while (this.#running) {
      try {
        await this.#consume(nc);
      } catch (error) {
        if (!this.#running) return;
        this.#error = (error as Error).message;
        this.#d.log.warn({ err: error }, 'sync: consumer restarts');
        await new Promise((r) => setTimeout(r, this.#d.config.reconnectMs));
      }
    }
  }

  async #consume(nc: NatsConnection): Promise<void> {
    const jsm = await jetstreamManager(nc);
    const limits = {
      max_age: nanos(this.#d.config.streamMaxAgeDays * 86_400_000),
      max_bytes: this.#d.config.streamMaxMb * 1024 * 1024,
    };
    await ensureStream(jsm, SHIPS_STREAM, 'ecohelm.ship.>', limits);
    await ensureStream(jsm, SHORE_STREAM, 'ecohelm.shore.>', limits);
    // No JetStream max_deliver: past it JetStream stops delivering a message without telling, and a database outage
    // would lose every message it outlasted. The shore bounds deliveries itself and sets the message aside.
    await jsm.consumers.add(SHIPS_STREAM, {
      durable_name: SHORE_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      max_ack_pending: 1024,
    });
    this.#error = null;
    const consumer = await jetstream(nc).consumers.get(SHIPS_STREAM, SHORE_CONSUMER);
    const messages = await consumer.consume({ max_messages: BATCH });
    this.#messages = messages;
    // What has arrived meanwhile is stored together, in one transaction (one commit instead of three per message:
    // the 100-ship bench's shore was bound by commits), and acknowledged once it is committed. The pump takes the
    // messages as they come; the loop stores whatever waits, up to BATCH at a time.
    const waiting: JsMsg[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    const pump = (async () => {
      try {
        for await (const m of messages) {
          waiting.push(m);
          wake?.();
        }
      } finally {
        ended = true;
        wake?.();
      }
    })();
    while (this.#running) {
      if (waiting.length === 0) {
        if (ended) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      await this.#store(waiting.splice(0, BATCH));
    }
    messages.stop();
    await pump;
  }

  /** Stores a batch in one transaction; if that fails, each message on its own, so one bad message holds up none. */
  async #store(batch: readonly JsMsg[]): Promise<void> {
    const repo = this.#d.repo;
    // Retried with a growing wait, logged once when set aside (not at every delivery).
    const failed = async (m: JsMsg, error: unknown) => {
      const deliveries = m.info.deliveryCount;
      if (deliveries < this.#d.config.maxDeliver) {
        this.#d.log.debug(
          { err: error, subject: m.subject, deliveries },
          'sync: a ship message waits to be stored',
        );
        m.nak(BACKOFF_MS[Math.min(deliveries, BACKOFF_MS.length) - 1]);
        return;
      }
      await this.#setAside(m, 'unstorable', (error as Error).message ?? String(error));
    };
    const statuses = await repo.shipStatuses([...new Set(batch.map((m) => subjectShip(m.subject)))]);
    const nowS = this.#now() / 1000;
    const decoded: [JsMsg, SyncMessage][] = [];
    const manifests: [JsMsg, ManifestMessage][] = [];
    for (const m of batch) {
      const ship = subjectShip(m.subject);
      let body: SyncMessage;
      try {
        body = decode(m.data, m.headers);
        if (typeof body !== 'object' || body === null) throw new Error('not a message');
      } catch (error) {
        await this.#setAside(m, 'undecodable', (error as Error).message);
        continue;
      }
      const refusal = intakeGate(ship, body, statuses.get(ship), {
        autoRegister: this.#d.config.autoRegister,
        nowS,
        futureMarginS: this.#d.config.futureMarginS,
      });
      if (refusal?.reason === 'retired') {
        m.term();
        continue;
      }
      if (refusal) {
        if (refusal.reason === 'identity') await repo.countRefused(ship).catch(() => undefined);
        await this.#setAside(m, refusal.reason, refusal.detail);
        continue;
      }
      if (body.kind === 'manifest') manifests.push([m, body]);
      else decoded.push([m, body]);
    }
    try {
      for (const [, d] of decoded) if (d.kind === 'rollup') await repo.ensurePartition(d.t);
      await repo.transaction(async (trx) => {
        for (const [m, d] of decoded) await this.#apply(trx, d, storedAt(m));
      });
      for (const [m] of decoded) m.ack();
    } catch {
      for (const [m, d] of decoded) {
        try {
          await this.#apply(repo, d, storedAt(m));
          m.ack();
        } catch (error) {
          await failed(m, error);
        }
      }
    }
    // After the buckets stored with it: a manifest is compared with what the shore holds then, beside the intake (a
    // year of a ship's buckets takes seconds to read; other ships' messages do not wait for it).
    for (const [m, d] of manifests) {
      const earlier = this.#manifests.get(d.ship);
      earlier?.[0].ack();
      this.#manifests.set(d.ship, [m, d]);
    }
    this.#kickReconcile(failed);
  }

  #kickReconcile(failed: (m: JsMsg, error: unknown) => Promise<void>): void {
    if (this.#reconciling || this.#manifests.size === 0) return;
    this.#reconciling = true;
    void this.#reconcileWaiting(failed).finally(() => {
      this.#reconciling = false;
      this.#kickReconcile(failed);
    });
  }

  /** Compares the waiting manifests one at a time, the latest of each ship only; each acknowledged once done. */
  async #reconcileWaiting(failed: (m: JsMsg, error: unknown) => Promise<void>): Promise<void> {
    for (let next = this.#manifests.entries().next(); !next.done; next = this.#manifests.entries().next()) {
      const [ship, [m, d]] = next.value;
      this.#manifests.delete(ship);
      try {
        await this.#reconcile(d);
        m.ack();
      } catch (error) {
        await failed(m, error);
      }
    }
  }

  /**
   * Sets a message aside as a dead letter with its reason (said once in the log), and takes it off the stream; if
   * even that cannot be written (the database is down), it is delivered again later.
   */
  async #setAside(m: JsMsg, reason: DeadReason, detail: string): Promise<void> {
    const ship = subjectShip(m.subject);
    try {
      await this.#d.repo.deadLetter({
        ship_id: ship,
        subject: m.subject,
        reason,
        detail: printable(detail).slice(0, 500),
        data: Buffer.from(m.data).toString('base64'),
        encoding: m.headers?.get('Content-Encoding') || null,
        deliveries: m.info.deliveryCount,
        at: new Date(this.#now()).toISOString(),
      });
      const level = reason === 'identity' ? 'error' : 'warn';
      this.#d.log[level]({ ship, subject: m.subject, reason, detail }, 'sync: a ship message was set aside');
      m.term();
    } catch (error) {
      this.#d.log.debug({ err: error, subject: m.subject }, 'sync: a dead letter could not be written yet');
      m.nak(BACKOFF_MS.at(-1));
    }
  }

  /**
   * Compares a ship's per-day checksums with the shore's: the days that differ are asked again from the ship; none
   * differing, the ship's history is reconciled (its figures are no longer partial).
   */
  async #reconcile(manifest: ManifestMessage): Promise<void> {
    const ours = await this.#d.repo.dayChecksums(manifest.ship, manifest.from, manifest.to);
    const days = new Set([...Object.keys(manifest.days).map(Number), ...ours.keys()]);
    const differ = [...days].filter((d) => manifest.days[String(d)] !== ours.get(d)).sort((a, b) => b - a);
    const at = new Date(this.#now()).toISOString();
    if (differ.length === 0) {
      await this.#d.repo.reconciled(manifest.ship, at);
      this.#d.log.info({ ship: manifest.ship }, 'sync: ship history reconciled');
      return;
    }
    await this.#d.repo.reconciled(manifest.ship, null);
    const js = this.#js;
    if (!js) throw new Error('not connected');
    const message: ResendMessage = { kind: 'resend', ship: manifest.ship, days: differ };
    const { data, headers } = encode(message);
    await js.publish(shoreSubject(manifest.ship, 'resend'), data, {
      msgID: `resend.${manifest.ship}.${at}`,
      headers,
    });
    this.#d.log.info(
      { ship: manifest.ship, days: differ.length },
      'sync: ship history differs, days asked again',
    );
  }

  /** Replays dead letters (by id) through the same gate and store as a delivery; returns how many were stored. */
  async replay(ids: readonly number[]): Promise<{ stored: number; refused: number }> {
    const repo = this.#d.repo;
    let stored = 0;
    let refused = 0;
    for (const letter of await repo.deadLetters({ ids })) {
      const ship = subjectShip(letter.subject);
      try {
        const h = headers();
        if (letter.encoding) h.set('Content-Encoding', letter.encoding);
        const body = decode(Buffer.from(letter.data, 'base64'), h);
        const status = (await repo.shipStatuses([ship])).get(ship);
        const refusal = intakeGate(ship, body, status, {
          autoRegister: this.#d.config.autoRegister,
          nowS: this.#now() / 1000,
          futureMarginS: this.#d.config.futureMarginS,
        });
        if (refusal) throw new Error(refusal.detail);
        if (body.kind === 'manifest') await this.#reconcile(body);
        else {
          if (body.kind === 'rollup') await repo.ensurePartition(body.t);
          await this.#apply(repo, body);
        }
        await repo.dropDeadLetters([letter.id]);
        stored++;
      } catch (error) {
        await repo.deadLetterRetried(letter.id, printable((error as Error).message).slice(0, 500));
        refused++;
      }
    }
    return { stored, refused };
  }

  /**
   * Stores one message. The ship's last contact is when the shore's JetStream took the message (`contactAt`), not
   * when it was stored: messages stored after the link died do not make the ship look in contact.
   */
  async #apply(repo: ShoreRepository, m: SyncMessage, contactAt?: string): Promise<void> {
    const now = new Date(this.#now()).toISOString();
    const contact = contactAt ?? now;
    if (m.kind === 'record') {
      await repo.upsertRecord(m, now);
      const name = m.stream === 'ship' && m.row ? ((m.row.name_en as string | undefined) ?? null) : undefined;
      await repo.touchShip(m.ship, contact, name);
    } else if (m.kind === 'rollup') {
      await repo.upsertRollups(m, this.#now());
      await repo.touchShip(m.ship, contact);
    }
  }
}

/** When JetStream stored a message (its arrival from the ship), ISO. */
function storedAt(m: JsMsg): string | undefined {
  const ms = Number(m.info.timestampNanos / 1_000_000);
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : undefined;
}

/** Makes a stream, or brings an existing one's limits to the configured ones. */
async function ensureStream(
  jsm: Awaited<ReturnType<typeof jetstreamManager>>,
  name: string,
  subject: string,
  limits: { max_age: number; max_bytes: number },
) {
  let info: Awaited<ReturnType<typeof jsm.streams.info>> | undefined;
  try {
    info = await jsm.streams.info(name);
  } catch {
    await jsm.streams.add({
      name,
      subjects: [subject],
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      ...limits,
    });
    return;
  }
  if (info.config.max_age !== limits.max_age || info.config.max_bytes !== limits.max_bytes) {
    await jsm.streams.update(name, { ...info.config, ...limits });
  }
}
