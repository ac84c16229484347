import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { forgetQueryToken, runPortalCheck, sessionIntervalMs, startDeviceSession } from './device-session';

const session = {
  device: { id: 'd1', code: 'DEMO', name: 'Demo', role: 'crew' as const },
  permissions: ['dashboard:read' as const],
  expiresAt: '2030-01-01T00:00:00.000Z',
  serverTime: '2025-01-01T00:00:00.000Z',
};

function setup(overrides: Partial<Parameters<typeof startDeviceSession>[0]> = {}) {
  const redirectToLogin = vi.fn();
  const onSession = vi.fn();
  const refresh = vi.fn().mockResolvedValue(session);
  const stop = startDeviceSession({
    offline: false,
    search: '',
    storage: localStorage,
    redirectToLogin,
    onSession,
    refresh,
    ...overrides,
  });
  return { stop, redirectToLogin, onSession, refresh: (overrides.refresh as typeof refresh) ?? refresh };
}

describe('device token flow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stores the token from the query under dcToken and sends it at once and every 5 s', async () => {
    const { stop, refresh, onSession } = setup({ search: '?dcToken=from-query&type=sh' });
    expect(localStorage.getItem('dcToken')).toBe('from-query');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh.mock.calls[0]?.[0]).toBe('from-query');
    await vi.advanceTimersByTimeAsync(sessionIntervalMs);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(sessionIntervalMs * 2);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(onSession).toHaveBeenCalledWith(session);
    stop();
  });

  it('prefers the query token over the stored one', () => {
    localStorage.setItem('dcToken', 'stored');
    const { stop, refresh } = setup({ search: '?dcToken=newer' });
    expect(refresh.mock.calls[0]?.[0]).toBe('newer');
    expect(localStorage.getItem('dcToken')).toBe('newer');
    stop();
  });

  it('uses the stored token when the query has none', () => {
    localStorage.setItem('dcToken', 'stored');
    const { stop, refresh, redirectToLogin } = setup();
    expect(refresh.mock.calls[0]?.[0]).toBe('stored');
    expect(redirectToLogin).not.toHaveBeenCalled();
    stop();
  });

  it('redirects to /dcLogin when there is no token', () => {
    const { redirectToLogin, refresh } = setup();
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('clears the token and redirects when the server answers 401, and stops refreshing', async () => {
    localStorage.setItem('dcToken', 'revoked');
    const refresh = vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'no'));
    const { redirectToLogin } = setup({ refresh });
    await vi.advanceTimersByTimeAsync(0);
    expect(localStorage.getItem('dcToken')).toBeNull();
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(sessionIntervalMs * 3);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps the token through network failures and retries on the next tick', async () => {
    localStorage.setItem('dcToken', 'kept');
    const refresh = vi.fn().mockRejectedValue(new ApiError(0, 'network', 'down'));
    const { redirectToLogin, stop } = setup({ refresh });
    await vi.advanceTimersByTimeAsync(sessionIntervalMs);
    expect(localStorage.getItem('dcToken')).toBe('kept');
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does no token handling at all when offline', async () => {
    const { redirectToLogin, refresh } = setup({ offline: true, search: '?dcToken=ignored' });
    await vi.advanceTimersByTimeAsync(sessionIntervalMs * 2);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    expect(localStorage.getItem('dcToken')).toBeNull();
  });

  it('removes the timer when stopped', async () => {
    localStorage.setItem('dcToken', 't');
    const { stop, refresh } = setup();
    stop();
    await vi.advanceTimersByTimeAsync(sessionIntervalMs * 3);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('portal check', () => {
  const answer = (status: number, body: unknown) =>
    vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

  it('removes the portal token and redirects when HTTP 200 carries data.code 401', async () => {
    localStorage.setItem('accessToken', 'portal token');
    const fetchFn = answer(200, { status: 'invalid', data: { code: 401 } });
    const redirectToLogin = vi.fn();
    await runPortalCheck({ storage: localStorage, redirectToLogin, fetchFn });
    expect(fetchFn).toHaveBeenCalledWith('/api/dingtalk/check?token=portal%20token');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps the portal token on a valid answer and on other HTTP statuses', async () => {
    localStorage.setItem('accessToken', 'ok');
    const redirectToLogin = vi.fn();
    await runPortalCheck({
      storage: localStorage,
      redirectToLogin,
      fetchFn: answer(200, { status: 'ok', data: { code: 200 } }),
    });
    await runPortalCheck({
      storage: localStorage,
      redirectToLogin,
      fetchFn: answer(500, { data: { code: 401 } }),
    });
    expect(localStorage.getItem('accessToken')).toBe('ok');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('swallows network errors', async () => {
    localStorage.setItem('accessToken', 'ok');
    const redirectToLogin = vi.fn();
    const fetchFn = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      runPortalCheck({ storage: localStorage, redirectToLogin, fetchFn }),
    ).resolves.toBeUndefined();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('is skipped when no portal token is stored', async () => {
    const fetchFn = vi.fn();
    await runPortalCheck({ storage: localStorage, redirectToLogin: vi.fn(), fetchFn });
    expect(fetchFn).not.toHaveBeenCalled();
  });
});

describe('the device token in the address', () => {
  it('is stored and taken out of the address bar, the rest of the address kept', () => {
    window.history.replaceState(null, '', '/overview?dcToken=secret-token&type=1#top');
    const storage = new Map<string, string>();
    const stop = startDeviceSession({
      offline: false,
      search: window.location.search,
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      redirectToLogin: () => undefined,
      onSession: () => undefined,
      refresh: () => new Promise<typeof session>(() => undefined),
      forgetQueryToken,
    });
    stop();
    expect(storage.get('dcToken')).toBe('secret-token');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/overview?type=1#top',
    );
  });
});
