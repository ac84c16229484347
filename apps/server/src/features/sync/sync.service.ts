import { inflateRawSync } from 'node:zlib';
import type {
  DeadLetter,
  DeadLetterAction,
  DeadLetterResult,
  FleetShip,
  RegisterShip,
  Review,
  ReviewInput,
  SyncStatus,
} from '@ecohelm/contracts';
import { syncMessages } from '@ecohelm/contracts';
import type { SyncReviewsTable } from '../../db/tables/sync.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ShipSync } from './sync.ship.ts';
import type { ShoreSync } from './sync.shore.ts';
import { crewDigest } from './sync.sources.ts';
import type { ShipOutboxRepository } from './sync-outbox.repository.ts';
import type { ShoreRepository } from './sync-shore.repository.ts';

/** A decision as either store keeps it, with the digest of the record's entries as they are now (null: gone). */
type ReviewRow = Omit<SyncReviewsTable, 'received_at'> & { current_digest: string | null };

/** The link's state and the shore's decisions on records; no HTTP. */
export class SyncService {
  readonly #outbox: ShipOutboxRepository;
  readonly #repo: ShoreRepository;
  readonly #ship: ShipSync | undefined;
  readonly #shore: ShoreSync | undefined;
  readonly #maxKbits: number | null;
  readonly #now: () => number;

  constructor(options: {
    /** The ship's outbox (its backlog, cursors and the decisions received). */
    outbox: ShipOutboxRepository;
    /** The shore's tables (ships, records, reviews, dead letters). */
    repo: ShoreRepository;
    ship?: ShipSync | undefined;
    shore?: ShoreSync | undefined;
    maxKbits?: number | undefined;
    now?: () => number;
  }) {
    this.#outbox = options.outbox;
    this.#repo = options.repo;
    this.#ship = options.ship;
    this.#shore = options.shore;
    this.#maxKbits = options.maxKbits ?? null;
    this.#now = options.now ?? Date.now;
  }

  /** Ship: messages handed to the shore's JetStream since the start, acknowledged, failed (zero elsewhere). */
  messages(): { sent: number; acked: number; failed: number } {
    const s = this.#ship?.sent;
    return { sent: s?.messages ?? 0, acked: s?.acked ?? 0, failed: s?.failed ?? 0 };
  }

  get role(): SyncStatus['role'] {
    return this.#ship ? 'ship' : this.#shore ? 'shore' : 'off';
  }

