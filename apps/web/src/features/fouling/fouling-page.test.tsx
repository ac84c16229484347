import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedHullCleaningRecord } from '../../../../../testing/factories.ts';
import { ZH_LATIN_WORDS } from '../../i18n/latin-words';
import fouling from '../../test/fixtures/fouling.json';
import { renderPage, stubApi } from '../../test/render-page';
import { FoulingPage } from './fouling-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;

describe('hull fouling page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rating, the SPEC tip and what the fouling costs', async () => {
    stubApi({ '/api/v1/fouling': { json: fouling } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    const tips = await vi.waitFor(() => panel('foulingTips'));
    expect(await within(tips).findByTestId('fouling-rating')).toHaveProperty('textContent', 'Excellent');
    expect(within(tips).getByText('worsening trend, keep monitoring')).toBeTruthy();
    expect(within(tips).getByText(`Speed loss ${fouling.current.speedLossPct.toFixed(1)} %`)).toBeTruthy();
    expect(tips.textContent).toContain(`${fouling.hullCondition.fuelPenaltyTPerDay.toFixed(2)} t/d`);
    expect(tips.textContent).toContain(
      `${fouling.blocks.valid} of ${fouling.blocks.total} 10-minute blocks valid`,
    );
  });

  it('writes the cost of the fouling and the effect of a cleaning in zh_CN with no English unit left', async () => {
    stubApi({ '/api/v1/fouling': { json: fouling } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling', lang: 'zh_CN' });
    const tips = await vi.waitFor(() => panel('foulingTips'));
    await within(tips).findByTestId('fouling-rating');
    const fuel = fouling.hullCondition.fuelPenaltyTPerDay.toFixed(2);
    const cost = within(tips).getByText(new RegExp(`^${fuel} `)).textContent ?? '';
    expect(cost).toContain(`${fuel} t/天`);
    const latin = cost.match(/[A-Za-z][A-Za-z0-9₂]*/g) ?? [];
    expect(latin.filter((w) => !ZH_LATIN_WORDS.includes(w) && w !== 'CO₂')).toEqual([]);
    // The effect of a cleaning in percentage points, as the trend says them.
    const first = fouling.maintenance[0]!;
    expect(panel('cleaningRecords').textContent).toContain(`+${first.effect!.value.toFixed(2)} 个百分点`);
  });

  it('lists each maintenance event with its measured effect and the indicators with their periods', async () => {
    stubApi({ '/api/v1/fouling': { json: fouling } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    const records = await vi.waitFor(() => panel('cleaningRecords'));
    const rows = await within(records).findAllByText('Hull cleaning');
    expect(rows).toHaveLength(fouling.maintenance.length);
    const first = fouling.maintenance[0]!;
    expect(records.textContent).toContain(`+${first.effect!.value.toFixed(2)} pp`);
    const indicators = panel('foulingCurves');
    expect(within(indicators).getByText('Dry-docking performance').closest('tr')?.textContent).toContain(
      'not enough data',
    );
    const trigger = within(indicators).getByText('Maintenance trigger').closest('tr') as HTMLElement;
    expect(trigger.textContent).toContain(`${fouling.indicators.maintenanceTrigger!.value.toFixed(2)} pp`);
    expect(trigger.textContent).toContain(fouling.indicators.maintenanceTrigger!.reference.from.slice(0, 10));
  });

  it("draws the latest record's curve beside the records and another record's when it is picked", async () => {
    stubApi({ '/api/v1/fouling': { json: fouling } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    const records = await vi.waitFor(() => panel('cleaningRecords'));
    const curve = await within(records).findByTestId('cleaning-curve');
    const latest = [...fouling.maintenance].sort((a, b) => b.endTime.localeCompare(a.endTime))[0]!;
    expect(curve.getAttribute('data-record')).toBe(String(latest.id));
    expect(curve.textContent).toContain(`Hull cleaning of ${latest.endTime.slice(0, 10)} at ${latest.place}`);
    const other = fouling.maintenance.find((m) => m.id !== latest.id)!;
    const row = within(records)
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith(other.endTime.slice(0, 10)))!;
    fireEvent.click(row);
    await vi.waitFor(() =>
      expect(within(records).getByTestId('cleaning-curve').getAttribute('data-record')).toBe(
        String(other.id),
      ),
    );
  });

  it('says the rating rests on the data since a recent cleaning, else on the last 30 days', async () => {
    stubApi({ '/api/v1/fouling': { json: fouling } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    expect((await screen.findByTestId('fouling-rated-on')).textContent).toBe(
      'valid data of the last 30 days',
    );
    vi.unstubAllGlobals();
    const end = new Date(Date.parse(fouling.to) - 12 * 86_400_000).toISOString();
    const recent = { ...fouling.maintenance[0]!, id: 9, endTime: end, startTime: end, effect: null };
    stubApi({
      '/api/v1/fouling': {
        json: {
          ...fouling,
          current: { ...fouling.current, from: end },
          maintenance: [recent, ...fouling.maintenance],
        },
      },
    });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('fouling-rated-on').at(-1)!.textContent).toBe(
        `valid data since the hull cleaning of ${end.slice(0, 10)}`,
      ),
    );
  });

  it('says there is not enough data instead of a rating', async () => {
    stubApi({ '/api/v1/fouling': { json: { ...fouling, current: null, hullCondition: null, daily: [] } } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    expect(
      await screen.findByText('Not enough valid data in the last 30 days to rate the hull.'),
    ).toBeTruthy();
    expect(screen.getByText('No 10-minute block met the reference conditions in this range.')).toBeTruthy();
  });

  it('says the rating waits for data since a recent cleaning', async () => {
    const to = fouling.to;
    const end = new Date(Date.parse(to) - 3 * 86_400_000).toISOString();
    const recent = { ...fouling.maintenance[0]!, id: 9, endTime: end, startTime: end, effect: null };
    stubApi({
      '/api/v1/fouling': {
        json: {
          ...fouling,
          current: null,
          hullCondition: null,
          maintenance: [recent, ...fouling.maintenance],
        },
      },
    });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    expect(
      await screen.findByText(
        `Not enough valid data since the hull cleaning of ${end.slice(0, 10)} to rate the hull: the rating counts only what the hull did after it, and fills in as the ship sails.`,
      ),
    ).toBeTruthy();
  });

  it('says why the analysis is missing when the server refuses', async () => {
    stubApi({ '/api/v1/fouling': { status: 403, code: 'forbidden' } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    expect((await screen.findAllByText('You do not have permission to do this.')).length).toBeGreaterThan(0);
  });

  it('refuses an empty record field by field without sending it', async () => {
    const api = stubApi({ '/api/v1/fouling': { json: fouling } });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    (await screen.findByRole('button', { name: 'Add record' })).click();
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('button', { name: 'Save' }).click();
    expect(await within(dialog).findByText('Please enter the place')).toBeTruthy();
    expect(within(dialog).getByText('Please describe what was done or found')).toBeTruthy();
    expect(api.calls.some((url) => url.includes('/records/hull-cleaning'))).toBe(false);
  });

  it('corrects a record: opens it with its values and sends the change to its address', async () => {
    const api = stubApi({
      '/api/v1/fouling': { json: fouling },
      '/api/v1/records/hull-cleaning/2': {
        json: storedHullCleaningRecord({ id: 2, place: 'Fujairah' }),
      },
    });
    await renderPage(<FoulingPage />, { path: '/eff-optimize/fouling' });
    const row = (await screen.findAllByText('Singapore Eastern Anchorage'))[0]!.closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = (await screen.findByText('Correct a maintenance record', {}, { timeout: 5_000 })).closest(
      '.ant-modal',
    ) as HTMLElement;
    const place = within(dialog).getByLabelText('Place') as HTMLInputElement;
    await vi.waitFor(() => expect(place.value).toBe('Singapore Eastern Anchorage'));
    fireEvent.change(place, { target: { value: 'Fujairah' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => {
      const put = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put?.[0]).toBe('/api/v1/records/hull-cleaning/2');
      expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ place: 'Fujairah', kind: 'hull_cleaning' });
    });
    expect(api.calls.length).toBeGreaterThan(0);
  });
});
