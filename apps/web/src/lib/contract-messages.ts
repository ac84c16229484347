import {
  alarmLimitMessages,
  consumptionMessages,
  ecaMessages,
  equipmentMessages,
  fillingMessages,
  fleetMessages,
  GRIB_DAMAGED_MESSAGE,
  loadMessages,
  plausibilityMessages,
  shipMessages,
  speedMessages,
  syncMessages,
  userMessages,
} from '@ecohelm/contracts';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';

const byText = new Map<string, string>([
  ...Object.entries(shipMessages).map(([k, v]) => [v as string, `ship.messages.${k}`] as const),
  ...Object.entries(fillingMessages).map(([k, v]) => [v as string, `filling.messages.${k}`] as const),
  ...Object.entries(plausibilityMessages).map(([k, v]) => [v as string, `plausibility.${k}`] as const),
  ...Object.entries(alarmLimitMessages).map(([k, v]) => [v as string, `alarms.limitMessages.${k}`] as const),
  ...Object.entries(equipmentMessages).map(([k, v]) => [v as string, `equipment.messages.${k}`] as const),
  ...Object.entries(ecaMessages).map(([k, v]) => [v as string, `eca.messages.${k}`] as const),
  ...Object.entries(loadMessages).map(([k, v]) => [v as string, `load.messages.${k}`] as const),
  ...Object.entries(speedMessages).map(([k, v]) => [v as string, `speed.messages.${k}`] as const),
  [GRIB_DAMAGED_MESSAGE, 'speed.messages.gribDamaged'] as const,
  ...Object.entries(userMessages).map(([k, v]) => [v as string, `users.messages.${k}`] as const),
  ...Object.entries(syncMessages).map(([k, v]) => [v as string, `fleet.messages.${k}`] as const),
  [fleetMessages.notShore, 'fleet.messages.fleetNotShore'] as const,
  [fleetMessages.unknownShip, 'fleet.messages.unknownShip'] as const,
  [fleetMessages.consoleReadOnly, 'fleet.messages.consoleReadOnly'] as const,
  [fleetMessages.consoleNoLive, 'fleet.messages.consoleNoLive'] as const,
  ...Object.entries(consumptionMessages).map(([k, v]) => [v as string, `consumption.messages.${k}`] as const),
]);

/**
 * The details a contract adds after a known message, in the domain's words (the ECA range check's
 * `ringProblems`): each pattern's groups become the translation's `a` and `b`.
 */
const details: readonly (readonly [RegExp, string])[] = [
  [/^position (\d+): latitude (\S+) is not between -90 and 90$/, 'eca.messages.ring.latitude'],
  [/^position (\d+): longitude (\S+) is not between -180 and 180$/, 'eca.messages.ring.longitude'],
  [/^a range needs at least 3 different positions$/, 'eca.messages.ring.tooFew'],
  [/^a position is given twice$/, 'eca.messages.ring.twice'],
  [/^the boundary crosses itself \(side (\d+) and side (\d+)\)$/, 'eca.messages.ring.crosses'],
  [/^the positions lie on one line and bound no area$/, 'eca.messages.ring.line'],
  // The XML parser's reason after the RTZ refusal ("char 't' is not expected. (line 1)"): its line, in our words.
  [/^(.+?)\.? \(line (\d+)\)$/, 'speed.messages.rtzLine'],
];

function translateDetail(detail: string, t: TFunction): string {
  const text = detail.trim();
  for (const [pattern, key] of details) {
    const m = pattern.exec(text);
    if (m) return `${detail.slice(0, detail.indexOf(text))}${t(key, { a: m[1], b: m[2] })}`;
  }
  return detail;
}

/**
 * zod's own messages (a bound without a message of ours): "Too big: expected number to be <=500000", "Too small:
 * expected string to have >=1 characters", "Invalid input: expected number, received NaN".
 */
const ZOD_BOUND = /^Too (big|small): expected (\w+) to (?:be|have) (<=|<|>=|>)\s*(-?[\d.e+]+)(?: (\w+))?$/;
const ZOD_INVALID = /^Invalid input(?::|$)|^Invalid (?:number|string|option|date)/;

/** zod's English bound as a sentence in the user's language naming the field (`field`, else "This value"). */
function translateZod(message: string, t: TFunction, field: string | undefined): string | undefined {
  const name = field ?? t('common.number.thisValue');
  const m = ZOD_BOUND.exec(message);
  if (m) {
    const [, , kind, op, raw, what] = m;
    const n = Number(raw);
    const bound = Number.isFinite(n) ? n.toLocaleString('en-US') : raw;
    if (kind === 'string' && what === 'characters') {
      if ((op === '>=' && n === 1) || (op === '>' && n === 0))
        return t('common.number.required', { field: name });
      if (op === '<=' || op === '<') return t('common.number.tooLong', { field: name, max: bound });
    }
    if (op === '<=') return t('common.number.atMost', { field: name, max: bound });
    if (op === '<') return t('common.number.lessThan', { field: name, max: bound });
    if (op === '>=') return t('common.number.atLeast', { field: name, min: bound });
    return t('common.number.moreThan', { field: name, min: bound });
  }
  if (ZOD_INVALID.test(message)) {
    return /expected number/.test(message)
      ? t('common.number.notANumber', { field: name })
      : t('common.number.invalid', { field: name });
  }
  return undefined;
}

/**
 * Translates a contract validation message (the spec's English text, word for word) into the
 * user's language, zod's own bounds into a sentence naming `field`; other messages pass through.
 */
export function translateMessage(message: string, t: TFunction, field?: string): string {
  const key = byText.get(message);
  if (key) return t(key);
  const zod = translateZod(message, t, field);
  if (zod) return zod;
  // A known message followed by its detail ("… range. (37–119 rpm)"): the known part is translated, and the
  // detail where it is one of the known details.
  for (const [text, k] of byText) {
    if (message.startsWith(text) && /^[\s(:]/.test(message.slice(text.length))) {
      return `${t(k)}${translateDetail(message.slice(text.length), t)}`;
    }
  }
  return message;
}

/** Field errors of a zod failure or a 400 answer: `[namePath, translated message]`. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
  t: TFunction,
  prefix: string[] = [],
  /** The label of a field by its name path, for the sentences of zod's own bounds. */
  labelOf?: (name: readonly (string | number)[]) => string | undefined,
): { name: (string | number)[]; errors: string[] }[] {
  const grouped = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issues) {
    const raw = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const parts = raw.slice(prefix.length).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const key = parts.join('.');
    const entry = grouped.get(key) ?? { name: parts, errors: [] };
    const text = translateMessage(issue.message, t, labelOf?.(parts));
    if (!entry.errors.includes(text)) entry.errors.push(text);
    grouped.set(key, entry);
  }
  return [...grouped.values()];
}

/**
 * Clears the errors of the fields a user just changed. Errors set by `form.setFields` (from the
 * contract's checks, not from Form.Item rules) would otherwise stay under a corrected value.
 */
export function clearChangedErrors(form: FormInstance, changed: Record<string, unknown>): void {
  const stale = form
    .getFieldsError()
    .filter((f) => f.errors.length > 0 && String(f.name[0]) in changed)
    .map((f) => ({ name: f.name, errors: [] }));
  if (stale.length > 0) form.setFields(stale);
}
