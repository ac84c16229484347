import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import equipment from '../../test/fixtures/equipment.json';
import me from '../../test/fixtures/monitoring-me.json';
import { renderPage, stubApi } from '../../test/render-page';
import { BoilerPage } from './boiler-page';
import { GePage } from './ge-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const history = { items: [], total: 0, page: 1, pageSize: 50 };
const channels = { items: [] };
const unit = (id: string, running: boolean, extra: object = {}) => ({
  ...me,
  unit: id,
  status: { ...me.status, running },
  ...extra,
});

describe('G/E and boiler monitoring pages', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a generator's SFOC now at ISO LCV from the server's figure, the load page's", async () => {
    const now = {
      t: '2026-11-27T08:00:00.000Z',
      running: true,
      powerKw: 422,
      loadPct: 70.3,
      fuelKgPerH: 85,
      sfocGPerKwh: 189.66,
      lcvMjPerKg: 40.2,
    };
    stubApi({
      '/api/v1/monitoring/ge1': { json: unit('ge1', true, { now }) },
      '/api/v1/monitoring/ge2': { json: unit('ge2', false) },
      '/api/v1/monitoring/ge3': { json: unit('ge3', false) },
      '/api/v1/equipment': { json: equipment },
      '/api/v1/alarms/history': { json: history },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<GePage />, { path: '/eff-monitory/ge' });
    const factors = await vi.waitFor(() => panel('keyFactors'));
    const row = (await within(factors).findByText('SFOC now (ISO LCV, as on the load page)')).closest('div')!;
    await vi.waitFor(() => expect(row.textContent).toContain('189.7'));
    expect(row.textContent).toContain('g/kWh');
  });

  it('names boiler 2 the exhaust-gas economiser and says it burns no fuel, in Chinese', async () => {
    stubApi({
      '/api/v1/monitoring/boiler1': { json: unit('boiler1', false, { sfoc: null, boiler: [] }) },
      '/api/v1/monitoring/boiler2': { json: unit('boiler2', true, { sfoc: null, boiler: [] }) },
      '/api/v1/equipment': { json: equipment },
      '/api/v1/alarms/history': { json: history },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<BoilerPage />, { path: '/eff-monitory/boiler', lang: 'zh_CN' });
    const factors = await vi.waitFor(() => panel('keyFactors'));
    // The page opens on the unit that runs: the economiser.
    await vi.waitFor(() => expect(factors.textContent).toContain('2号锅炉（废气锅炉）'));
    expect((await within(factors).findByTestId('no-fuel')).textContent).toBe('无：废气锅炉不耗燃油');
    expect(screen.queryByText('Boiler 2')).toBeNull();
  });
});
