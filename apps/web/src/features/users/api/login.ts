import { type UserLoginRequest, userLoginResponseSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { safeStorage, storageKeys } from '../../../lib/storage';

/** POST /api/v1/auth/login; on success keeps the session token (as the console's bearer token) and opens the fleet (a shore's first page). */
export function useUserLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: UserLoginRequest) =>
      apiFetch('/api/v1/auth/login', {
        method: 'POST',
        body: request,
        token: null,
        schema: userLoginResponseSchema,
      }),
    onSuccess: (answer) => {
      safeStorage.setItem(storageKeys.deviceToken, answer.token);
      navigate('/fleet', { replace: true });
    },
  });
}

/** The message of a failed login: wrong name or password (401), locked out (429, with the wait), or `errors.<code>`. */
export function loginError(error: unknown): { key: string; minutes?: number } {
  if (!(error instanceof ApiError)) return { key: 'errors.unknown' };
  if (error.status === 401) return { key: 'users.login.invalid' };
  if (error.status === 429) {
    const seconds = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 900;
    return { key: 'users.login.locked', minutes: Math.max(1, Math.ceil(seconds / 60)) };
  }
  return { key: error.messageKey };
}
