import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page';
import { UsersPage } from './users-page';

const at = '2026-11-01T00:00:00.000Z';
const users = {
  items: [
    {
      id: 'a',
      username: 'admin',
      displayName: 'Ada',
      role: 'admin',
      disabled: false,
      createdAt: at,
      updatedAt: at,
    },
    {
      id: 'v',
      username: 'vera',
      displayName: 'Vera',
      role: 'viewer',
      disabled: true,
      createdAt: at,
      updatedAt: at,
    },
  ],
};

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add user' }));
  return screen.findByRole('dialog');
}

describe('users page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the accounts with their roles and states', async () => {
    stubApi({ '/api/v1/users': { json: users } });
    await renderPage(<UsersPage />, { path: '/users' });
    const row = (await screen.findByText('vera')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Vera')).toBeTruthy();
    expect(within(row).getByText('Viewer')).toBeTruthy();
    expect(within(row).getByText('Disabled')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Enable' })).toBeTruthy();
    const adminRow = screen.getByText('admin').closest('tr') as HTMLElement;
    expect(within(adminRow).getByText('Active')).toBeTruthy();
  });

  it('shows an error when the list cannot be loaded', async () => {
    stubApi({ '/api/v1/users': { status: 403, code: 'forbidden' } });
    await renderPage(<UsersPage />, { path: '/users' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You do not have permission to do this.',
    );
  });

  it('asks for the fields before sending a new account', async () => {
    const { calls } = stubApi({ '/api/v1/users': { json: users } });
    await renderPage(<UsersPage />, { path: '/users' });
    const dialog = await openAddDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a user name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a password')).toBeTruthy();
    expect(calls.filter((c) => c === '/api/v1/users').length).toBe(1);
  });

  it('puts the server’s reasons next to the fields in Chinese and keeps the entries', async () => {
    stubApi({ '/api/v1/users': { json: users } });
    await renderPage(<UsersPage />, { path: '/users', lang: 'zh_CN' });
    fireEvent.click(await screen.findByRole('button', { name: '新增用户' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'admin' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: 'Other' } });
    // Entries the contract takes (a short password would be refused before sending); the server refuses them.
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'long enough password' } });
    // The list's GET keeps answering the list; the POST answers the server's field errors.
    const list = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'The request is not valid.',
                requestId: 't',
                details: [
                  { path: 'body.username', message: 'This user name is taken.' },
                  { path: 'body.password', message: 'The password needs at least 10 characters.' },
                ],
              },
            },
            { status: 400 },
          )
        : list(input, init),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该用户名已被使用。')).toBeTruthy();
    expect(within(dialog).getByText('密码至少需要 10 个字符。')).toBeTruthy();
    expect(within(dialog).getByLabelText('用户名')).toHaveProperty('value', 'admin');
  });

  it('adds an account and reloads the list', async () => {
    const { calls } = stubApi({ '/api/v1/users': { json: users } });
    const list = vi.mocked(fetch).getMockImplementation()!;
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (init?.method === 'POST' || init?.method === 'PATCH') {
        sent.push({ method: init.method, url: String(input), body: JSON.parse(String(init.body)) });
        return Response.json({ ...users.items[1], role: 'superintendent' }, { status: 201 });
      }
      return list(input, init);
    });
    await renderPage(<UsersPage />, { path: '/users' });
    const dialog = await openAddDialog();
    fireEvent.change(within(dialog).getByLabelText('User name'), { target: { value: 'sam' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'long enough pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.length).toBe(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/v1/users',
      body: { username: 'sam', displayName: 'Sam', role: 'viewer', password: 'long enough pw' },
    });
    expect(await screen.findByText('User added')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c === '/api/v1/users').length).toBeGreaterThan(1));
  });

  it('sets a new password for an account and disables another after confirming', async () => {
    stubApi({ '/api/v1/users': { json: users } });
    const list = vi.mocked(fetch).getMockImplementation()!;
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (init?.method === 'POST' || init?.method === 'PATCH') {
        sent.push({ method: init.method, url: String(input), body: JSON.parse(String(init.body)) });
        return init.method === 'PATCH'
          ? Response.json({ ...users.items[0], disabled: true })
          : new Response(null, { status: 204 });
      }
      return list(input, init);
    });
    await renderPage(<UsersPage />, { path: '/users' });
    const vera = (await screen.findByText('vera')).closest('tr') as HTMLElement;
    fireEvent.click(within(vera).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'another long pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.length).toBe(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/v1/users/v/password',
      body: { password: 'another long pw' },
    });
    expect(await screen.findByText("Password set; the user's sessions have ended")).toBeTruthy();

    const ada = screen.getByText('admin').closest('tr') as HTMLElement;
    fireEvent.click(within(ada).getByRole('button', { name: 'Disable' }));
    const [confirm] = await screen.findAllByText('Disable Ada? Their sessions end at once.');
    const box = confirm!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(box).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent.length).toBe(2));
    expect(sent[1]).toEqual({ method: 'PATCH', url: '/api/v1/users/a', body: { disabled: true } });
  });
});
