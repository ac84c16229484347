import {
  alarmStatisticsResponseSchema,
  overviewFactorsResponseSchema,
  overviewResponseSchema,
  overviewSettingsSchema,
} from '@ecohelm/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import overview from '../../test/fixtures/overview-day.json';
import factors from '../../test/fixtures/overview-factors.json';
import { renderPage, stubApi } from '../../test/render-page';
import { startOverviewFetch } from './api/get-overview-page';
import { OverviewPage } from './overview-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const settings = { factors: factors.factors.map((f) => f.channel), hiddenPanels: [] };
const stats = { from: '2026-10-25T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z', items: [], total: 0 };
const around = {
  '/api/v1/overview/factors': { json: factors },
  '/api/v1/overview/settings': { json: settings },
  '/api/v1/alarms/statistics': { json: stats },
};

describe('overview page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the CII and bunker panels empty while the overview loads', async () => {
    stubApi({ ...around, '/api/v1/overview?': 'pending' });
    await renderPage(<OverviewPage />, { path: '/overview' });
    const cii = await vi.waitFor(() => panel('ciiRating'));
    expect(within(cii).getByText('No data yet')).toBeTruthy();
    expect(within(panel('bunkerRecord')).getByText('No data yet')).toBeTruthy();
  });

  it('says the overview could not be read in the panels it feeds', async () => {
    stubApi({ ...around, '/api/v1/overview?': { status: 403, code: 'forbidden' } });
    await renderPage(<OverviewPage />, { path: '/overview' });
    const cii = await vi.waitFor(() => panel('ciiRating'));
    expect(await within(cii).findByText('You do not have permission to do this.')).toBeTruthy();
    expect(within(panel('bunkerRecord')).getByText('You do not have permission to do this.')).toBeTruthy();
  });

  it('asks for the ship particulars when there is no CII to show', async () => {
    stubApi({ ...around, '/api/v1/overview?': { json: { ...overview, cii: null, co2: null } } });
    await renderPage(<OverviewPage />, { path: '/overview' });
    const cii = await vi.waitFor(() => panel('ciiRating'));
    expect(
      await within(cii).findByText(
        'Fill in the ship basic information (type and deadweight) to see the CII.',
      ),
    ).toBeTruthy();
  });

  it('shows the year-to-date rating and the remaining fuel on board', async () => {
    stubApi({ ...around, '/api/v1/overview?': { json: overview } });
    await renderPage(<OverviewPage />, { path: '/overview' });
    const cii = await vi.waitFor(() => panel('ciiRating'));
    expect((await within(cii).findAllByText(overview.cii.yearToDate.rating)).length).toBeGreaterThan(0);
    expect(cii.textContent).toContain(overview.cii.yearToDate.attained.toFixed(2));
    const rob = overview.bunker.items[0]?.remainingOnBoard as number;
    expect(within(panel('bunkerRecord')).getByText(`${rob.toFixed(1)} t`)).toBeTruthy();
  });

  it('gives the time at the current SOG when the course does not lead into the zone, and says when stopped', async () => {
    const eca = {
      ...overview.eca,
      hours: null,
      distanceNm: 4183,
      position: { ...overview.eca.position, sogKn: 12.7 },
    };
    stubApi({ ...around, '/api/v1/overview?': { json: { ...overview, eca } } });
    await renderPage(<OverviewPage />, { path: '/overview' });
    const p = await vi.waitFor(() => panel('ecaWarning'));
    expect(await within(p).findByText('Time for that distance at current SOG')).toBeTruthy();
    expect(p.textContent).toContain((4183 / 12.7).toFixed(1));
  });

  it('draws its charts without ECharts: each named, each with its PNG button, the alarms counted by group', async () => {
    const alarms = {
      ...stats,
      items: [
        { group: 'me', count: 5 },
        { group: 'ge', count: 2 },
        { group: 'boiler', count: 0 },
      ],
      total: 7,
    };
    stubApi({
      ...around,
      '/api/v1/alarms/statistics': { json: alarms },
      '/api/v1/overview?': { json: overview },
    });
    await renderPage(<OverviewPage />, { path: '/overview' });
    // A sparkline is named as its factor in the console's words.
    const names = [
      'CII rating',
      'CO2 management',
      'Alarm statistics (M/E / G/E / boiler)',
      'M/E shaft power',
    ];
    for (const name of names) {
      expect(await screen.findByRole('img', { name })).toBeTruthy();
      expect(screen.getByRole('button', { name: `Download ${name} as PNG` })).toBeTruthy();
    }
    expect(within(panel('factorStatistics')).getAllByRole('img')).toHaveLength(factors.factors.length);
    // Each factor's value to its channel's decimals (speed 1, power 0, shaft speed 1), as the navigation tiles.
    const value = (channel: string) =>
      panel('factorStatistics').querySelector(`[data-factor="${channel}"] > div:nth-child(2)`)?.textContent;
    expect(value('navigation.speedOverGround')).toBe('13.7 kn');
    expect(value('propulsion.main.shaftPower')).toBe('3,836 kW');
    expect(value('propulsion.main.revolutions')).toBe('95.0 rpm');
    const doughnut = screen.getByRole('img', { name: 'Alarm statistics (M/E / G/E / boiler)' });
    expect([...doughnut.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      'Main engine',
      'Generators',
      'Boilers',
      '5',
      '2',
      '0',
    ]);
    expect(() => alarmStatisticsResponseSchema.parse(alarms)).not.toThrow();
  });

  it('reads answers the contract still describes (the page takes them as typed, without parsing)', () => {
    expect(() => overviewResponseSchema.parse(overview)).not.toThrow();
    expect(() => overviewFactorsResponseSchema.parse(factors)).not.toThrow();
    expect(() => overviewSettingsSchema.parse(settings)).not.toThrow();
  });

  it('draws every panel from the one answer asked for before the page rendered', async () => {
    const { calls } = stubApi({
      '/api/v1/overview/page': {
        json: {
          summary: overview,
          factors,
          settings,
          alarmStatistics: stats,
          navigation: {
            values: [
              {
                channel: 'propulsion.main.shaftPower',
                t: new Date().toISOString(),
                value: 9876.4,
                unit: 'kW',
                digits: 0,
              },
            ],
          },
        },
      },
    });
    startOverviewFetch();
    await renderPage(<OverviewPage />, { path: '/overview' });
    // The navigation values that came with the answer, before the live stream has said anything.
    await vi.waitFor(() => expect(panel('navigationStatus').textContent).toMatch(/9,?876\s*kW/));
    const cii = await vi.waitFor(() => panel('ciiRating'));
    expect((await within(cii).findAllByText(overview.cii.yearToDate.rating)).length).toBeGreaterThan(0);
    expect(await within(panel('factorStatistics')).findByText('M/E shaft power')).toBeTruthy();
    expect(
      await within(panel('alarmStatistics')).findByText(
        'No alarms of the main engine, generators or boilers in this period',
      ),
    ).toBeTruthy();
    expect(calls.filter((url) => /^\/api\/v1\/(overview|alarms|telemetry)/.test(url))).toEqual([
      '/api/v1/overview/page?period=day',
    ]);
  });
});
