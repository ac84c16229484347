import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import me from '../../test/fixtures/monitoring-me.json';
import { renderPage, stubApi } from '../../test/render-page';
import { MePage } from './me-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const history = { items: [], total: 0, page: 1, pageSize: 50 };
const channels = { items: [] };

describe('main engine monitoring page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the curve loading and no status until the monitoring data arrives', async () => {
    stubApi({
      '/api/v1/monitoring/me': 'pending',
      '/api/v1/alarms/history': { json: history },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<MePage />, { path: '/eff-monitory/me' });
    const status = await vi.waitFor(() => panel('equipmentStatus'));
    expect(within(status).getAllByText('—').length).toBeGreaterThan(0);
    expect(within(panel('fuelEfficiencyCurve')).queryByRole('alert')).toBeNull();
  });

  it('says why the curve is missing when the server refuses', async () => {
    stubApi({
      '/api/v1/monitoring/me': { status: 403, code: 'forbidden' },
      '/api/v1/alarms/history': { json: history },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<MePage />, { path: '/eff-monitory/me' });
    const curve = await vi.waitFor(() => panel('fuelEfficiencyCurve'));
    expect(await within(curve).findByText('You do not have permission to do this.')).toBeTruthy();
  });

  it('shows no curve for an engine without a shop-test curve', async () => {
    stubApi({
      '/api/v1/monitoring/me': { json: { ...me, sfoc: null } },
      '/api/v1/alarms/history': { json: history },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<MePage />, { path: '/eff-monitory/me' });
    const curve = await vi.waitFor(() => panel('fuelEfficiencyCurve'));
    expect(await within(curve).findByText('No data yet')).toBeTruthy();
  });

  it('shows the engine running with its running hours', async () => {
    stubApi({
      '/api/v1/monitoring/me': { json: me },
      '/api/v1/alarms/history': { json: history },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<MePage />, { path: '/eff-monitory/me' });
    const status = await vi.waitFor(() => panel('equipmentStatus'));
    expect(await within(status).findByText('Running')).toBeTruthy();
    expect(within(status).getByText(`${me.status.runningHours.toFixed(1)} h`)).toBeTruthy();
    expect(screen.queryByText('You do not have permission to do this.')).toBeNull();
  });
});
