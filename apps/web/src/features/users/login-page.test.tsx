import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page';
import { viewerSession } from '../../test/sessions';
import { LoginPage } from './login-page';

const answer = { token: 'u.session-token-1', ...viewerSession };

async function signIn(username: string, password: string, labels = { user: 'User name', pw: 'Password' }) {
  fireEvent.change(await screen.findByLabelText(labels.user), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(labels.pw), { target: { value: password } });
}

describe('shore login page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the user name and the password before sending anything', async () => {
    const { calls } = stubApi({});
    await renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your user name')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(calls.filter((u) => u.includes('/auth/login'))).toEqual([]);
  });

  it('says the name or password is wrong on a 401, keeping the entries and the stored token', async () => {
    stubApi({ '/api/v1/auth/login': { status: 401, code: 'unauthorized' } });
    await renderPage(<LoginPage />, { path: '/login' });
    await signIn('vera', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The user name or password is wrong');
    expect(screen.getByLabelText('User name')).toHaveProperty('value', 'vera');
    expect(localStorage.getItem('dcToken')).toBe('test-token');
  });

  it('tells a locked-out user how long to wait, in Chinese too', async () => {
    stubApi({
      '/api/v1/auth/login': {
        status: 429,
        code: 'too_many_attempts',
        message: 'Too many failed logins. Please wait before trying again.',
        details: { retryAfterSeconds: 840 },
      },
    });
    await renderPage(<LoginPage />, { path: '/login', lang: 'zh_CN' });
    await signIn('vera', 'x', { user: '用户名', pw: '密码' });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      '登录失败次数过多，请等待 14 分钟后再试。',
    );
  });

  it('sends the trimmed name and stores the session token when the server accepts it', async () => {
    const { calls } = stubApi({ '/api/v1/auth/login': { json: answer } });
    const fetchSpy = vi.mocked(fetch);
    await renderPage(<LoginPage />, { path: '/login' });
    await signIn('  vera ', 'right password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(localStorage.getItem('dcToken')).toBe('u.session-token-1'));
    expect(calls).toContain('/api/v1/auth/login');
    const init = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/v1/auth/login')?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'vera', password: 'right password' });
  });
});
