/**
 * Machine-readable reason codes of {@link DomainInputError}. Stable: the server maps them to
 * `validation_failed` field errors and the web translates them.
 */
export type DomainErrorCode =
  | 'unknown_ship_type'
  | 'unknown_fuel'
  | 'unknown_year'
  | 'missing_capacity'
  | 'capacity_out_of_range'
  | 'invalid_number'
  | 'invalid_range'
  | 'invalid_date';

/**
 * Thrown when an input to a regulatory calculation is unknown or outside the tables: the
 * library never returns a number it cannot justify. `field` names the input (dotted path),
 * `code` says why, `message` is an English sentence for logs.
 */
export class DomainInputError extends Error {
  readonly code: DomainErrorCode;
  readonly field: string;
  readonly value: unknown;

  constructor(code: DomainErrorCode, field: string, value: unknown, message: string) {
    super(message);
    this.name = 'DomainInputError';
    this.code = code;
    this.field = field;
    this.value = value;
  }
}

/** Asserts a finite number ≥ 0 (or > 0 when `strict`), else throws `invalid_number` naming the field. */
export function requireNonNegative(value: number, field: string, strict = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (strict && value === 0)) {
    throw new DomainInputError(
      'invalid_number',
      field,
      value,
      `${field} must be a finite number ${strict ? '> 0' : '≥ 0'}, got ${String(value)}`,
    );
  }
  return value;
}

/** Parses an ISO-8601 string, epoch milliseconds or Date into epoch milliseconds; throws `invalid_date`. */
export function toEpochMs(value: string | number | Date, field: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) {
    throw new DomainInputError(
      'invalid_date',
      field,
      value,
      `${field} is not a valid date: ${String(value)}`,
    );
  }
  return ms;
}
