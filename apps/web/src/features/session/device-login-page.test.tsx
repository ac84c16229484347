import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page';
import { DeviceLoginPage } from './device-login-page';

const answer = {
  dcToken: 'dc-token-1',
  accessToken: 'access-1',
  expiresAt: '2026-12-24T00:00:00.000Z',
  device: { id: 'd1', code: 'BRIDGE-01', name: 'Bridge', role: 'crew' },
};

async function signIn(code: string, secret: string) {
  fireEvent.change(await screen.findByLabelText('Device code'), { target: { value: code } });
  fireEvent.change(screen.getByLabelText('Device secret'), { target: { value: secret } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('device login page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code and the secret before sending anything', async () => {
    const { calls } = stubApi({});
    await renderPage(<DeviceLoginPage />, { path: '/dcLogin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter the device code')).toBeTruthy();
    expect(screen.getByText('Please enter the device secret')).toBeTruthy();
    expect(calls.filter((u) => u.includes('/devices/login'))).toEqual([]);
  });

  it('shows the button busy while the server answers', async () => {
    stubApi({ '/api/v1/devices/login': 'pending' });
    await renderPage(<DeviceLoginPage />, { path: '/dcLogin' });
    await signIn('BRIDGE-01', 'secret');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Sign in/ }).className).toContain('ant-btn-loading'),
    );
  });

  it('says the code or secret is wrong when the server refuses them, keeping the entries', async () => {
    stubApi({ '/api/v1/devices/login': { status: 401, code: 'unauthorized' } });
    await renderPage(<DeviceLoginPage />, { path: '/dcLogin' });
    await signIn('BRIDGE-01', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Device code or secret is incorrect');
    expect(screen.getByLabelText('Device code')).toHaveProperty('value', 'BRIDGE-01');
    expect(localStorage.getItem('dcToken')).toBe('test-token');
  });

  it('stores the device token when the server accepts the device', async () => {
    stubApi({ '/api/v1/devices/login': { json: answer } });
    await renderPage(<DeviceLoginPage />, { path: '/dcLogin' });
    await signIn('BRIDGE-01', 'secret');
    await waitFor(() => expect(localStorage.getItem('dcToken')).toBe('dc-token-1'));
  });
});
