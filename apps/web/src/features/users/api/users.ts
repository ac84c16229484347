import {
  type UserCreate,
  type UserPasswordReset,
  type UserUpdate,
  userSchema,
  usersResponseSchema,
} from '@ecohelm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const usersKey = ['users'] as const;

/** GET /api/v1/users (admins: `users:write`). */
export const useUsers = () =>
  useQuery({
    queryKey: usersKey,
    queryFn: ({ signal }) => apiFetch('/api/v1/users', { schema: usersResponseSchema, signal }),
  });

function useUsersMutation<T, R>(run: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
}

/** POST /api/v1/users */
export const useAddUser = () =>
  useUsersMutation((body: UserCreate) =>
    apiFetch('/api/v1/users', { method: 'POST', body, schema: userSchema }),
  );

/** PATCH /api/v1/users/:id — role, name, disabled. */
export const useUpdateUser = () =>
  useUsersMutation(({ id, ...body }: UserUpdate & { id: string }) =>
    apiFetch(`/api/v1/users/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: userSchema }),
  );

/** POST /api/v1/users/:id/password */
export const useResetPassword = () =>
  useUsersMutation(({ id, ...body }: UserPasswordReset & { id: string }) =>
    apiFetch(`/api/v1/users/${encodeURIComponent(id)}/password`, { method: 'POST', body }),
  );
