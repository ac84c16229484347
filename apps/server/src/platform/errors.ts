import type { ErrorCode, FieldError } from '@ecohelm/contracts';

/** An error with a stable code and HTTP status; anything else becomes a 500 `internal`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;

  constructor(code: ErrorCode, statusCode: number, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.details = details;
  }
}

export const unauthorized = (message = 'A valid device token or user session is required.') =>
  new AppError('unauthorized', 401, message);
export const forbidden = (message = 'This device or user lacks the permission for that action.') =>
  new AppError('forbidden', 403, message);
export const notFound = (message = 'Not found.') => new AppError('not_found', 404, message);
export const conflict = (message: string, details?: unknown) =>
  new AppError('conflict', 409, message, details);
/** Too many failed logins: the caller waits `retryAfterSeconds`. */
export const tooManyAttempts = (message: string, retryAfterSeconds: number) =>
  new AppError('too_many_attempts', 429, message, { retryAfterSeconds });
export const validationFailed = (message: string, details: FieldError[]) =>
  new AppError('validation_failed', 400, message, details);
