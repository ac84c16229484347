import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/** Why a request failed, in the user's language (`errors.<code>`, else `errors.unknown`). */
export function ErrorAlert({ error, style }: { error: unknown; style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t(error instanceof ApiError ? error.messageKey : 'errors.unknown')}
      style={style}
    />
  );
}
