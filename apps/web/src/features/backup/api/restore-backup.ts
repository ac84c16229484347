import { restoreResponseSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { safeStorage, storageKeys } from '../../../lib/storage';

/**
 * POST /api/v1/backups/restore with the file itself as the body (a store is hundreds of megabytes: no JSON,
 * no form encoding). The server checks it and stages it for the next start.
 */
export async function restoreBackup(file: File) {
  const token = safeStorage.getItem(storageKeys.deviceToken);
  let response: Response;
  try {
    response = await fetch('/api/v1/backups/restore', {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
    });
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : String(cause));
  }
  const payload = (await response.json().catch(() => null)) as {
    error?: { code: string; message: string; requestId?: string; details?: unknown };
  } | null;
  if (!response.ok) {
    const e = payload?.error;
    throw new ApiError(
      response.status,
      e?.code ?? 'unknown',
      e?.message ?? response.statusText,
      e?.requestId,
      e?.details,
    );
  }
  return restoreResponseSchema.parse(payload);
}

export const useRestoreBackup = () => useMutation({ mutationFn: restoreBackup });
