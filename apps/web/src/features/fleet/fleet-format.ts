import type { FleetShipRow } from '@ecohelm/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { issueOfError, translateIssue } from '../../lib/contract-messages';

/** How long ago a ship was last heard from, in the console's language. */
export function agoText(hours: number | null, t: TFunction): string {
  if (hours === null) return t('fleet.ago.never');
  if (hours < 1) return t('fleet.ago.minutes', { n: Math.floor(hours * 60) });
  if (hours < 48) return t('fleet.ago.hours', { n: Math.floor(hours) });
  return t('fleet.ago.days', { n: Math.floor(hours / 24) });
}

/** The server's message where it is one of the contract's (translated), else the error code's text. */
export function fleetErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const translated = translateIssue(issueOfError(error), t);
    if (translated !== error.message) return translated;
  }
  return error instanceof ApiError
    ? t(error.messageKey, { defaultValue: t('errors.unknown') })
    : t('errors.unknown');
}

/** The ship's name in the console's language (the Chinese name where there is one). */
export const shipName = (row: Pick<FleetShipRow, 'name' | 'nameZh' | 'shipId'>, language: string) =>
  (language !== 'en_US' && row.nameZh) || row.name || row.shipId;
