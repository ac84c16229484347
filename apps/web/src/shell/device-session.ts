import type { DeviceSessionResponse, UserSession } from '@ecohelm/contracts';
import { ApiError, apiFetch } from '../lib/api-client';
import { type KeyValueStorage, storageKeys } from '../lib/storage';

/** SPEC §1, §9: the session routine runs at once and then every 5 seconds. */
export const sessionIntervalMs = 5_000;

/** The device token from the address query `dcToken`, else from storage. */
export function resolveDeviceToken(search: string, storage: KeyValueStorage): string | null {
  const fromQuery = new URLSearchParams(search).get(storageKeys.deviceToken)?.trim();
  if (fromQuery) return fromQuery;
  return storage.getItem(storageKeys.deviceToken) || null;
}

/** What every session routine answers: the caller's permissions (SPEC §3 global state `permissions`). */
interface SessionAnswer {
  permissions: string[];
}

export interface DeviceSessionOptions<S extends SessionAnswer = DeviceSessionResponse> {
  offline: boolean;
  search: string;
  storage: KeyValueStorage;
  redirectToLogin: () => void;
  onSession: (session: S) => void;
  /** Sends the token to the session route; defaults to POST /api/v1/devices/session. */
  refresh?: (token: string, signal: AbortSignal) => Promise<S>;
  intervalMs?: number;
  /** Takes a `dcToken` query out of the address once the token is stored (see {@link forgetQueryToken}). */
  forgetQueryToken?: () => void;
}

/** Removes `dcToken` from the address bar (a portal's link puts it there), keeping the rest of the address. */
export function forgetQueryToken(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(storageKeys.deviceToken)) return;
  url.searchParams.delete(storageKeys.deviceToken);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export const refreshDeviceSession = (token: string, signal: AbortSignal) =>
  apiFetch<DeviceSessionResponse>('/api/v1/devices/session', { method: 'POST', token, signal });

/** A shore user's session routine: GET /api/v1/auth/session (slides the session's expiry). */
export const refreshUserSession = (token: string, signal: AbortSignal) =>
  apiFetch<UserSession>('/api/v1/auth/session', { token, signal });

/** A shore user's session is checked every 30 s (a revoked or expired one sends the user to /login). */
export const userSessionIntervalMs = 30_000;

/**
 * Starts the device session (SPEC §1, §4): offline means no token handling at all; otherwise the token
 * from the query or storage is stored under `dcToken` and sent at once and every 5 s. No token, or a
 * token the server rejects (401), clears it and redirects to /dcLogin. Other failures (the ship's
 * network flapping) are retried on the next tick. Returns the function that stops the timer.
 */
export function startDeviceSession<S extends SessionAnswer = DeviceSessionResponse>(
  options: DeviceSessionOptions<S>,
): () => void {
  if (options.offline) return () => {};
  const { storage } = options;
  const token = resolveDeviceToken(options.search, storage);
  if (!token) {
    options.redirectToLogin();
    return () => {};
  }
  storage.setItem(storageKeys.deviceToken, token);
  options.forgetQueryToken?.();

  // Without a routine of its own, S is the default DeviceSessionResponse: the device's routine answers it.
  const refresh =
    options.refresh ??
    (refreshDeviceSession as unknown as (token: string, signal: AbortSignal) => Promise<S>);
  const controller = new AbortController();
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    controller.abort();
  };
  const tick = async () => {
    try {
      const session = await refresh(token, controller.signal);
      if (!stopped) options.onSession(session);
    } catch (error) {
      if (stopped || !(error instanceof ApiError) || error.status !== 401) return;
      stop();
      storage.removeItem(storageKeys.deviceToken);
      options.redirectToLogin();
    }
  };
  const timer = setInterval(tick, options.intervalMs ?? sessionIntervalMs);
  void tick();
  return stop;
}

export interface PortalCheckOptions {
  storage: KeyValueStorage;
  redirectToLogin: () => void;
  fetchFn?: typeof fetch;
}

/**
 * Portal-token check (SPEC §7, §8): GET /api/dingtalk/check?token=<accessToken>. HTTP 200 with
 * `data.code` 401 removes the stored portal token and redirects to /dcLogin; every other answer and
 * every network error is ignored. Skipped when no portal token is stored.
 */
export async function runPortalCheck({ storage, redirectToLogin, fetchFn = fetch }: PortalCheckOptions) {
  const token = storage.getItem(storageKeys.accessToken);
  if (!token) return;
  try {
    const response = await fetchFn(`/api/dingtalk/check?token=${encodeURIComponent(token)}`);
    if (response.status !== 200) return;
    const answer = (await response.json()) as { data?: { code?: unknown } } | null;
    if (answer?.data?.code === 401) {
      storage.removeItem(storageKeys.accessToken);
      redirectToLogin();
    }
  } catch {
    // network errors on the check are swallowed (SPEC §7)
  }
}
