import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialGlobalState, useGlobalStore } from '../lib/store';
import { viewerSession } from '../test/sessions';
import { useDeviceSession } from './use-device-session';

describe('the session routine on a shore', () => {
  const assign = vi.fn();
  beforeEach(() => {
    useGlobalStore.setState({ permissions: initialGlobalState.permissions });
    vi.stubGlobal('location', { ...window.location, assign, search: '', origin: 'http://shore' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
    localStorage.clear();
  });

  it("fills the permissions from the user's session (GET /api/v1/auth/session), not the device's", async () => {
    localStorage.setItem('dcToken', 'u.token');
    const fetchStub = vi.fn(async () => Response.json(viewerSession));
    vi.stubGlobal('fetch', fetchStub);
    const { unmount } = renderHook(() => useDeviceSession(false, true, true));
    await waitFor(() =>
      expect(useGlobalStore.getState().permissions).toEqual(['dashboard:read', 'fleet:read']),
    );
    expect(fetchStub.mock.calls.map((c) => String((c as unknown[])[0]))).toEqual(['/api/v1/auth/session']);
    const init = (fetchStub.mock.calls[0] as unknown[])[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer u.token');
    unmount();
  });

  it('sends a visitor without a session to /login, and one whose session ended too', async () => {
    const { unmount } = renderHook(() => useDeviceSession(false, true, true));
    expect(assign).toHaveBeenCalledWith('http://shore/login');
    unmount();
    assign.mockReset();
    localStorage.setItem('dcToken', 'u.ended');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'unauthorized', message: 'no', requestId: 't' } }, { status: 401 }),
      ),
    );
    const second = renderHook(() => useDeviceSession(false, true, true));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://shore/login'));
    expect(localStorage.getItem('dcToken')).toBeNull();
    second.unmount();
  });

  it('keeps the device login on a ship', () => {
    const { unmount } = renderHook(() => useDeviceSession(false, true, false));
    expect(assign).toHaveBeenCalledWith('http://shore/dcLogin');
    unmount();
  });
});
