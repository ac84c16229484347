import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import statistics from '../../test/fixtures/cii-statistics.json';
import { renderPage, stubApi } from '../../test/render-page';
import { CiiStatisticsPage } from './cii-statistics-page';

const path = '/carbon-manage/cii-statistics';
const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;

describe('CII statistics page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows no figures while the statistics load', async () => {
    stubApi({ '/api/v1/cii/statistics': 'pending' });
    await renderPage(<CiiStatisticsPage />, { path });
    await screen.findByRole('button', { name: 'Search' });
    expect(screen.queryByTestId('cii-summary')).toBeNull();
    expect(within(panel('ciiTable')).getByText('No data yet')).toBeTruthy();
  });

  it('says why there is no CII when the basic information is missing', async () => {
    stubApi({
      '/api/v1/cii/statistics': {
        status: 409,
        code: 'conflict',
        message: 'Fill in the ship basic information first.',
        details: { reason: 'ship_incomplete' },
      },
    });
    await renderPage(<CiiStatisticsPage />, { path });
    expect(
      await within(panel('ciiGauge')).findByText(
        'Fill in the ship basic information (type and deadweight) first.',
      ),
    ).toBeTruthy();
  });

  it('says which filling record does not add up', async () => {
    const message =
      'The filling records do not add up: remaining on board of mdo_mgo rises without bunkering (r1).';
    stubApi({
      '/api/v1/cii/statistics': {
        status: 409,
        code: 'conflict',
        message,
        details: { reason: 'records_inconsistent', field: 'r1' },
      },
    });
    await renderPage(<CiiStatisticsPage />, { path });
    expect(
      await within(panel('ciiGauge')).findByText(
        `The filling records do not add up; please correct them in Information filling. ${message}`,
      ),
    ).toBeTruthy();
  });

  it("names each voyage's ports in Chinese where the crew recorded a Chinese name, in English otherwise", async () => {
    const [first, ...rest] = statistics.voyages as [
      (typeof statistics.voyages)[number],
      ...typeof statistics.voyages,
    ];
    const named = {
      ...first,
      startPort: 'Qingdao',
      startPortZh: '青岛',
      arrivalPort: 'Busan',
      arrivalPortZh: null,
    };
    stubApi({ '/api/v1/cii/statistics': { json: { ...statistics, voyages: [named, ...rest] } } });
    await renderPage(<CiiStatisticsPage />, { path, lang: 'zh_CN' });
    const row = (await within(panel('ciiTable')).findByText(named.voyageNumber)).closest('tr') as HTMLElement;
    expect(within(row).getByText('青岛')).toBeTruthy();
    expect(within(row).getByText('Busan')).toBeTruthy();
    expect(within(row).queryByText('Qingdao')).toBeNull();
  });

  it('shows empty trend and voyage panels for a year without voyages', async () => {
    stubApi({ '/api/v1/cii/statistics': { json: { ...statistics, series: [], voyages: [] } } });
    await renderPage(<CiiStatisticsPage />, { path });
    expect(await screen.findByTestId('cii-summary')).toBeTruthy();
    expect(within(panel('ciiTrend')).getByText('No data yet')).toBeTruthy();
    expect(within(panel('ciiTable')).getByText('No data yet')).toBeTruthy();
  });

  it('shows the rating, the attained and required CII and every voyage of the year', async () => {
    stubApi({ '/api/v1/cii/statistics': { json: statistics } });
    await renderPage(<CiiStatisticsPage />, { path });
    const summary = await screen.findByTestId('cii-summary');
    expect(summary.textContent).toContain(statistics.summary.attainedCii.toFixed(2));
    expect(summary.textContent).toContain(statistics.summary.requiredCii.toFixed(2));
    expect(within(panel('ciiGauge')).getByText(statistics.summary.rating as string)).toBeTruthy();
    for (const v of statistics.voyages)
      expect(within(panel('ciiTable')).getByText(v.voyageNumber)).toBeTruthy();
    // The Rating column stays in view at the right when the table is wider than its box.
    const rating = within(panel('ciiTable')).getByRole('columnheader', { name: 'Rating' });
    expect(rating.className).toContain('ant-table-cell-fix-end');
  });
});
