import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import consumption from '../../test/fixtures/consumption.json';
import { captureFiles, renderPage, stubApi } from '../../test/render-page';
import { ConsumptionPage } from './consumption-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const fmt = (v: number, d = 2) =>
  v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

describe('consumption distribution page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every consumer by mode with the totals and the change against the period before', async () => {
    const { calls } = stubApi({ '/api/v1/consumption': { json: consumption } });
    await renderPage(<ConsumptionPage />, {
      path: '/eff-analysis/distributed?from=2026-10-27&to=2026-11-25',
    });
    const table = await vi.waitFor(() => panel('consumptionTable'));
    const rows = await within(table).findAllByRole('row');
    const me = rows.find((r) => r.textContent?.startsWith('M/E'))!;
    const cell = (consumer: string, mode: string) =>
      consumption.current.matrix.find((x) => x.consumer === consumer && x.mode === mode)!.fuelT;
    expect(me.textContent).toContain(fmt(cell('me', 'sea_passage')));
    const meTotal = consumption.current.byConsumer.find((x) => x.consumer === 'me')!.fuelT;
    expect(me.textContent).toContain(fmt(meTotal));
    const c = consumption.current.total.fuelT;
    const p = consumption.previous.total.fuelT;
    const pct = `${c >= p ? '+' : '−'}${fmt((Math.abs(c - p) / p) * 100, 1)} %`;
    expect(within(table).getByTestId('consumption-summary').textContent).toBe(
      `${fmt(c, 1)} t of fuel and ${fmt(consumption.current.total.co2T, 1)} t of CO₂ in ${consumption.current.hours} h of data; the period before: ${fmt(p, 1)} t (${pct}).`,
    );
    // The ship-date range in the address becomes a UTC range of whole ship days (UTC+8).
    expect(
      calls.some((u) => u.includes('from=2026-10-26T16%3A00%3A00.000Z&to=2026-11-25T16%3A00%3A00.000Z')),
    ).toBe(true);
  });

  it('names the consumers and modes in Chinese', async () => {
    stubApi({ '/api/v1/consumption': { json: consumption } });
    await renderPage(<ConsumptionPage />, { path: '/eff-analysis/distributed', lang: 'zh_CN' });
    const table = await vi.waitFor(() => panel('consumptionTable'));
    expect(await within(table).findByText('主机')).toBeTruthy();
    expect(within(table).getByText('海上航行 (t)')).toBeTruthy();
  });

  it('shows the reason of a refused range', async () => {
    stubApi({
      '/api/v1/consumption': { status: 400, code: 'validation_failed', message: 'x' },
    });
    await renderPage(<ConsumptionPage />, { path: '/eff-analysis/distributed' });
    expect(
      (await screen.findAllByText('Some entries are not valid. Please check them and try again.')).length,
    ).toBeGreaterThan(0);
  });

  it('exports the table as CSV', async () => {
    stubApi({ '/api/v1/consumption': { json: consumption } });
    const saved = captureFiles();
    await renderPage(<ConsumptionPage />, { path: '/eff-analysis/distributed' });
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(saved.files).toHaveLength(1);
    const lines = (await saved.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Consumer,Sea passage (t),Maneuvering (t),In port (t),At anchor (t),Drifting (t),Total (t),CO2 (t),Fuel energy (GJ),Period before (t)',
    );
    expect(lines).toHaveLength(7);
    const me = consumption.current.byConsumer.find((x) => x.consumer === 'me')!;
    expect(lines[1]!.split(',')[6]).toBe(me.fuelT.toFixed(3));
  });
});
