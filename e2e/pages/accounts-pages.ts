import type { Locator, Page } from '@playwright/test';
import { buttonName, expectNoRawText, type Lang, saveScreen } from '../fixtures.ts';

const text = {
  en_US: {
    loginTitle: 'Sign in',
    username: 'User name',
    password: 'Password',
    signIn: 'Sign in',
    wrong: 'The user name or password is wrong',
    account: 'Account',
    users: 'Users',
    logout: 'Log out',
    add: 'Add user',
    name: 'Name',
    role: 'Role',
    viewer: 'Viewer',
    save: 'Save',
    added: 'User added',
    active: 'Active',
    shipSave: 'Save',
    taken: 'This user name is taken.',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'New password again',
    wrongCurrent: 'The current password is wrong.',
    changed: 'Password changed.',
  },
  zh_CN: {
    loginTitle: '登录',
    username: '用户名',
    password: '密码',
    signIn: '登录',
    wrong: '用户名或密码错误',
    account: '账户',
    users: '用户管理',
    logout: '退出登录',
    add: '新增用户',
    name: '姓名',
    role: '角色',
    viewer: '只读用户',
    save: '保存',
    added: '添加成功',
    active: '启用',
    shipSave: '保存',
    taken: '该用户名已被使用。',
    changePassword: '修改密码',
    currentPassword: '当前密码',
    newPassword: '新密码',
    confirmPassword: '再次输入新密码',
    wrongCurrent: '当前密码错误。',
    changed: '密码已修改',
  },
} as const;

/** A shore console (its own server, see accounts.spec.ts) as a user sees it: /login, the account menu, /users. */
export class ShoreConsole {
  readonly page: Page;
  readonly lang: Lang;
  readonly origin: string;
  readonly text: (typeof text)[Lang];

  constructor(page: Page, lang: Lang, origin: string) {
    this.page = page;
    this.lang = lang;
    this.origin = origin;
    this.text = text[lang];
  }

  /** Opens `pathname` in this language with no token stored (a new browser context). */
  async open(pathname: string): Promise<void> {
    await this.page.addInitScript((language) => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('lang', language);
      }
    }, this.lang);
    await this.page.goto(`${this.origin}${pathname}`);
  }

  /** Fills the login form and sends it. */
  async signIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel(this.text.username).fill(username);
    await this.page.getByLabel(this.text.password, { exact: true }).fill(password);
    await this.page.getByRole('button', { name: buttonName(this.text.signIn) }).click();
  }

  /** Opens the header's account menu and picks `item`. */
  async accountMenu(item: 'users' | 'logout' | 'changePassword'): Promise<void> {
    await this.page.getByRole('button', { name: this.text.account }).click();
    await this.page.getByRole('menuitem', { name: this.text[item] }).click();
  }

  /** The users page's row of `username`. */
  row(username: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: username, exact: true }) });
  }

  /** Adds an account with the add-user dialog (role chosen by its label). */
  async addUser(user: { username: string; name: string; password: string }): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text.add }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel(this.text.username).fill(user.username);
    await dialog.getByLabel(this.text.name, { exact: true }).fill(user.name);
    await dialog.getByLabel(this.text.password, { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: buttonName(this.text.save) }).click();
    return dialog;
  }

  expectTranslated(): Promise<void> {
    return expectNoRawText(this.page);
  }

  screen(name: string): Promise<void> {
    return saveScreen(this.page, `${name}-${this.lang}`);
  }
}
