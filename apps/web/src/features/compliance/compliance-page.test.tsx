import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fleetMessages } from '@ecohelm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import messagesEn from '../../i18n/locales/en_US/compliance.messages.json';
import messagesZh from '../../i18n/locales/zh_CN/compliance.messages.json';
import { flattenKeys, type Tree } from '../../i18n/resources';
import example from '../../test/fixtures/compliance-example.json';
import { captureFiles, renderPage, stubApi } from '../../test/render-page';
import { CompliancePage } from './compliance-page';
import { complianceStrings as pageStrings } from './compliance-strings';

/** The page's strings and the server's refusals in its words (those come with the first route's language chunk). */
const complianceStrings = {
  en_US: { ...pageStrings.en_US, messages: messagesEn },
  zh_CN: { ...pageStrings.zh_CN, messages: messagesZh },
};

// The worked example of docs/regulations.md as the server plans it (apps/server/test/compliance-plan.test.ts).
const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const figure = (name: string) => document.querySelector(`[data-figure="${name}"]`)?.textContent;
const rowOf = (name: string) =>
  within(panel('complianceShips'))
    .getAllByRole('row')
    .find((r) => r.closest('tbody') && r.textContent?.includes(name)) as HTMLElement;
/** Each text stands somewhere in the ship's row. */
const expectInRow = (name: string, texts: string[]) => {
  for (const text of texts) expect(rowOf(name).textContent).toContain(text);
};
const posts = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }));

