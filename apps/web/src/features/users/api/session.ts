import type { PasswordChange, UserSession } from '@ecohelm/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { redirectToUserLogin, safeStorage, storageKeys } from '../../../lib/storage';

/** GET /api/v1/auth/session: who is signed in (the account menu's name, whether it may manage users). */
export const useUserSession = (enabled: boolean) =>
  useQuery({
    queryKey: ['auth', 'session'] as const,
    // No schema: the header's menu stays out of zod's chunk (the server's serializer checks the answer).
    queryFn: ({ signal }) => apiFetch<UserSession>('/api/v1/auth/session', { signal }),
    enabled,
    staleTime: 60_000,
  });

/** POST /api/v1/auth/logout, then forgets the token and opens /login (also when the server is unreachable). */
export const useLogout = () =>
  useMutation({
    mutationFn: () => apiFetch('/api/v1/auth/logout', { method: 'POST' }).catch(() => undefined),
    onSettled: () => {
      safeStorage.removeItem(storageKeys.deviceToken);
      redirectToUserLogin();
    },
  });

/** POST /api/v1/auth/password: the signed-in user's own new password (the other sessions end). */
export const useChangeOwnPassword = () =>
  useMutation({
    mutationFn: (change: PasswordChange) =>
      apiFetch<void>('/api/v1/auth/password', { method: 'POST', body: change }),
  });
