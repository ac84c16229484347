import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import load from '../../test/fixtures/load.json';
import { renderPage, stubApi } from '../../test/render-page';
import { LoadPage } from './load-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const running = load.sets.filter((s) => s.running).map((s) => `G/E ${s.id.slice(2)}`);
/** The PUT requests the page sent, with their bodies. */
const puts = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }));

describe('generator load assistant page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each set now, the advice to keep them, the demand and the combinations weighed', async () => {
    stubApi({ '/api/v1/load': { json: load } });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    const status = await vi.waitFor(() => panel('generatorStatus'));
    expect((await within(status).findByTestId('load-advice')).textContent).toBe(
      `Keep the sets as they run: ${running.join(', ')} give the least fuel for ${Math.round(load.demandKw!)} kW.`,
    );
    const rows = within(status).getAllByRole('row');
    const ge = load.sets.find((s) => s.running)!;
    const row = rows.find((r) => r.textContent?.startsWith(`G/E ${ge.id.slice(2)}`))!;
    expect(row.textContent).toContain('running');
    expect(row.textContent).toContain(ge.loadPct!.toFixed(1));
    expect(within(status).getByTestId('load-demand').textContent).toContain(
      `Electrical demand ${Math.round(load.demandKw!)} kW, reserve kept ${load.settings.reserveKw} kW`,
    );
    expect(within(status).getAllByText('advised').length).toBe(1);
    expect((await within(panel('averageSfc')).findByTestId('load-overall-sfc')).textContent).toBe(
      `${load.averageSfcGPerKwh!.toFixed(1)}g/kWh`,
    );
  });

  it("gives each running set's fuel and SFOC now from the server's figure G/E monitoring shows", async () => {
    const now = {
      t: '2026-11-27T08:00:00.000Z',
      running: true,
      powerKw: 422,
      loadPct: 70.3,
      fuelKgPerH: 85.04,
      sfocGPerKwh: 189.66,
      lcvMjPerKg: 40.2,
    };
    const ge = load.sets.find((s) => s.running)!;
    const stopped = load.sets.find((s) => !s.running)!;
    const body = {
      ...load,
      sets: load.sets.map((s) =>
        s.id === ge.id
          ? { ...s, now }
          : {
              ...s,
              now: { ...now, running: false, powerKw: 0, loadPct: 0, fuelKgPerH: 0, sfocGPerKwh: null },
            },
      ),
    };
    stubApi({ '/api/v1/load': { json: body } });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    const status = await vi.waitFor(() => panel('generatorStatus'));
    await within(status).findByTestId('load-advice');
    expect(within(status).getByText('Fuel now (kg/h)')).toBeTruthy();
    expect(within(status).getByText('SFOC now (g/kWh, ISO LCV)')).toBeTruthy();
    const rows = within(status).getAllByRole('row');
    const row = rows.find((r) => r.textContent?.startsWith(`G/E ${ge.id.slice(2)}`))!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('85.0');
    expect(cells).toContain('189.7');
    const off = rows.find((r) => r.textContent?.startsWith(`G/E ${stopped.id.slice(2)}`))!;
    expect(
      within(off)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).not.toContain('0.0');
  });

  it('tells what to start and stop and what it saves', async () => {
    const change = {
      ...load,
      recommendation: {
        ...load.recommendation!,
        actions: [
          { kind: 'start', id: 'ge3' },
          { kind: 'stop', id: 'ge2' },
        ],
        savingKgPerH: 5.24,
        savingTPerMonth: 3.77,
      },
    };
    stubApi({ '/api/v1/load': { json: change } });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    expect((await screen.findByTestId('load-advice')).textContent).toBe(
      'Start G/E 3, Stop G/E 2: saves 5.2 kg of fuel an hour, 3.8 t a month.',
    );
  });

  it('says why there is no advice, in Chinese too', async () => {
    stubApi({
      '/api/v1/load': { json: { ...load, recommendation: null, reason: 'no_live_data', plans: [] } },
    });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load', lang: 'zh_CN' });
    expect((await screen.findByTestId('load-advice')).textContent).toBe('暂无最新发电机数据。');
  });

  it('swaps priorities when a set is given a level another set has, and saves them', async () => {
    stubApi({ '/api/v1/load/settings': { json: load.settings }, '/api/v1/load': { json: load } });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    const select = await screen.findByRole('combobox', { name: 'Priority of G/E 3' });
    fireEvent.mouseDown(select);
    const option = await vi.waitFor(() => {
      const o = document.querySelector('.ant-select-item-option[title="Priority 1"]');
      if (!o) throw new Error('no option yet');
      return o;
    });
    fireEvent.click(option);
    await vi.waitFor(() => expect(puts()).toHaveLength(1));
    const sent = puts()[0]!;
    expect(sent.url).toBe('/api/v1/load/settings');
    const priority = Object.fromEntries(
      sent.body.sets.map((s: { id: string; priority: number }) => [s.id, s.priority]),
    );
    expect(priority).toEqual({ ge1: 3, ge2: 2, ge3: 1 });
    expect(sent.body.updatedAt).toBeUndefined();
    // Not silently: the message names the set that gave its level up.
    expect(
      await screen.findByText(
        'Priority saved: G/E 3 is now priority 1, and G/E 1, which had it, takes priority 3.',
      ),
    ).toBeTruthy();
  });

  it("calls a change-over between sets of the same fuel the priorities' choice", async () => {
    const r = load.recommendation!;
    const same = {
      ...load,
      recommendation: {
        ...r,
        plan: { ...r.plan, running: ['ge1'], fuelKgPerH: 73.4 },
        actions: [
          { kind: 'start', id: 'ge1' },
          { kind: 'stop', id: 'ge3' },
        ],
        actualFuelKgPerH: 73.4,
        savingKgPerH: 0,
        savingTPerMonth: 0,
        held: null,
      },
    };
    stubApi({ '/api/v1/load/settings': { json: load.settings }, '/api/v1/load': { json: same } });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    expect((await screen.findByTestId('load-advice')).textContent).toBe(
      'Start G/E 1, Stop G/E 3: the same fuel (73.4 kg/h), and the priorities put G/E 1 first.',
    );
  });

  it('refuses letters in the reserve at the field instead of saving the old value', async () => {
    stubApi({ '/api/v1/load/settings': { json: load.settings }, '/api/v1/load': { json: load } });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    const open = await screen.findByRole('button', { name: 'Settings' });
    await vi.waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reserve for the largest consumer'), {
      target: { value: 'abc' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Reserve for the largest consumer: type a number (digits, a point for decimals); letters and exponents are not taken.',
      ),
    ).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it("gives the metered fuel now beside the curves' figures, saying which is which", async () => {
    const r = load.recommendation!;
    stubApi({
      '/api/v1/load/settings': { json: load.settings },
      '/api/v1/load': { json: { ...load, recommendation: { ...r, measuredFuelKgPerH: 85 } } },
    });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    const demand = await screen.findByTestId('load-demand');
    expect(demand.textContent).toContain('fuel now 85.0 kg/h on the meters (as on G/E monitoring)');
    expect(demand.textContent).toContain(`on the SFOC curves: as run ${r.actualFuelKgPerH.toFixed(1)} kg/h`);
  });

  it('checks the settings before sending and shows the server reasons at the fields, keeping the entries', async () => {
    stubApi({
      '/api/v1/load/settings': {
        status: 400,
        code: 'validation_failed',
        message: 'The reserve cannot be larger than what the generators can carry together.',
        details: [
          {
            path: 'body.reserveKw',
            message: 'The reserve cannot be larger than what the generators can carry together.',
          },
        ],
      },
      '/api/v1/load': { json: load },
    });
    await renderPage(<LoadPage />, { path: '/eff-optimize/load' });
    const open = await screen.findByRole('button', { name: 'Settings' });
    await vi.waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    const max = within(dialog).getByLabelText('G/E 1 Maximum load');
    fireEvent.change(max, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The maximum load must be above the minimum load.')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.change(max, { target: { value: '90' } });
    const reserve = within(dialog).getByLabelText('Reserve for the largest consumer');
    fireEvent.change(reserve, { target: { value: '1700' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The reserve cannot be larger than what the generators can carry together.',
      ),
    ).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body.reserveKw).toBe(1700);
    expect(puts()[0]!.body.sets[0].maxLoadPct).toBe(90);
    // The entries stay for the user to correct.
    expect((reserve as HTMLInputElement).value).toBe('1700');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
