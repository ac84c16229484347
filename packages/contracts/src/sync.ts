import { z } from 'zod';

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

export const syncMessages = {
  commentRequired: 'A record returned for correction needs a comment',
  notShore: 'Only a shore server decides on records',
  unknownRecord: 'The shore has no such record of that ship',
} as const;

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
