import { plausibilityMessages } from '@ecohelm/contracts';
import { capacityIssues, dateIssues, type PlausibilityCode } from '@ecohelm/domain';
import { validationFailed } from './errors.ts';

/**
 * An impossible value at a field of a request: the rule broken (translated by the console from
 * `plausibilityMessages`) and the figures, written so that they read the same in every language.
 */
export interface EntryRefusal {
  /** Field path inside the body, dot-separated (`bunkers.0.quantityT`). */
  path: string;
  code: PlausibilityCode;
  figures: string;
}

const f1 = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

/** The message a refusal answers with: the rule's sentence, then its figures in brackets. */
export const refusalMessage = (r: EntryRefusal): string =>
  r.figures ? `${plausibilityMessages[r.code]} (${r.figures})` : plausibilityMessages[r.code];

/** Throws 400 `validation_failed` with every refusal at its field (`<prefix>.<path>`), when there is one. */
export function refuseImpossible(refusals: readonly EntryRefusal[], prefix = 'body'): void {
  if (refusals.length === 0) return;
  const details = refusals.map((r) => ({ path: `${prefix}.${r.path}`, message: refusalMessage(r) }));
  throw validationFailed(details[0]?.message ?? 'The request is not valid.', details);
}

/** A date of a record: not before the ship's build date, not more than a day ahead of the clock. */
export function dateRefusals(
  path: string,
  iso: string | null | undefined,
  context: { buildDate?: string | null | undefined; now: Date },
): EntryRefusal[] {
  if (!iso) return [];
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return [];
  return dateIssues(at, { buildDate: context.buildDate, nowMs: context.now.getTime() }).map((i) => ({
    path,
    code: i.code,
    figures:
      i.code === 'before_build_date'
        ? `${iso.slice(0, 10)} < ${context.buildDate}`
        : `${iso.slice(0, 16).replace('T', ' ')} > ${new Date(context.now.getTime() + 86_400_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  }));
}

/** A quantity of one fuel against the ship's tank capacity for it (particulars `fuelTypes[].maxCapacityT`). */
export function capacityRefusals(
  path: string,
  quantityT: number | null | undefined,
  fuelType: string,
  fuelTypes: readonly { fuelType: string; maxCapacityT: number }[] | undefined,
): EntryRefusal[] {
  if (typeof quantityT !== 'number' || !Number.isFinite(quantityT)) return [];
  const capacity = fuelTypes?.find((f) => f.fuelType === fuelType)?.maxCapacityT;
  return capacityIssues(quantityT, capacity).map((i) => ({
    path,
    code: i.code,
    figures: `${f1(quantityT)} t > ${f1(capacity as number)} t`,
  }));
}
