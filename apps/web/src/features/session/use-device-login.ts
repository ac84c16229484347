import { type DeviceLoginRequest, deviceLoginResponseSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from '../../lib/api-client';
import { safeStorage, storageKeys } from '../../lib/storage';

/** POST /api/v1/devices/login; on success stores both tokens and opens the overview. */
export function useDeviceLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: DeviceLoginRequest) =>
      apiFetch('/api/v1/devices/login', {
        method: 'POST',
        body: request,
        token: null,
        schema: deviceLoginResponseSchema,
      }),
    onSuccess: (answer) => {
      safeStorage.setItem(storageKeys.deviceToken, answer.dcToken);
      safeStorage.setItem(storageKeys.accessToken, answer.accessToken);
      navigate('/overview', { replace: true });
    },
  });
}

/** Translation key of a failed login: wrong code/secret (401) or the generic `errors.<code>`. */
export function loginErrorKey(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 ? 'session.invalid' : error.messageKey;
  return 'errors.unknown';
}
