import { AckPolicy, type JetStreamClient, type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { SyncConfig } from '../../platform/config.ts';
import { connectUntil, decode, encode } from './sync.link.ts';
import type { SyncRepository } from './sync.repository.ts';
import {
  type ReviewMessage,
  SHIPS_STREAM,
  SHORE_STREAM,
  type SyncMessage,
  shoreSubject,
} from './sync.sources.ts';

/** The shore's durable consumer of every ship's messages. */
export const SHORE_CONSUMER = 'ecohelm_shore';
/** Messages the shore holds at once and stores in one transaction. */
const BATCH = 64;
/** JetStream drops a message whose id it saw within this window (a publish retried after a lost ack). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;

export interface ShoreSyncDeps {
  repo: SyncRepository;
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
    await ensureStream(jsm, SHIPS_STREAM, 'ecohelm.ship.>');
    await ensureStream(jsm, SHORE_STREAM, 'ecohelm.shore.>');
    await jsm.consumers.add(SHIPS_STREAM, {
      durable_name: SHORE_CONSUMER,
      ack_policy: AckPolicy.Explicit,
      max_ack_pending: 256,
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
    const failed = (m: JsMsg, error: unknown) => {
      this.#d.log.error({ err: error, subject: m.subject }, 'sync: a ship message could not be stored');
      m.nak(this.#d.config.reconnectMs);
    };
    const decoded: [JsMsg, SyncMessage][] = [];
    for (const m of batch) {
      try {
        decoded.push([m, decode(m.data, m.headers)]);
      } catch (error) {
        failed(m, error);
      }
    }
    try {
      for (const [, d] of decoded) if (d.kind === 'rollup') await repo.ensurePartition(d.t);
      await repo.transaction(async (trx) => {
        for (const [, d] of decoded) await this.#apply(trx, d);
      });
      for (const [m] of decoded) m.ack();
    } catch {
      for (const [m, d] of decoded) {
        try {
          await this.#apply(repo, d);
          m.ack();
        } catch (error) {
          failed(m, error);
        }
      }
    }
  }

  async #apply(repo: SyncRepository, m: SyncMessage): Promise<void> {
    const now = new Date(this.#now()).toISOString();
    if (m.kind === 'record') {
      await repo.upsertRecord(m, now);
      const name = m.stream === 'ship' && m.row ? ((m.row.name_en as string | undefined) ?? null) : undefined;
      await repo.touchShip(m.ship, now, name);
    } else if (m.kind === 'rollup') {
      await repo.upsertRollups(m, this.#now());
      await repo.touchShip(m.ship, now);
    }
  }
}

async function ensureStream(
  jsm: Awaited<ReturnType<typeof jetstreamManager>>,
  name: string,
  subject: string,
) {
  try {
    await jsm.streams.info(name);
  } catch {
    await jsm.streams.add({ name, subjects: [subject], duplicate_window: nanos(DUPLICATE_WINDOW_MS) });
  }
}
