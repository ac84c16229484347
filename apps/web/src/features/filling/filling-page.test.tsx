import { fireEvent, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import records from '../../test/fixtures/filling-imo-dcs.json';
import ship from '../../test/fixtures/ship.json';
import { renderPage, stubApi } from '../../test/render-page';
import { FillingPage } from './filling-page';

const path = '/carbon-manage/filling';
const list = (regime: 'eu_mrv' | 'imo_dcs') =>
  document.querySelector(`[data-regime="${regime}"]`) as HTMLElement;
const none = { records: [], counts: { all: 0, error: 0, warning: 0, not_submitted: 0, submitted: 0 } };

describe('information filling page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows both lists loading until the records arrive', async () => {
    stubApi({ '/api/v1/ship': { json: ship }, '/api/v1/filling/records': 'pending' });
    await renderPage(<FillingPage />, { path });
    await vi.waitFor(() => expect(list('imo_dcs').querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(list('eu_mrv').querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it('says the records could not be read', async () => {
    stubApi({
      '/api/v1/ship': { json: ship },
      '/api/v1/filling/records': { status: 403, code: 'forbidden' },
    });
    await renderPage(<FillingPage />, { path });
    expect(
      await within(await vi.waitFor(() => list('imo_dcs'))).findByText(
        'You do not have permission to do this.',
      ),
    ).toBeTruthy();
  });

  it('counts nothing in any state when no record is filled in yet', async () => {
    stubApi({ '/api/v1/ship': { json: ship }, '/api/v1/filling/records': { json: none } });
    await renderPage(<FillingPage />, { path });
    const dcs = await vi.waitFor(() => list('imo_dcs'));
    expect(await within(dcs).findByText('All (0)')).toBeTruthy();
    expect(within(dcs).getByText('Error (0)')).toBeTruthy();
  });

  it('lists the records with their counts per state, an error among them', async () => {
    stubApi({ '/api/v1/ship': { json: ship }, '/api/v1/filling/records': { json: records } });
    await renderPage(<FillingPage />, { path });
    const dcs = await vi.waitFor(() => list('imo_dcs'));
    expect(await within(dcs).findByText(`All (${records.counts.all})`)).toBeTruthy();
    expect(within(dcs).getByText(`Error (${records.counts.error})`)).toBeTruthy();
    expect(within(dcs).getAllByText('Departure').length).toBeGreaterThan(0);
  });

  it('names the ports in Chinese in zh_CN where the record gives the Chinese name', async () => {
    stubApi({ '/api/v1/ship': { json: ship }, '/api/v1/filling/records': { json: records } });
    await renderPage(<FillingPage />, { path, lang: 'zh_CN' });
    const dcs = await vi.waitFor(() => list('imo_dcs'));
    expect((await within(dcs).findAllByText('新加坡')).length).toBeGreaterThan(0);
    expect(within(dcs).queryAllByText('Singapore')).toHaveLength(0);
  });

  it('finds a voyage on a later page by its number, and a port by its Chinese name', async () => {
    stubApi({ '/api/v1/ship': { json: ship }, '/api/v1/filling/records': { json: records } });
    await renderPage(<FillingPage />, { path, lang: 'zh_CN' });
    const dcs = await vi.waitFor(() => list('imo_dcs'));
    await within(dcs).findAllByText('2304');
    // Newest first, eight to a page: the 2025 voyages are not on the first page.
    expect(within(dcs).queryAllByText('2501')).toHaveLength(0);
    const search = within(dcs).getByRole('textbox', { name: '搜索记录' });
    fireEvent.change(search, { target: { value: '2501' } });
    await vi.waitFor(() => expect(within(dcs).getAllByText('2501')).toHaveLength(3));
    expect(within(dcs).queryAllByText('2304')).toHaveLength(0);
    fireEvent.change(search, { target: { value: '汉堡' } });
    // Hamburg's arrival and departure (the voyage 2502 arrival, the 2503 departure).
    await vi.waitFor(() => expect(within(dcs).getAllByText('汉堡')).toHaveLength(2));
    expect(within(dcs).queryAllByText('上海')).toHaveLength(0);
  });
});
