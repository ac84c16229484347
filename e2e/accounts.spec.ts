import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MAIN_PORT } from '../playwright.config.ts';
import { buttonName, expect, langs, test } from './fixtures.ts';
import { ShoreConsole } from './pages/accounts-pages.ts';

/** A shore-shaped server of its own (ECOHELM_SYNC_ROLE=shore, no ship link), its first admin from the environment. */
const SHORE_PORT = MAIN_PORT + 70;
const origin = `http://127.0.0.1:${SHORE_PORT}`;
const ADMIN = { username: 'admin', password: 'e2e admin password' };
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  const node = path.resolve('node_modules/.bin/node');
  server = spawn(
    existsSync(node) ? node : process.execPath,
    [
      'scripts/e2e-server.mjs',
      String(SHORE_PORT),
      'ECOHELM_SYNC_ROLE=shore',
      'ECOHELM_SIMULATOR=0',
      `ECOHELM_ADMIN_USER=${ADMIN.username}`,
      `ECOHELM_ADMIN_PASSWORD=${ADMIN.password}`,
    ],
    { stdio: 'inherit' },
  );
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the shore server did not start');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

for (const lang of langs) {
  test(`Shore accounts: the admin adds a viewer, who can read but not write, in ${lang}`, async ({
    page,
  }) => {
    const shore = new ShoreConsole(page, lang, origin);
    const viewer = {
      username: `vera-${lang.toLowerCase()}`,
      name: `Vera ${lang}`,
      password: 'viewer password 1',
    };

    // No session: the console sends the user to the shore's login page (not the device login).
    await shore.open('/overview');
    await expect(page).toHaveURL(`${origin}/login`);
    await expect(page.getByRole('heading', { name: shore.text.loginTitle, level: 1 })).toBeVisible();
    await shore.signIn(ADMIN.username, 'not the password');
    await expect(page.getByRole('alert')).toContainText(shore.text.wrong);
    await expect(page.getByLabel(shore.text.username)).toHaveValue(ADMIN.username);
    await shore.expectTranslated();
    await shore.screen('shore-login');

    // The admin signs in, opens Users from the account menu and adds a viewer.
    await shore.signIn(ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(`${origin}/fleet`);
    await shore.accountMenu('users');
    await expect(page).toHaveURL(`${origin}/users`);
    await expect(shore.row(ADMIN.username)).toBeVisible();
    const taken = await shore.addUser({
      username: ADMIN.username,
      name: 'Again',
      password: 'long enough pw',
    });
    await expect(taken.getByText(shore.text.taken)).toBeVisible();
    await taken.getByRole('button', { name: buttonName(lang === 'zh_CN' ? '取消' : 'Cancel') }).click();
    await expect(taken).toBeHidden();
    const dialog = await shore.addUser(viewer);
    await expect(dialog).toBeHidden();
    await expect(shore.row(viewer.username)).toContainText(shore.text.viewer);
    await expect(shore.row(viewer.username)).toContainText(shore.text.active);
    await shore.expectTranslated();
    await shore.screen('shore-users');

    // The admin may write the ship's particulars…
    await page.goto(`${origin}/carbon-manage/basic`);
    await expect(page.getByRole('button', { name: buttonName(shore.text.shipSave) }).first()).toBeEnabled();
    await shore.accountMenu('logout');
    await expect(page).toHaveURL(`${origin}/login`);

    // …the viewer reads the same page with the form locked, has no Users entry, and the server refuses a write.
    await shore.signIn(viewer.username, viewer.password);
    await expect(page).toHaveURL(`${origin}/fleet`);
    await page.goto(`${origin}/carbon-manage/basic`);
    await expect(page.getByRole('button', { name: buttonName(shore.text.shipSave) }).first()).toBeDisabled();
    await page.getByRole('button', { name: shore.text.account }).click();
    await expect(page.getByRole('menuitem', { name: shore.text.logout })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: shore.text.users })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const token = await page.evaluate(() => localStorage.getItem('dcToken'));
    expect(token).toMatch(/^u\./);
    const write = await page.request.put(`${origin}/api/v1/ship`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(write.status()).toBe(403);
    const users = await page.request.get(`${origin}/api/v1/users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(users.status()).toBe(403);
    await shore.expectTranslated();
    await shore.screen('shore-viewer');

    // The viewer changes their own password: a wrong current one is refused at its field, the entries stay.
    await shore.accountMenu('changePassword');
    const change = page.getByRole('dialog', { name: shore.text.changePassword });
    const newPassword = 'viewer password 2';
    await change.getByLabel(shore.text.currentPassword).fill('not my password');
    await change.getByLabel(shore.text.newPassword, { exact: true }).fill(newPassword);
    await change.getByLabel(shore.text.confirmPassword).fill(newPassword);
    await change.getByRole('button', { name: buttonName(shore.text.save) }).click();
    await expect(change.getByText(shore.text.wrongCurrent)).toBeVisible();
    await expect(change.getByLabel(shore.text.newPassword, { exact: true })).toHaveValue(newPassword);
    await shore.screen('shore-change-password');
    await change.getByLabel(shore.text.currentPassword).fill(viewer.password);
    await change.getByRole('button', { name: buttonName(shore.text.save) }).click();
    await expect(page.getByText(shore.text.changed)).toBeVisible();
    await expect(change).toBeHidden();
    await shore.accountMenu('logout');
    await shore.signIn(viewer.username, newPassword);
    await expect(page).toHaveURL(`${origin}/fleet`);
  });
}
