import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { issueOfError, translateIssue } from '../../lib/contract-messages';

/** The error of a failed call in the user's language (a contract message word for word, translated). */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiError
      ? error.status === 400
        ? translateIssue(issueOfError(error), t)
        : t(error.messageKey)
      : t('errors.unknown');
}

/** A position as a bridge writes it, to a thousandth of a degree. */
export const latLon = (lat: number, lon: number) =>
  `${Math.abs(lat).toFixed(3)}°${lat >= 0 ? 'N' : 'S'} ${Math.abs(lon).toFixed(3)}°${lon >= 0 ? 'E' : 'W'}`;