describe('fleet compliance page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has every key the page names, in both languages, and none unused (as i18n/keys.test.ts for the trees)', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const code = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .concat(readFileSync(path.join(dir, '../../lib/contract-messages.ts'), 'utf8'))
      .join('\n');
    const named = [...code.matchAll(/['"`](compliance(?:\.[a-zA-Z0-9_-]+)+)['"`]/g)].map((m) => m[1]!);
    const prefixes = [...code.matchAll(/`(compliance(?:\.[a-zA-Z0-9_-]+)*\.)\$\{/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(40);
    for (const tree of [complianceStrings.en_US, complianceStrings.zh_CN] as unknown as Tree[]) {
      const keys = flattenKeys({ compliance: tree });
      expect(named.filter((k) => !keys.includes(k))).toEqual([]);
      expect(prefixes.filter((p) => !keys.some((k) => k.startsWith(p)))).toEqual([]);
      expect(keys.filter((k) => !named.includes(k) && !prefixes.some((p) => k.startsWith(p)))).toEqual([]);
    }
  });

  it('has the same strings in both languages, none empty (they load with the page, not the locale trees)', () => {
    const en = complianceStrings.en_US as unknown as Tree;
    const zh = complianceStrings.zh_CN as unknown as Tree;
    expect(flattenKeys(zh).sort()).toEqual(flattenKeys(en).sort());
    const texts = (tree: Tree): string[] =>
      Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
    expect(texts(en).every((x) => x.trim().length > 0)).toBe(true);
    expect(texts(zh).every((x) => x.trim().length > 0)).toBe(true);
  });

  it('shows the worked example: the bill, the pool with reasons, and each ship', async () => {
    stubApi({ '/api/v1/fleet/compliance': { json: example } });
    await renderPage(<CompliancePage />, { path: '/fleet/compliance?year=2026&price=80' });
    await vi.waitFor(() => expect(figure('bill')).toBe('7,600,000.00'));
    expect(figure('penalty')).toBe('0.00');
    expect(panel('complianceBill').textContent).toContain('1,551,638.47');
    expect(figure('nextPenalty')).toBe('1,016,704.14');
    expect(figure('saved')).toBe('1,653,308.88');
    expect(figure('allowances')).toBe('95,000.00');
    expect(figure('etsCost')).toBe('7,600,000.00');
    expect(figure('pricePerT')).toBe('636.27');
    const pool = within(panel('compliancePool'));
    expect(pool.getByText('Aurora')).toBeTruthy();
    expect(pool.getByText('Cygnus')).toBeTruthy();
    expect(panel('compliancePool').textContent).toContain('Gives surplus to the pool');
    expectInRow('Aurora', ['1,867.36', '-1,597.92', '269.44', '-1,016,704.14']);
    expectInRow('Borealis', [
      'Deficit left out: covering it would save nothing',
      'Borrows: repaying 1.1',
      '831.60',
      '534,934.33',
    ]);
    expectInRow('Cygnus', ['Deficit covered', '1,016,704.14', 'Verified']);
  });

  it('sends the price, the pool choices, the what-if and the rule; exports the allocation', async () => {
    stubApi({ '/api/v1/fleet/compliance': { json: example } });
    await renderPage(<CompliancePage />, { path: '/fleet/compliance?year=2026&price=80' });
    await vi.waitFor(() => expect(figure('bill')).toBe('7,600,000.00'));
    expect(posts()[0]?.body).toMatchObject({ year: 2026, pricePerAllowanceEur: 80, fixes: [], whatIf: [] });

    fireEvent.click(within(rowOf('Cygnus')).getByText('Out'));
    await vi.waitFor(() => expect(posts().at(-1)?.body.fixes).toEqual([{ shipId: '9000003', fix: 'out' }]));

    fireEvent.click(within(rowOf('Borealis')).getByRole('button', { name: 'What-if' }));
    const dialog = await screen.findByRole('dialog');
    const share = within(dialog).getByLabelText('Share of fuel energy switched (%)');
    fireEvent.change(share, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() =>
      expect(posts().at(-1)?.body.whatIf).toEqual([
        { shipId: '9000002', fuelId: 'lng', sharePercent: 30, shorePowerPercent: 0 },
      ]),
    );

    const files = captureFiles();
    fireEvent.click(screen.getByRole('button', { name: 'Allocation XLSX' }));
    await vi.waitFor(() => expect(files.files).toHaveLength(1));
    const exported = posts().find((p) => p.url.endsWith('/api/v1/fleet/compliance/export'));
    expect(exported?.body).toMatchObject({
      year: 2026,
      pricePerAllowanceEur: 80,
      allocationRule: 'proportional',
      lang: 'en_US',
      fixes: [{ shipId: '9000003', fix: 'out' }],
    });
  });

  it('records what a ship banked and borrowed in an earlier year', async () => {
    stubApi({ '/api/v1/fleet/compliance': { json: example } });
    await renderPage(<CompliancePage />, { path: '/fleet/compliance?year=2026&price=80' });
    await vi.waitFor(() => expect(figure('bill')).toBe('7,600,000.00'));
    fireEvent.click(within(rowOf('Borealis')).getByRole('button', { name: 'Record' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Advance borrowed from the next year (t CO2e)'), {
      target: { value: '40' },
    });
    fireEvent.click(within(dialog).getByText('A penalty was paid for this year'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => {
      const put = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put?.[0]).toBe('/api/v1/fleet/compliance/flexibility');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        shipId: '9000002',
        year: 2025,
        bankedT: 0,
        borrowedT: 40,
        penalised: true,
      });
    });
  });

  it('speaks Chinese, and says why there is no plan in the user language', async () => {
    stubApi({ '/api/v1/fleet/compliance': { json: example } });
    await renderPage(<CompliancePage />, { path: '/fleet/compliance?year=2026', lang: 'zh_CN' });
    await screen.findByText('船队合规');
    await vi.waitFor(() => expect(rowOf('Cygnus').textContent).toContain('赤字被覆盖'));
    expect(rowOf('Borealis').textContent).toContain('预借');
    expect(rowOf('Cygnus').textContent).toContain('已核实');
    vi.unstubAllGlobals();

    stubApi({
      '/api/v1/fleet/compliance': { status: 409, code: 'conflict', message: fleetMessages.notShore },
    });
    await renderPage(<CompliancePage />, { path: '/fleet/compliance', lang: 'zh_CN' });
    expect((await screen.findAllByText('船队页面仅在岸基服务器上提供')).length).toBeGreaterThan(0);
  });
});
