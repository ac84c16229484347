import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/**
 * Why the CII cannot be shown, in the user's language: the ship's basic information missing, the filling records
 * not adding up (with the server's account of which record), or the generic text of the error code.
 */
export function ciiErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const reason = (error.details as { reason?: string } | undefined)?.reason;
  if (reason === 'ship_incomplete') return t('cii.errors.shipIncomplete');
  if (reason === 'records_inconsistent') return `${t('cii.errors.inconsistent')} ${error.message}`;
  if (reason === 'no_history') return t('cii.errors.noHistory');
  return t(error.messageKey);
}
