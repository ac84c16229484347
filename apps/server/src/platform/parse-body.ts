import { validationFailed } from './errors.ts';

/** Parses with a contract schema, or throws 400 `validation_failed` with `body.<path>` field errors. */
export function parseBody<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
  prefix = 'body',
): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const details = r.error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw validationFailed(details[0]?.message ?? 'The request is not valid.', details);
}
