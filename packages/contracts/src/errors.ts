import { z } from 'zod';

/** Stable error codes of the API; the web app translates `errors.<code>`. */
export const errorCodes = [
  'validation_failed',
  'bad_json',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'internal',
  /** A resource the server needs is missing on this machine (e.g. the CJK font of PDF export). */
  'unavailable',
  /** The store's disk is nearly full: telemetry is refused, records are still saved. */
  'insufficient_storage',
  /** Too many failed logins for this account or address: wait (429, `details.retryAfterSeconds`). */
  'too_many_attempts',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error shape every failing `/api` call answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A field-level validation problem: `path` like `ship.mmsi`, `message` in the user's language. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
