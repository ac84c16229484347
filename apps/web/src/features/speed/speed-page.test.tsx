import type { SpeedResponse } from '@ecohelm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import speed from '../../test/fixtures/speed.json';
import history from '../../test/fixtures/speed-history.json';
import simulation from '../../test/fixtures/speed-simulation.json';
import { renderPage, stubApi } from '../../test/render-page';
import { openingSimulationRpmOf, startSpeedFetch } from './api/speed-api';
import { SpeedPage } from './speed-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const requests = (method: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
const answers = {
  '/api/v1/speed/history': { json: history },
  '/api/v1/speed/simulate': { json: simulation },
  '/api/v1/speed': { json: speed },
};

describe('speed optimisation page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the navigation, the advice with its status, the plan, the forecast, the optimisation and the statistics', async () => {
    stubApi(answers);
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    expect((await within(panel('navigationData')).findByTestId('nav-sog')).textContent).toBe(
      `${speed.navigation.sogKn!.toFixed(1)} kn`,
    );
    expect(within(panel('shipStatus')).getByTestId('condition-status').textContent).toBe('Underway');
    expect(within(panel('shipStatus')).getByTestId('condition-source').textContent).toBe(
      'Derived from speed and draught (not set by the crew)',
    );
    const advice = panel('optimizedRpm');
    expect(within(advice).getByTestId('advice-rpm').textContent).toBe(speed.advice!.rpm.toFixed(1));
    expect(within(advice).getByTestId('advice-status').textContent).toBe('Not optimized');
    expect(within(advice).getByTestId('advice-apply').textContent).toBe('now');
    const forecast = within(panel('weatherForecast')).getByTestId('speed-forecast');
    for (const h of ['Real time', '24 h', '48 h', '96 h']) expect(forecast.textContent).toContain(h);
    expect(forecast.textContent).toContain('Ship sensors');
    expect(forecast.textContent).toContain('Simulated forecast');
    const plan = panel('voyagePlan');
    expect(within(plan).getByTestId('plan-voyage').textContent).toBe(speed.plan!.voyageNo);
    expect(within(plan).getByTestId('plan-destination').textContent).toBe('Rotterdam');
    expect(within(plan).getByTestId('plan-rta').textContent).toBe(
      `${speed.plan!.rta.slice(0, 10)} ${speed.plan!.rta.slice(11, 16)}`,
    );
    expect(within(plan).getByText(/filed by the simulated master/)).toBeTruthy();
    expect(within(panel('macroOptimization')).getByTestId('macro-saving').textContent).toContain(
      `${speed.macro!.savingT!.toFixed(1)} t`,
    );
    expect(within(panel('macroOptimization')).getByText('Arrives by the RTA')).toBeTruthy();
    expect(within(panel('macroOptimization')).getByTestId('macro-cii').textContent).toContain(
      'Year-end CII 2026',
    );
    expect(within(panel('voyageStatistics')).getByTestId('speed-statistics').textContent).toContain(
      `${Math.round(speed.statistics!.distanceNm).toLocaleString('en-US')} nm`,
    );
    expect((await within(panel('rpmSimulation')).findByTestId('sim-fuel')).textContent).toBe(
      `${simulation.fuelT.toFixed(1)} t`,
    );
    expect(within(panel('rpmSimulation')).getByTestId('sim-model').textContent).toContain(
      "Fitted on this ship's history",
    );
  });

  it('simulates the rpm the crew types', async () => {
    stubApi(answers);
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    const input = await within(panel('rpmSimulation')).findByRole('spinbutton');
    fireEvent.change(input, { target: { value: '95' } });
    // Asked once the typed rpm has settled (300 ms).
    await vi.waitFor(
      () => expect(requests('GET').some((r) => r.url === '/api/v1/speed/simulate?rpm=95')).toBe(true),
      { timeout: 5_000 },
    );
  });

  it('shows no result and asks for an rpm in range when the field is cleared or holds letters', async () => {
    stubApi(answers);
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    const sim = panel('rpmSimulation');
    await within(sim).findByTestId('sim-fuel');
    const input = within(sim).getByRole('spinbutton');
    const slider = within(sim).getByRole('slider');
    const before = slider.getAttribute('aria-valuenow');
    fireEvent.change(input, { target: { value: '' } });
    expect(await within(sim).findByRole('alert')).toHaveProperty(
      'textContent',
      `Type an RPM between ${speed.model.minRpm} and ${speed.model.maxRpm}: the simulation waits for one.`,
    );
    expect(within(sim).queryByTestId('speed-simulation')).toBeNull();
    // The slider stays where the last valid rpm left it, not at the range's start.
    expect(slider.getAttribute('aria-valuenow')).toBe(before);
    fireEvent.change(input, { target: { value: '95' } });
    await vi.waitFor(() => expect(within(sim).queryByRole('alert')).toBeNull());
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(await within(sim).findByRole('alert')).toBeTruthy();
    expect(within(sim).queryByTestId('speed-simulation')).toBeNull();
    fireEvent.change(input, { target: { value: '500' } });
    expect(await within(sim).findByRole('alert')).toBeTruthy();
    expect(within(sim).queryByTestId('speed-simulation')).toBeNull();
  });

  it('refuses negative cargo at the field before sending, then saves the crew’s status', async () => {
    stubApi({ ...answers, '/api/v1/speed/condition': { json: { ...speed.condition, source: 'crew' } } });
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    fireEvent.click(await within(panel('shipStatus')).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Cargo loaded'), { target: { value: '-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The cargo loaded cannot be negative.')).toBeTruthy();
    expect(requests('PUT')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Cargo loaded'), { target: { value: '41000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests('PUT')).toHaveLength(1));
    expect(requests('PUT')[0]).toEqual({
      url: '/api/v1/speed/condition',
      body: { shipStatus: 2, loadingStatus: 1, cargoT: 41000, confirmed: false },
    });
  });

  it('shows a status the sensors contradict refused at its field in Chinese, and sends it confirmed', async () => {
    const moving =
      'The ship is moving, so it cannot be anchored: check the status, or confirm it if the speed sensor is wrong.';
    stubApi({
      ...answers,
      '/api/v1/speed/condition': {
        status: 400,
        code: 'validation_failed',
        message: `${moving} (SOG 13.1 kn)`,
        details: [{ path: 'body.shipStatus', message: `${moving} (SOG 13.1 kn)` }],
      },
    });
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed', lang: 'zh_CN' });
    fireEvent.click(await within(panel('shipStatus')).findByRole('button', { name: /^编\s?辑$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('condition-sensors').textContent).toContain('节');
    fireEvent.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    expect(
      await within(dialog).findByText(
        '船舶正在航行，不可能处于锚泊：请检查船舶状态；如航速传感器有误，请确认后保存。 (SOG 13.1 kn)',
      ),
    ).toBeTruthy();
    expect(requests('PUT')[0]!.body.confirmed).toBe(false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '按输入保存：传感器有误' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    await vi.waitFor(() => expect(requests('PUT')).toHaveLength(2));
    expect(requests('PUT')[1]!.body.confirmed).toBe(true);
  });

  it('gives a status the crew set back to the sensors', async () => {
    const crew = {
      ...speed,
      condition: {
        ...speed.condition,
        source: 'crew',
        setAt: '2026-11-25T00:00:00.000Z',
        setBy: 'BRIDGE-01',
      },
    };
    stubApi({
      ...answers,
      '/api/v1/speed': { json: crew },
      '/api/v1/speed/condition': { json: speed.condition },
    });
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    fireEvent.click(
      await within(panel('shipStatus')).findByRole('button', { name: "Use the sensors' values" }),
    );
    await vi.waitFor(() => expect(requests('DELETE')).toHaveLength(1));
    expect(requests('DELETE')[0]!.url).toBe('/api/v1/speed/condition');
  });

  it('refuses letters and "1e5" in the cargo at the field, with a sentence naming it', async () => {
    stubApi(answers);
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    fireEvent.click(await within(panel('shipStatus')).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const cargo = within(dialog).getByLabelText('Cargo loaded');
    const refused =
      'Cargo loaded: type a number (digits, a point for decimals); letters and exponents are not taken.';
    for (const typed of ['abc', '1e5']) {
      fireEvent.change(cargo, { target: { value: typed } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(refused)).toBeTruthy();
    }
    expect(requests('PUT')).toHaveLength(0);
  });

  it('refuses a waypoint latitude of letters or beyond 90°, and Cancel forgets the edits', async () => {
    const plan = { ...speed.plan!, waypoints: speed.plan!.waypoints.slice(0, 3) };
    stubApi({ ...answers, '/api/v1/speed': { json: { ...speed, plan } } });
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    const open = async () => {
      fireEvent.click(await within(panel('voyagePlan')).findByRole('button', { name: 'Edit' }));
      return screen.findByRole('dialog');
    };
    let dialog = await open();
    fireEvent.change(within(dialog).getByLabelText('Latitude 1'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Latitude 1: type a number (digits, a point for decimals); letters and exponents are not taken.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Latitude 2'), { target: { value: '95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Latitude 2 must be from -90 to 90.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Destination'), { target: { value: 'TESTX' } });
    expect(requests('PUT')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await open();
    expect((within(dialog).getByLabelText('Destination') as HTMLInputElement).value).toBe(plan.destination);
    expect((within(dialog).getByLabelText('Latitude 2') as HTMLInputElement).value).not.toBe('95');
  });

  it('shows the server’s reason at the field and keeps the plan the crew typed, in Chinese', async () => {
    // Three waypoints: the form draws five fields per waypoint.
    const plan = { ...speed.plan!, waypoints: speed.plan!.waypoints.slice(0, 3) };
    stubApi({
      ...answers,
      '/api/v1/speed': { json: { ...speed, plan } },
      '/api/v1/speed/plan': {
        status: 400,
        code: 'validation_failed',
        message: 'The ETA must be later than now.',
        details: [{ path: 'body.eta', message: 'The ETA must be later than now.' }],
      },
    });
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed', lang: 'zh_CN' });
    fireEvent.click(await within(panel('voyagePlan')).findByRole('button', { name: /^编\s?辑$/ }));
    const dialog = await screen.findByRole('dialog');
    // The form opens with the plan in use: its voyage and every waypoint.
    expect((within(dialog).getByLabelText('航次号') as HTMLInputElement).value).toBe(plan.voyageNo);
    expect(
      within(dialog).getByTestId('plan-waypoint-list').querySelectorAll('input[aria-label^="纬度"]'),
    ).toHaveLength(3);
    // The waypoint columns have headers (the placeholders vanish once a field holds a value).
    expect(within(dialog).getByTestId('plan-waypoint-header').textContent).toBe(
      '#名称纬度经度最低航速(节)最高航速(节)',
    );
    fireEvent.change(within(dialog).getByLabelText('目的港'), { target: { value: 'Hamburg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    expect((await within(dialog).findAllByText('预计到港时间必须晚于现在。')).length).toBeGreaterThan(0);
    expect((within(dialog).getByLabelText('目的港') as HTMLInputElement).value).toBe('Hamburg');
    const sent = requests('PUT')[0]!.body;
    expect(sent.destination).toBe('Hamburg');
    expect(sent.voyageNo).toBe(plan.voyageNo);
    expect(sent.waypoints).toEqual(plan.waypoints);
    expect(sent.rta).toBe(plan.rta);
  });

  it('opened on its address, takes the reads sent while its code loaded and asks none of them again', async () => {
    const { calls } = stubApi(answers);
    // index.html has sent the page's request; the route starts the others (the simulation once the answer is in).
    (window as { ecohelmEarly?: unknown }).ecohelmEarly = {
      '/api/v1/speed': Promise.resolve(Response.json(speed)),
    };
    startSpeedFetch();
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    expect((await within(panel('rpmSimulation')).findByTestId('sim-fuel')).textContent).toBe(
      `${simulation.fuelT.toFixed(1)} t`,
    );
    await within(panel('optimizedRpm')).findByTestId('advice-rpm');
    const asked = calls.filter((url) => url.startsWith('/api/v1/speed') || url.startsWith('/api/v1/weather'));
    // The simulation of the advised rpm, the history the page opens on and the forecast files, once each.
    expect(asked.sort()).toEqual([
      '/api/v1/speed/history?hours=48',
      `/api/v1/speed/simulate?rpm=${Math.round(speed.advice!.rpm * 10) / 10}`,
      '/api/v1/weather/forecasts',
    ]);
    expect(
      (window as { ecohelmEarly?: Record<string, unknown> }).ecohelmEarly?.['/api/v1/speed'],
    ).toBeUndefined();
  });

  it('opened on its address, takes every read index.html sent and draws the simulation its answer carries', async () => {
    const { calls } = stubApi(answers);
    const opening = { ...simulation, rpm: openingSimulationRpmOf(speed as SpeedResponse) };
    (window as { ecohelmEarly?: unknown }).ecohelmEarly = {
      '/api/v1/speed': Promise.resolve(Response.json({ ...speed, simulation: opening })),
      '/api/v1/speed/history?hours=48': Promise.resolve(Response.json(history)),
      '/api/v1/weather/forecasts': Promise.resolve(Response.json({ items: [] })),
    };
    startSpeedFetch();
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    expect((await within(panel('rpmSimulation')).findByTestId('sim-fuel')).textContent).toBe(
      `${simulation.fuelT.toFixed(1)} t`,
    );
    await within(panel('optimizedRpm')).findByTestId('advice-rpm');
    expect(
      calls.filter((url) => url.startsWith('/api/v1/speed') || url.startsWith('/api/v1/weather')),
    ).toEqual([]);
  });

  it('says why there is no advice when there is no plan', async () => {
    stubApi({
      ...answers,
      '/api/v1/speed': {
        json: {
          ...speed,
          plan: null,
          progress: null,
          advice: null,
          macro: null,
          statistics: null,
          noAdviceReason: 'no_plan',
        },
      },
    });
    await renderPage(<SpeedPage />, { path: '/eff-optimize/speed' });
    expect((await within(panel('optimizedRpm')).findByTestId('advice-none')).textContent).toContain(
      'No voyage plan yet: enter one or import an RTZ route.',
    );
    expect(within(panel('rpmSimulation')).getByText('Simulation needs a voyage plan.')).toBeTruthy();
  });
});
