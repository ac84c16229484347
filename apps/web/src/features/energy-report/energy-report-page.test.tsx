import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bunkers from '../../test/fixtures/bunker-records.json';
import report from '../../test/fixtures/energy-report-day.json';
import oil from '../../test/fixtures/oil-change-records.json';
import { captureFiles, renderPage, stubApi } from '../../test/render-page';
import { EnergyReportPage } from './energy-report-page';

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const fmt = (v: number, d = 2) =>
  v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const sent = (method: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

const answers = {
  '/api/v1/energy-report': { json: report },
  '/api/v1/records/bunker': { json: bunkers },
  '/api/v1/records/oil-change': { json: oil },
};

describe('energy reports page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fuel oil report newest day first with its totals, and both record lists', async () => {
    stubApi(answers);
    await renderPage(<EnergyReportPage />, { path: '/eff-analysis/report' });
    const fuel = await vi.waitFor(() => panel('fuelOilReport'));
    const rows = await within(fuel).findAllByRole('row');
    const newest = report.rows.at(-1)!;
    const first = rows.find((r) => r.textContent?.startsWith(newest.label))!;
    expect(first.textContent).toContain(fmt(newest.consumedT.hfo));
    const total = rows.find((r) => r.textContent?.startsWith('Total'))!;
    expect(total.textContent).toContain(
      fmt(report.total.consumedT.hfo + report.total.consumedT.lfo + report.total.consumedT.mgo),
    );
    const b = await vi.waitFor(() => panel('bunkerRecords'));
    expect((await within(b).findAllByText(bunkers.items[0]!.tankNumber)).length).toBeGreaterThan(0);
    expect(within(panel('oilChangeRecords')).getAllByRole('row').length).toBeGreaterThan(1);
  });

  it('takes the report period from the address, and exports what it shows as CSV', async () => {
    stubApi(answers);
    const saved = captureFiles();
    await renderPage(<EnergyReportPage />, { path: '/eff-analysis/report?period=month' });
    await vi.waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('period=month'))).toBe(true),
    );
    const fuel = await vi.waitFor(() => panel('fuelOilReport'));
    await within(fuel).findAllByRole('row');
    fireEvent.click(within(fuel).getByRole('button', { name: 'CSV' }));
    const [header, ...lines] = (await saved.text()).trim().split(/\r?\n/);
    expect(header).toBe(
      'period,from_utc,to_utc,consumed_hfo_t,consumed_lfo_t,consumed_mgo_t,me_t,ge1_t,ge2_t,ge3_t,boiler1_t,boiler2_t,bunkered_hfo_t,bunkered_lfo_t,bunkered_mgo_t,rob_hfo_t,rob_lfo_t,rob_mgo_t,distance_nm',
    );
    expect(lines).toHaveLength(report.rows.length);
    expect(lines[0]!.startsWith(`${report.rows[0]!.label},`)).toBe(true);
  });

  it('checks a bunker record before sending it: each missing field is said and nothing is sent', async () => {
    stubApi({
      ...answers,
      '/api/v1/records/bunker': { json: bunkers },
    });
    await renderPage(<EnergyReportPage />, { path: '/eff-analysis/report' });
    const add = within(await vi.waitFor(() => panel('bunkerRecords'))).getByRole('button', { name: 'Add' });
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('Required')).length).toBeGreaterThan(3);
    expect(sent('POST')).toHaveLength(0);
  });

  it('refuses "1e5" in a bunker quantity at the field instead of reading 100,000 t', async () => {
    stubApi(answers);
    await renderPage(<EnergyReportPage />, { path: '/eff-analysis/report' });
    const add = within(await vi.waitFor(() => panel('bunkerRecords'))).getByRole('button', { name: 'Add' });
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '1e5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Quantity: type a number (digits, a point for decimals); letters and exponents are not taken.',
      ),
    ).toBeTruthy();
    expect(sent('POST')).toHaveLength(0);
  });

  it('asks before deleting a record, in the spec words, then deletes it', async () => {
    stubApi(answers);
    await renderPage(<EnergyReportPage />, { path: '/eff-analysis/report' });
    const list = await vi.waitFor(() => panel('bunkerRecords'));
    const del = (await within(list).findAllByRole('button', { name: 'Delete' }))[0]!;
    fireEvent.click(del);
    expect(await screen.findByText('Do you really want to delete this column?')).toBeTruthy();
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement;
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]!.url).toBe(`/api/v1/records/bunker/${bunkers.items[0]!.id}`);
  });

  it('names the columns in Chinese', async () => {
    stubApi(answers);
    await renderPage(<EnergyReportPage />, { path: '/eff-analysis/report', lang: 'zh_CN' });
    const fuel = await vi.waitFor(() => panel('fuelOilReport'));
    expect((await within(fuel).findAllByText('重油 (t)')).length).toBeGreaterThan(0);
    expect(within(fuel).getAllByText('船舶日').length).toBeGreaterThan(0);
  });

  it('marks the ports and suppliers the crew typed as entered text, not the console’s words', async () => {
    stubApi(answers);
    await renderPage(<EnergyReportPage />, { path: '/eff-analysis/report', lang: 'zh_CN' });
    const list = await vi.waitFor(() => panel('bunkerRecords'));
    const first = bunkers.items[0]!;
    const port = await within(list).findAllByText(first.port);
    expect(port[0]!.closest('[data-entered-text]')).not.toBeNull();
    const supplier = within(list).getAllByText(first.supplier);
    expect(supplier[0]!.closest('[data-entered-text]')).not.toBeNull();
    // Only those two columns: the console's own words (fuel names, headers) are not marked.
    const typed = bunkers.items.flatMap((r) => [r.port, r.supplier].filter(Boolean));
    expect([...list.querySelectorAll('[data-entered-text]')].map((e) => e.textContent)).toEqual(typed);
  });
});
