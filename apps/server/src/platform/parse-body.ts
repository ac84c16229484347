import { fieldErrorOf } from '@ecohelm/contracts';
import { validationFailed } from './errors.ts';

/** Parses with a contract schema, or throws 400 `validation_failed` with `body.<path>` field errors (zod's code and bounds with each). */
export function parseBody<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string; code?: string }[] } };
  },
  value: unknown,
  prefix = 'body',
): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const details = r.error.issues.map((i) =>
    fieldErrorOf([prefix, ...i.path.map(String)].join('.'), i as typeof i & Record<string, unknown>),
  );
  throw validationFailed(details[0]?.message ?? 'The request is not valid.', details);
}
