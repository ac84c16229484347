import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/** Device of the browser-test server (scripts/e2e-server.mjs writes its secret). */
export const E2E_DEVICE = { code: 'BRIDGE-01', secret: 'e2e-secret' } as const;

export type Lang = 'zh_CN' | 'en_US';
export const langs: Lang[] = ['en_US', 'zh_CN'];

/** Logs the test device in through the API and returns its tokens. */
export async function login(request: APIRequestContext) {
  const res = await request.post('/api/v1/devices/login', { data: E2E_DEVICE });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { dcToken: string; accessToken: string };
}

/** Opens the console at `pathname` as a logged-in device in the given language. */
export async function openConsole(page: Page, pathname: string, lang: Lang = 'en_US') {
  const { dcToken } = await login(page.request);
  await storeToken(page, dcToken, lang);
  await page.goto(pathname);
  return dcToken;
}

/** The tab starts with `token` (a device's or a user's) and the language stored, once: later reloads keep theirs. */
export async function storeToken(page: Page, token: string, lang: Lang) {
  await page.addInitScript(
    ([t, language]) => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        localStorage.setItem('dcToken', t);
        localStorage.setItem('lang', language);
      }
    },
    [token, lang] as const,
  );
}

/** Fails when the page shows a raw translation key, NaN or "undefined". */
export async function expectNoRawText(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(
    /\b(route|common|header|overview|monitoring|analysis|optimization|alarms|ingest|session|ship|filling|cii|reports|errors|fouling|trim|users)\.[a-zA-Z]+\b/,
  );
  expect(text).not.toMatch(/\bNaN\b|\bundefined\b/);
}

/** Saves a screenshot as a test artifact under test-results/screens/. */
export async function saveScreen(page: Page, name: string) {
  const dir = path.join('test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

export const test = base;
export { expect };

/**
 * A button's name as a pattern: antd puts a space between the two characters of a two-character Chinese label once
 * it has rendered ('保存' → '保 存'), so a name is matched with or without it. A button that was loading keeps its
 * spinner (named "loading") in the page while the spinner's leave animation runs — under load that can last — so a
 * leading "loading " is allowed too: the button is found as soon as it is itself again.
 */
export function buttonName(text: string): RegExp {
  const escaped = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const twoCjk = /^[\u4e00-\u9fff]{2}$/.test(text);
  return new RegExp(`^(loading\\s)?${escaped.join(twoCjk ? '\\s?' : '')}$`);
}
