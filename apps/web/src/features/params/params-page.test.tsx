import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { voyage } from '../../../../../testing/factories.ts';
import fuel from '../../test/fixtures/params-fuel.json';
import track from '../../test/fixtures/params-track.json';
import trend from '../../test/fixtures/params-trend-stw.json';
import { renderPage, stubApi } from '../../test/render-page';
import { ParamsPage } from './params-page';

// jsdom lays nothing out: the sea chart is drawn in the browser tests; here a stand-in.
vi.mock('../../ui/sea-map', () => ({
  SeaMap: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  seaGeo: () => ({}),
}));

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const fmt = (v: number, d: number) =>
  v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const channels = {
  channels: [
    {
      id: 'navigation.speedOverGround',
      equipment: 'navigation',
      label: 'Speed over ground',
      unit: 'kn',
      siUnit: 'm/s',
      range: [0, 30],
      limits: {},
    },
    {
      id: 'navigation.speedThroughWater',
      equipment: 'navigation',
      label: 'Speed through water',
      unit: 'kn',
      siUnit: 'm/s',
      range: [0, 30],
      limits: {},
    },
  ],
};

describe('parameter analysis page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sums up the track and gives the fuel per day and per mile of the range in the address', async () => {
    const { calls } = stubApi({
      '/api/v1/params/track': { json: track },
      '/api/v1/params/fuel': { json: fuel },
      '/api/v1/telemetry/trend': { json: trend },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<ParamsPage />, {
      path: '/eff-analysis/params?from=2026-11-23&to=2026-11-24&trends=navigation.speedThroughWater',
    });
    expect((await screen.findByTestId('track-summary')).textContent).toBe(
      `${fmt(track.distanceNm, 0)} nm sailed, ${track.portCalls.length} port calls (${track.points.length} points)`,
    );
    const stats = within(await vi.waitFor(() => panel('fuelStatistics')));
    expect((await stats.findByTestId('stats-fuel')).textContent).toBe(`${fmt(fuel.fuelT, 1)}t`);
    expect(stats.getByTestId('stats-per-mile').textContent).toBe(`${fmt(fuel.kgPerNm!, 1)}kg/nm`);
    // Ship days of UTC+8 as UTC instants.
    expect(
      calls.some((u) =>
        u.startsWith('/api/v1/params/fuel?from=2026-11-22T16%3A00%3A00.000Z&to=2026-11-24T16%3A00%3A00.000Z'),
      ),
    ).toBe(true);
    expect(calls.some((u) => u.includes('channel=navigation.speedThroughWater'))).toBe(true);
  });

  it('takes one voyage’s days as the range when the voyage is picked', async () => {
    const { calls } = stubApi({
      '/api/v1/params/track': { json: track },
      '/api/v1/params/fuel': { json: fuel },
      '/api/v1/telemetry/trend': { json: trend },
      '/api/v1/telemetry/channels': { json: channels },
      '/api/v1/voyages': {
        json: {
          items: [
            voyage({
              voyageNumber: 2303,
              departureTime: '2026-09-01T02:00:00.000Z',
              endTime: '2026-10-10T20:00:00.000Z',
            }),
            voyage({ voyageNumber: 2304, arrivalPort: null, departureTime: '2026-10-10T20:00:00.000Z' }),
          ],
        },
      },
    });
    await renderPage(<ParamsPage />, { path: '/eff-analysis/params' });
    const select = await screen.findByRole('combobox', { name: 'Voyage' });
    const option = await vi.waitFor(() => {
      fireEvent.mouseDown(select);
      const o = document.querySelector('.ant-select-item-option[title="2303 Singapore → Rotterdam"]');
      if (!o) throw new Error('no option yet');
      return o;
    });
    fireEvent.click(option);
    // Ship days (UTC+8): 2026-09-01 10:00 to 2026-10-11 04:00, whole days.
    await vi.waitFor(() =>
      expect(
        calls.some((u) =>
          u.startsWith(
            '/api/v1/params/fuel?from=2026-08-31T16%3A00%3A00.000Z&to=2026-10-11T16%3A00%3A00.000Z',
          ),
        ),
      ).toBe(true),
    );
  });

  it('shows why the track cannot be drawn', async () => {
    stubApi({
      '/api/v1/params/track': { status: 400, code: 'validation_failed', message: 'Unknown channel.' },
      '/api/v1/params/fuel': { json: fuel },
      '/api/v1/telemetry/trend': { json: trend },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<ParamsPage />, { path: '/eff-analysis/params?colour=engine.magic', lang: 'zh_CN' });
    const trackPanel = within(await vi.waitFor(() => panel('navigationTrack')));
    expect((await trackPanel.findAllByRole('alert')).length).toBeGreaterThan(0);
  });
});
