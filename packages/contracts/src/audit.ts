import { z } from 'zod';

/** Who made a change: a console's device (its code) or a shore user (the user name). */
export const auditActorSchema = z.object({ kind: z.enum(['device', 'user']), name: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;

/** The records whose every change is kept in the audit trail. */
export const auditEntities = ['ship', 'start_info', 'filling', 'bunker', 'oil_change'] as const;
export const auditEntitySchema = z.enum(auditEntities);
export type AuditEntity = z.infer<typeof auditEntitySchema>;

export const auditActions = ['create', 'update', 'submit', 'delete'] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * One change of a record: when (ISO UTC), who, what, and the record as the API gave it before and after
 * (`before` null on create, `after` null on delete). The trail is written by the server only and never edited.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actor: auditActorSchema,
  entity: auditEntitySchema,
  entityId: z.string(),
  action: auditActionSchema,
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = {
  id: string;
  at: string;
  actor: AuditActor;
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  before: unknown | null;
  after: unknown | null;
};

/** GET /api/v1/audit — one record's history, or all changes of a kind or period; oldest first. */
export const auditQuerySchema = z.object({
  entity: auditEntitySchema.optional(),
  entityId: z.string().min(1).max(64).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({ items: z.array(auditEntrySchema) });
export type AuditListResponse = { items: AuditEntry[] };
