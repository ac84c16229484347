import type { TFunction } from 'i18next';

/**
 * The server's reasons for refusing a trim table (the domain's English, `packages/domain/src/trim/trim-table.ts`
 * and the server's CSV reading) as sentences in the user's language; one not known here is shown as it came.
 */
const PATTERNS: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^line (\d+): (\w+) '(.*)' is not a number$/, 'notNumber', ['line', 'column', 'value']],
  [/^line (\d+): speed (\S+) kn is not between 0 and 40$/, 'speedRange', ['line', 'value']],
  [/^line (\d+): draught (\S+) m is not between 0 and 30$/, 'draftRange', ['line', 'value']],
  [/^line (\d+): trim (\S+) m is not between −10 and 10$/, 'trimRange', ['line', 'value']],
  [/^line (\d+): ΔP (\S+) % is not between −50 and 50$/, 'powerRange', ['line', 'value']],
  [
    /^line (\d+): (\S+) kn, (\S+) m, (\S+) m is already on line (\d+)$/,
    'duplicate',
    ['line', 'speed', 'draft', 'trim', 'first'],
  ],
  [/^no value for (\S+) kn, (\S+) m draught, (\S+) m trim$/, 'missingValue', ['speed', 'draft', 'trim']],
  [/^the table needs at least two (\w+), it has (\d+)$/, 'tooFew', ['what', 'count']],
  [/^missing column\(s\): (.*)$/, 'missingColumns', ['columns']],
  [/^the file has no rows$/, 'noRows', []],
];

export function translateTrimProblem(problem: string, t: TFunction): string {
  for (const [pattern, key, names] of PATTERNS) {
    const m = pattern.exec(problem.trim());
    if (!m) continue;
    const values = Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
    if (key === 'tooFew')
      values.what = t(`trim.table.problems.axes.${values.what}`, { defaultValue: values.what });
    return t(`trim.table.problems.${key}`, values);
  }
  return problem;
}