  async status(): Promise<SyncStatus> {
    const base = {
      role: this.role,
      connected: false,
      shipId: null,
      backlog: { count: 0, oldestAt: null },
      lastContactAt: null,
      maxKbits: null,
      error: null,
      ships: [],
    };
    if (this.#ship) {
      return {
        ...base,
        connected: this.#ship.connected,
        shipId: this.#ship.shipId ?? null,
        backlog: await this.#outbox.backlog(),
        lastContactAt: (await this.#outbox.state('last_contact')) ?? null,
        maxKbits: this.#maxKbits,
        error: this.#ship.error,
      };
    }
    if (this.#shore) {
      const dead = await this.#repo.deadLetterSummary();
      const ships: FleetShip[] = (await this.#repo.fleetShips()).map((s) => ({
        shipId: s.ship_id,
        name: s.name,
        lastContactAt: s.last_contact_at,
        records: s.records,
        rollups: s.rollups,
        status: s.status === 'retired' ? 'retired' : 'registered',
        partial: s.reconciled_at === null,
        reconciledAt: s.reconciled_at,
        refused: Number(s.refused),
        deadLetters: dead.get(s.ship_id) ?? { count: 0, oldestAt: null },
      }));
      // Letters of ships the shore does not know (unregistered, or a body naming a ship that is not there).
      for (const [shipId, letters] of dead) {
        if (ships.some((s) => s.shipId === shipId)) continue;
        ships.push({
          shipId,
          name: null,
          lastContactAt: null,
          records: 0,
          rollups: 0,
          status: 'unregistered',
          partial: true,
          reconciledAt: null,
          refused: 0,
          deadLetters: letters,
        });
      }
      const last =
        ships
          .map((s) => s.lastContactAt ?? '')
          .sort()
          .at(-1) || null;
      return {
        ...base,
        connected: this.#shore.connected,
        lastContactAt: last,
        error: this.#shore.error,
        ships,
      };
    }
    return base;
  }

  /** Shore: an admin registers a ship; its dead letters (waiting for that) are replayed. */
  async register(input: RegisterShip): Promise<DeadLetterResult> {
    const shore = this.#shoreOnly();
    await this.#repo.register(input.shipId, input.name);
    const ids = (await this.#repo.deadLetters({ shipId: input.shipId })).map((l) => l.id);
    return { ...(await shore.replay(ids)), dropped: 0 };
  }

  /** Shore: an admin retires a ship and its data. */
  async retire(shipId: string): Promise<void> {
    this.#shoreOnly();
    if (!(await this.#repo.retire(shipId))) throw notFound(syncMessages.unknownShip);
  }

  async deadLetters(query: { shipId?: string | undefined; limit: number }): Promise<DeadLetter[]> {
    this.#shoreOnly();
    const rows = await this.#repo.deadLetters({
      ...(query.shipId !== undefined ? { shipId: query.shipId } : {}),
      limit: query.limit,
    });
    return rows.map((r) => {
      const bytes = Buffer.from(r.data, 'base64');
      let body: string | null = null;
      try {
        body = (r.encoding === 'deflate' ? inflateRawSync(bytes) : bytes).toString('utf8').slice(0, 20_000);
        JSON.parse(body);
      } catch {
        body = null;
      }
      return {
        id: Number(r.id),
        shipId: r.ship_id,
        subject: r.subject,
        reason: r.reason as DeadLetter['reason'],
        detail: r.detail,
        deliveries: r.deliveries,
        at: r.at,
        body,
        bytes: bytes.length,
      };
    });
  }

  /** Replays or drops dead letters (by id, or every one of a ship). */
  async deadLetterAction(action: DeadLetterAction, mode: 'replay' | 'drop'): Promise<DeadLetterResult> {
    const shore = this.#shoreOnly();
    const ids =
      action.ids ??
      (await this.#repo.deadLetters({ ...(action.shipId ? { shipId: action.shipId } : {}) })).map((l) =>
        Number(l.id),
      );
    if (mode === 'drop') return { stored: 0, refused: 0, dropped: await this.#repo.dropDeadLetters(ids) };
    return { ...(await shore.replay(ids)), dropped: 0 };
  }

  #shoreOnly(): ShoreSync {
    if (!this.#shore) throw conflict(syncMessages.notShore);
    return this.#shore;
  }

  /** The shore decides on a filling record of a ship; the decision goes to the ship through JetStream. */
  async decide(input: ReviewInput, by: string | null): Promise<Review> {
    if (!this.#shore) throw conflict(syncMessages.notShore);
    const record = await this.#repo.fleetRecord(input.shipId, 'filling', input.recordId);
    if (!record || record.deleted) throw notFound(syncMessages.unknownRecord);
    const row = await this.#repo.decide({
      ship_id: input.shipId,
      record_id: input.recordId,
      decision: input.decision,
      comment: input.comment,
      record_digest: crewDigest(JSON.parse(record.data) as Parameters<typeof crewDigest>[0]),
      decided_at: new Date(this.#now()).toISOString(),
      decided_by: by,
    });
    // Sent now if the link is up, else by the shore's retry every few seconds; the answer does not wait for it.
    void this.#shore.sendReviews().catch(() => undefined);
    return {
      shipId: row.ship_id,
      recordId: row.record_id,
      decision: input.decision,
      comment: row.comment,
      decidedAt: row.decided_at,
      decidedBy: row.decided_by,
      recordDigest: row.record_digest,
      stale: false,
    };
  }

  /** The decisions: made here (shore) or received (ship); `stale` once the crew changed the record since. */
  async reviews(shipId?: string): Promise<Review[]> {
    const toReview = (owner: string, r: ReviewRow): Review => ({
      shipId: owner,
      recordId: r.record_id,
      decision: r.decision as Review['decision'],
      comment: r.comment,
      decidedAt: r.decided_at,
      decidedBy: r.decided_by,
      recordDigest: r.record_digest,
      stale: r.current_digest !== null && r.current_digest !== r.record_digest,
    });
    if (this.#shore) return (await this.#repo.fleetReviews(shipId)).map((r) => toReview(r.ship_id, r));
    const own = this.#ship?.shipId ?? '';
    return (await this.#outbox.shipReviews()).map((r) => toReview(own, r));
  }
}
