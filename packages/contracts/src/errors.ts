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

/**
 * A field-level validation problem: `path` like `body.ship.mmsi`, `message` the contract's English. Where one of zod's
 * own checks found it (not a `custom` one, whose message is the contract's sentence), the detail also carries the
 * issue's `code` and parameters (`too_big` with `maximum`, `too_small` with `minimum`, both with `origin` and
 * `inclusive`; `invalid_type` with `expected`; `invalid_format` with `format`), so a console says it in its own
 * language without reading the English. Clients that know only `path` and `message` still read every answer.
 */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  origin: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  inclusive: z.boolean().optional(),
  expected: z.string().optional(),
  format: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

const issueStrings = ['origin', 'expected', 'format'] as const;

/** A zod issue at `path` as the field error of a 400 answer: its message, code and parameters (a bigint as a number). */
export function fieldErrorOf(
  path: string,
  issue: { message?: string | undefined; code?: string | undefined } & Record<string, unknown>,
): FieldError {
  const out: FieldError = { path, message: issue.message ?? 'invalid' };
  // A `custom` issue's message is the contract's own sentence, which the console knows word for word.
  if (typeof issue.code !== 'string' || issue.code === 'custom') return out;
  out.code = issue.code;
  for (const k of issueStrings) if (typeof issue[k] === 'string') out[k] = issue[k] as string;
  for (const k of ['minimum', 'maximum'] as const) {
    const v = issue[k];
    if (typeof v === 'number' || typeof v === 'bigint') out[k] = Number(v);
  }
  if (typeof issue.inclusive === 'boolean') out.inclusive = issue.inclusive;
  return out;
}
