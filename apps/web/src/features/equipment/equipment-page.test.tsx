import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import assessment from '../../test/fixtures/assessment.json';
import equipment from '../../test/fixtures/equipment.json';
import { renderPage, stubApi } from '../../test/render-page';
import { EquipmentPage } from './equipment-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const answers = {
  '/api/v1/equipment/assessment': { json: assessment },
  '/api/v1/equipment': { json: equipment },
};
const puts = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }));

describe('equipment assessment page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rates every unit, says why a boiler has no rating and opens an engine with its curve', async () => {
    stubApi(answers);
    await renderPage(<EquipmentPage />, { path: '/eff-analysis/device' });
    const table = within(await vi.waitFor(() => panel('energyAssessment')));
    const me = (await table.findAllByRole('row')).find((r) => r.textContent?.startsWith('M/E'))!;
    const item = assessment.items.find((i) => i.unit === 'me')!;
    expect(me.textContent).toContain(item.rating!);
    expect(table.getAllByText('no steam meter')).toHaveLength(2);
    fireEvent.click(me);
    const detail = await screen.findByTestId('assessment-detail');
    expect(detail.textContent).toContain(`${item.points} full running hours`);
  });

  it("gives the hull's hours as of the last 30 days, whatever the period", async () => {
    stubApi(answers);
    await renderPage(<EquipmentPage />, { path: '/eff-analysis/device' });
    const table = within(await vi.waitFor(() => panel('energyAssessment')));
    const hull = assessment.items.find((i) => i.unit === 'hull')!;
    expect(await table.findByText(`${hull.points} (last 30 days)`)).toBeTruthy();
  });

  it('opens the hull and the boilers with their own detail, and says an economiser burns no fuel', async () => {
    const withDetails = {
      ...assessment,
      items: assessment.items.map((i) =>
        i.unit === 'hull'
          ? {
              ...i,
              rating: 'good',
              deviationPct: 3.4,
              points: 412,
              hullDetail: {
                from: '2026-10-28T00:00:00.000Z',
                ratedFrom: '2026-10-28T00:00:00.000Z',
                daily: [
                  { date: '2026-11-25', pv: -3.1, blocks: 100 },
                  { date: '2026-11-26', pv: -3.6, blocks: 120 },
                ],
              },
            }
          : i.unit === 'boiler1' || i.unit === 'boiler2'
            ? {
                ...i,
                boilerDetail: {
                  oilFired: i.unit === 'boiler1',
                  runningHours: i.unit === 'boiler1' ? 31.6 : 140,
                  fuelT: i.unit === 'boiler1' ? 1.84 : 0,
                  hours: [
                    {
                      t: '2026-11-26T00:00:00.000Z',
                      steamPressureBar: 7.1,
                      fuelKgPerH: 58.2,
                      runningShare: 1,
                    },
                  ],
                },
              }
            : i,
      ),
    };
    stubApi({ ...answers, '/api/v1/equipment/assessment': { json: withDetails } });
    await renderPage(<EquipmentPage />, { path: '/eff-analysis/device' });
    const table = within(await vi.waitFor(() => panel('energyAssessment')));
    const rows = await table.findAllByRole('row');
    expect(table.getAllByText('no steam meter')).toHaveLength(1);
    expect(table.getAllByText('burns no fuel')).toHaveLength(1);
    fireEvent.click(rows.find((r) => r.textContent?.startsWith('Hull'))!);
    const hull = await screen.findByTestId('assessment-detail');
    expect(hull.getAttribute('data-detail')).toBe('hull');
    expect(hull.textContent).toContain('Speed loss 3.4 % from 412 valid hours since 2026-10-28');
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await vi.waitFor(() => expect(screen.queryByTestId('assessment-detail')).toBeNull());
    fireEvent.click(rows.find((r) => r.textContent?.startsWith('Boiler 1'))!);
    const b1 = await screen.findByTestId('assessment-detail');
    expect(b1.textContent).toContain('Oil-fired boiler: 32 running hours and 1.84 t of fuel');
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await vi.waitFor(() => expect(screen.queryByTestId('assessment-detail')).toBeNull());
    fireEvent.click(rows.find((r) => r.textContent?.startsWith('Boiler 2'))!);
    expect((await screen.findByTestId('assessment-detail')).textContent).toContain('burns no fuel');
  });

  it('refuses letters in a shop-test point at the field and sends nothing', async () => {
    stubApi(answers);
    await renderPage(<EquipmentPage />, { path: '/eff-analysis/device' });
    const params = within(await vi.waitFor(() => panel('equipmentParameters')));
    const sfoc = (await params.findAllByLabelText(/^SFOC \d+$/))[0] as HTMLInputElement;
    fireEvent.change(sfoc, { target: { value: 'abc' } });
    fireEvent.click(params.getByRole('button', { name: 'Save' }));
    expect(
      await params.findByText(
        'SFOC 1: type a number (digits, a point for decimals); letters and exponents are not taken.',
      ),
    ).toBeTruthy();
    expect(sfoc.value).toBe('abc');
    expect(puts()).toHaveLength(0);
  });

  it('checks the shop-test points before sending, in increasing load', async () => {
    stubApi(answers);
    await renderPage(<EquipmentPage />, { path: '/eff-analysis/device' });
    const params = within(await vi.waitFor(() => panel('equipmentParameters')));
    const load3 = await params.findByLabelText('Load 3');
    fireEvent.change(load3, { target: { value: '5' } });
    fireEvent.click(params.getByRole('button', { name: 'Save' }));
    expect(await params.findByText('Give the shop-test loads in increasing order, each once.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    fireEvent.change(load3, { target: { value: '50' } });
    fireEvent.change(params.getByLabelText('Model'), { target: { value: 'MAN 6S50ME-B9.5' } });
    fireEvent.click(params.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.url).toBe('/api/v1/equipment/me');
    expect(puts()[0]!.body).toMatchObject({ kind: 'main_engine', model: 'MAN 6S50ME-B9.5', mcrKw: 8200 });
  });
});
