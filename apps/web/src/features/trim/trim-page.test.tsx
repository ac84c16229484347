import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import trim from '../../test/fixtures/trim.json';
import { renderPage, stubApi } from '../../test/render-page';
import { TrimPage } from './trim-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;

describe('trim optimisation page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows trim now, the optimum of its bin, the saving and the interval', async () => {
    stubApi({ '/api/v1/trim': { json: trim } });
    await renderPage(<TrimPage />, { path: '/eff-optimize/triming' });
    const monitor = await vi.waitFor(() => panel('trimMonitor'));
    expect(await within(monitor).findByTestId('trim-now')).toHaveProperty(
      'textContent',
      `${trim.current.trimM.toFixed(2)}m`,
    );
    expect(within(monitor).getByTestId('trim-optimum').textContent).toBe(
      `${trim.advice!.optimumM.toFixed(2)}m`,
    );
    // Below half a percent and outside the optimum's interval: the words say how far and how little it gains.
    const off = Math.abs(trim.current.trimM - trim.advice!.optimumM).toFixed(2);
    expect(
      within(monitor).getByText(
        `The optimum is ${trim.advice!.optimumM.toFixed(2)} m by the stern, ${off} m from the trim now, but trimming there saves only 0.1 % of the power (less than 0.5 %): no change needed.`,
      ),
    ).toBeTruthy();
    const [lo, hi] = trim.advice!.interval as [number, number];
    expect(monitor.textContent).toContain(`${lo.toFixed(2)} – ${hi.toFixed(2)} m`);
  });

  it("says the trim is at its optimum only inside the optimum's interval", async () => {
    const at = { ...trim, current: { ...trim.current, trimM: trim.advice!.optimumM - 0.02 } };
    stubApi({ '/api/v1/trim': { json: at } });
    await renderPage(<TrimPage />, { path: '/eff-optimize/triming' });
    const monitor = await vi.waitFor(() => panel('trimMonitor'));
    expect(
      await within(monitor).findByText(
        'The trim is within the 90 % interval of the optimum for this speed and draught: keep it.',
      ),
    ).toBeTruthy();
  });

  it('asks to move the trim when it pays, with the fuel a day', async () => {
    const off = { ...trim, advice: { ...trim.advice!, savingPct: 2.4, savingTPerDay: 0.5 } };
    stubApi({ '/api/v1/trim': { json: off } });
    await renderPage(<TrimPage />, { path: '/eff-optimize/triming' });
    const monitor = await vi.waitFor(() => panel('trimMonitor'));
    expect(
      await within(monitor).findByText(
        `Trim to ${trim.advice!.optimumM.toFixed(2)} m by the stern: saves 2.4 % of the power, 0.50 t of fuel a day.`,
      ),
    ).toBeTruthy();
  });

  it('lists the bins, the current one first, and opens a bin with its fit', async () => {
    stubApi({ '/api/v1/trim': { json: trim } });
    await renderPage(<TrimPage />, { path: '/eff-optimize/triming' });
    const bins = await vi.waitFor(() => panel('trimDetail'));
    const rows = await within(bins).findAllByRole('row');
    expect(rows[1]!.textContent).toContain('13–14 kn');
    expect(rows[1]!.textContent).toContain('11–12 m');
    expect(within(bins).getAllByText('no clear optimum').length).toBeGreaterThan(0);
    rows[1]!.click();
    const detail = await screen.findByTestId('trim-detail');
    expect(detail.textContent).toContain('optimum found');
    expect(detail.textContent).toMatch(/ΔP = .*·x .*·x² %/);
  });

  it('says why there is no advice', async () => {
    stubApi({ '/api/v1/trim': { json: { ...trim, advice: null, reason: 'uncertain', points: [] } } });
    await renderPage(<TrimPage />, { path: '/eff-optimize/triming' });
    expect(
      (
        await screen.findAllByText(
          'Not enough data: the history does not place an optimum at this speed and draught.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });

  it('says the advice comes from an imported table and draws its curve', async () => {
    const table = {
      ...trim,
      table: {
        fileName: 'hull-trim.csv',
        uploadedAt: '2026-11-20T08:00:00.000Z',
        speeds: [10, 15],
        drafts: [7, 12],
        trims: [-1, 0, 1, 2],
      },
      advice: { ...trim.advice!, source: 'table', interval: null },
      tableCurve: [
        [-1, 4],
        [0, 1],
        [1, 0],
        [2, 3],
      ],
    };
    stubApi({ '/api/v1/trim': { json: table } });
    await renderPage(<TrimPage />, { path: '/eff-optimize/triming' });
    expect((await screen.findByTestId('trim-source')).textContent).toBe(
      'the trim table hull-trim.csv (2026-11-20)',
    );
    expect(panel('trimMonitor').textContent).not.toContain('90 % interval');
  });
});
