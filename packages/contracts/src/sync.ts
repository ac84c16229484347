import { z } from 'zod';
import { syncMessages } from './messages.ts';

/**
 * Ship-to-shore sync over NATS JetStream. `off`: not configured (the vessel shape's default); `ship`: this
 * installation publishes its records to a shore; `shore`: this installation (fleet shape, PostgreSQL) receives them.
 */
export const syncRoles = ['off', 'ship', 'shore'] as const;
export const syncRoleSchema = z.enum(syncRoles);
export type SyncRole = z.infer<typeof syncRoleSchema>;

/** A ship as the shore knows it. */
export const fleetShipSchema = z.object({
  shipId: z.string(),
  name: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  records: z.number().int(),
  rollups: z.number().int(),
  /** `registered` (its messages are stored), `retired` (dropped) or `unregistered` (only dead letters so far). */
  status: z.enum(['registered', 'retired', 'unregistered']),
  /** Its history has not matched the ship's day by day yet (first sync, or days asked again): figures partial. */
  partial: z.boolean(),
  /** When its history last matched the ship's. */
  reconciledAt: z.string().nullable(),
  /** Messages on its subject whose body named another ship (refused). */
  refused: z.number().int(),
  /** Its messages set aside (undecodable, refused, unstorable): how many wait, the oldest since when. */
  deadLetters: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }),
});
export type FleetShip = z.infer<typeof fleetShipSchema>;

/** `GET /api/v1/sync`: the state of the link. */
export const syncStatusSchema = z.object({
  role: syncRoleSchema,
  /** Connected to the NATS server now. */
  connected: z.boolean(),
  /** The ship's id on the link (its IMO number); null on the shore or before the particulars are filled. */
  shipId: z.string().nullable(),
  /** Records and rollup buckets waiting to be sent (ship); the oldest waiting since when. */
  backlog: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }),
  /** Last acknowledgement from the shore's JetStream (ship) or last message from any ship (shore). */
  lastContactAt: z.string().nullable(),
  /** The bandwidth cap in kbit/s (ship). */
  maxKbits: z.number().nullable(),
  /** Why the link is not working, when known. */
  error: z.string().nullable(),
  /** The ships the shore has heard from (shore). */
  ships: z.array(fleetShipSchema),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** The shore's decision on an information-filling record. */
export const reviewDecisions = ['verified', 'returned'] as const;
export const reviewDecisionSchema = z.enum(reviewDecisions);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** A ship's message the shore set aside, with why. */
export const deadLetterSchema = z.object({
  id: z.number().int(),
  shipId: z.string(),
  subject: z.string(),
  reason: z.enum([
    'undecodable',
    'identity',
    'unregistered',
    'future',
    'no_fix',
    'out_of_range',
    'unstorable',
  ]),
  detail: z.string(),
  deliveries: z.number().int(),
  at: z.string(),
  /** The message as JSON text when it decodes, else null; `bytes` its size. */
  body: z.string().nullable(),
  bytes: z.number().int(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;
export const deadLettersQuerySchema = z.object({
  shipId: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const deadLettersResponseSchema = z.object({ items: z.array(deadLetterSchema) });
/** `POST /api/v1/sync/dead-letters/replay` and `/drop` (admin): the letters by id, or every one of a ship. */
export const deadLetterActionSchema = z
  .object({ ids: z.array(z.number().int()).max(10_000).optional(), shipId: z.string().min(1).optional() })
  .refine((a) => a.ids !== undefined || a.shipId !== undefined, { message: 'ids or shipId', path: ['ids'] });
export type DeadLetterAction = z.infer<typeof deadLetterActionSchema>;
export const deadLetterResultSchema = z.object({
  stored: z.number().int(),
  refused: z.number().int(),
  dropped: z.number().int(),
});
export type DeadLetterResult = z.infer<typeof deadLetterResultSchema>;

/** `POST /api/v1/sync/ships` (admin): a ship the shore takes messages from (its IMO number, the subject's id). */
export const registerShipSchema = z.object({
  shipId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  name: z.string().max(200).nullable().default(null),
});
export type RegisterShip = z.infer<typeof registerShipSchema>;
export const fleetShipIdParamsSchema = z.object({ shipId: z.string().min(1) });

export { syncMessages };

/** `POST /api/v1/sync/reviews` (shore): verify a record, or return it for correction with a comment. */
export const reviewInputSchema = z
  .object({
    shipId: z.string().min(1),
    recordId: z.string().min(1),
    decision: reviewDecisionSchema,
    comment: z.string().max(2000).default(''),
  })
  .refine((r) => r.decision !== 'returned' || r.comment.trim().length > 0, {
    message: syncMessages.commentRequired,
    path: ['comment'],
  });
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A decision with the version of the crew's entries it was made on. */
export const reviewSchema = z.object({
  shipId: z.string(),
  recordId: z.string(),
  decision: reviewDecisionSchema,
  comment: z.string(),
  decidedAt: z.string(),
  decidedBy: z.string().nullable(),
  /** Digest of the crew's entries the decision was made on. */
  recordDigest: z.string(),
  /** The crew changed the record after the decision: it needs a new one. */
  stale: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuerySchema = z.object({ shipId: z.string().optional() });
export const reviewsResponseSchema = z.object({ items: z.array(reviewSchema) });
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;
