import {
  alarmLimitMessages,
  complianceMessages,
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
} from '@ecohelm/contracts/messages';
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
  ...Object.entries(complianceMessages).map(([k, v]) => [v as string, `compliance.messages.${k}`] as const),
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
 * A validation problem as zod reports it on the web or as a 400 answer's `details` carries it (`fieldErrorOf`): the
 * contract's English `message`, and where zod found it the issue's `code` with its parameters.
 */
export interface ContractIssue {
  message: string;
  code?: string | undefined;
  origin?: string | undefined;
  minimum?: number | bigint | undefined;
  maximum?: number | bigint | undefined;
  inclusive?: boolean | undefined;
  expected?: string | undefined;
  format?: string | undefined;
}

/** A bound as the user reads it: a number with thousands separators, a date bound as its UTC day. */
function boundText(value: number | bigint | undefined, origin: string | undefined): string {
  const n = Number(value);
  if (origin === 'date' && Number.isFinite(n)) return new Date(n).toISOString().slice(0, 10);
  return Number.isFinite(n) ? n.toLocaleString('en-US') : String(value);
}

/** A bound of zod's own (`too_big`, `too_small`) as a sentence naming the field and the allowed range. */
function translateBound(issue: ContractIssue, t: TFunction, field: string): string {
  const big = issue.code === 'too_big';
  const value = big ? issue.maximum : issue.minimum;
  const bound = boundText(value, issue.origin);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'string') {
    if (!big) {
      const n = Number(value);
      return (inclusive && n <= 1) || (!inclusive && n <= 0)
        ? t('common.number.required', { field })
        : t('common.number.tooShort', { field, min: bound });
    }
    return t('common.number.tooLong', { field, max: bound });
  }
  if (issue.origin === 'array' || issue.origin === 'set')
    return big
      ? t('common.number.atMostItems', { field, max: bound })
      : t('common.number.atLeastItems', { field, min: bound });
  if (big) return t(inclusive ? 'common.number.atMost' : 'common.number.lessThan', { field, max: bound });
  return t(inclusive ? 'common.number.atLeast' : 'common.number.moreThan', { field, min: bound });
}

/**
 * zod's own problem by its issue code and parameters, as a sentence in the user's language naming the field (`field`,
 * else "This value"); `undefined` for a code that carries the contract's own words (`custom`).
 */
function translateByCode(issue: ContractIssue, t: TFunction, field: string | undefined): string | undefined {
  const name = field ?? t('common.number.thisValue');
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return translateBound(issue, t, name);
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? t('common.number.notANumber', { field: name })
        : t('common.number.invalid', { field: name });
    case 'invalid_format':
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return t('common.number.invalid', { field: name });
    default:
      return undefined;
  }
}

/** A contract's own message (with its detail, if any) in the user's language; `undefined` when it is none of ours. */
function knownMessage(message: string, t: TFunction): string | undefined {
  const key = byText.get(message);
  if (key) return t(key);
  // A known message followed by its detail ("… range. (37–119 rpm)"): the known part is translated, and the
  // detail where it is one of the known details.
  for (const [text, k] of byText) {
    if (message.startsWith(text) && /^[\s(:]/.test(message.slice(text.length))) {
      return `${t(k)}${translateDetail(message.slice(text.length), t)}`;
    }
  }
  return undefined;
}

/**
 * Translates a contract validation message (the spec's English text, word for word) into the
 * user's language; other messages pass through. `translateIssue` also words zod's own problems.
 */
export function translateMessage(message: string, t: TFunction): string {
  return knownMessage(message, t) ?? message;
}

/**
 * A validation problem in the user's language: the contract's own message where it is one of ours, else zod's problem
 * by its code and parameters as a sentence naming `field` and the allowed range, else the message as it is.
 */
export function translateIssue(issue: ContractIssue, t: TFunction, field?: string): string {
  return knownMessage(issue.message, t) ?? translateByCode(issue, t, field) ?? issue.message;
}

/**
 * The reason of a failed call as an issue: a 400's first field problem (with zod's code) when it is the one the
 * message names, else the message alone.
 */
export function issueOfError(error: { message: string; details?: unknown }): ContractIssue {
  const first: unknown = Array.isArray(error.details) ? error.details[0] : undefined;
  return first && typeof first === 'object' && (first as ContractIssue).message === error.message
    ? (first as ContractIssue)
    : { message: error.message };
}

/** Field errors of a zod failure or a 400 answer: `[namePath, translated message]`. */
export function fieldErrors(
  issues: readonly (ContractIssue & { path: readonly PropertyKey[] | string })[],
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
    const text = translateIssue(issue, t, labelOf?.(parts));
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
