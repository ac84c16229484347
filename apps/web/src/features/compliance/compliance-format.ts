import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { issueOfError, translateIssue } from '../../lib/contract-messages';

/** The server's message where it is one of the contract's (translated), else the error code's text. */
export function complianceErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const translated = translateIssue(issueOfError(error), t);
    if (translated !== error.message) return translated;
    return t(error.messageKey, { defaultValue: t('errors.unknown') });
  }
  return t('errors.unknown');
}

/** The ship's name in the console's language (the Chinese name where there is one). */
export const shipName = (
  s: { name: string | null; nameZh: string | null; shipId: string },
  language: string,
) => (language !== 'en_US' && s.nameZh) || s.name || s.shipId;

/** The current year (UTC), the compliance page's default. */
export const thisYear = () => new Date().getUTCFullYear();
/** FuelEU Maritime applies from 2025 (Reg. (EU) 2023/1805 Art. 2). */
export const FIRST_YEAR = 2025;
