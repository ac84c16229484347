import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { formatShipTime } from '../../lib/ship-time';

/**
 * The 409 `record_required` of a delete or an edit as a sentence naming the submitted record that needs the one
 * changed (its kind, voyage and ship time); undefined for any other failure.
 */
export function recordRequiredText(error: unknown, t: TFunction, offsetMinutes: number): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const details = error.details as
    | { reason?: string; dependent?: { kind: string; voyageNumber: string | null; eventTime: string | null } }
    | undefined;
  if (details?.reason !== 'record_required' || !details.dependent) return undefined;
  return t('plausibility.recordRequired', {
    kind: t(`filling.kinds.${details.dependent.kind}`),
    voyage: details.dependent.voyageNumber ?? '—',
    time: formatShipTime(details.dependent.eventTime, offsetMinutes),
  });
}
