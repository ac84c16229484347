import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import report from '../../test/fixtures/reports-eu-mrv.json';
import { renderPage, stubApi } from '../../test/render-page';
import { ExportReportPage } from './reports-page';

const path = '/carbon-manage/report?year=2025';

describe('export report page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a spinner while the report loads, with the export buttons disabled', async () => {
    stubApi({ '/api/v1/reports': 'pending' });
    const { container } = await renderPage(<ExportReportPage />, { path });
    expect(await screen.findByRole('button', { name: 'Export XLSX' })).toHaveProperty('disabled', true);
    expect(container.querySelector('.ant-spin')).not.toBeNull();
  });

  it('says the basic info is missing, with a link to it, when the server answers ship_incomplete', async () => {
    stubApi({
      '/api/v1/reports': {
        status: 409,
        code: 'conflict',
        message: 'Fill in the ship basic information first.',
        details: { reason: 'ship_incomplete' },
      },
    });
    await renderPage(<ExportReportPage />, { path });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Ship basic information' }).getAttribute('href')).toBe(
      '/carbon-manage/basic',
    );
  });

  it('shows a year without records as zero counted records and empty tables', async () => {
    stubApi({
      '/api/v1/reports': {
        json: { ...report, recordCount: 0, submittedCount: 0, voyages: [], stays: [] },
      },
    });
    await renderPage(<ExportReportPage />, { path });
    expect(await screen.findByTestId('report-basis')).toHaveProperty(
      'textContent',
      '0 records counted (0 submitted)',
    );
    expect(screen.queryByText('2501')).toBeNull();
  });

  it('shows the counted records, every voyage and the fuel per type of a reporting year', async () => {
    const { calls } = stubApi({ '/api/v1/reports': { json: report } });
    await renderPage(<ExportReportPage />, { path });
    expect(await screen.findByTestId('report-basis')).toHaveProperty(
      'textContent',
      `${report.recordCount} records counted (${report.submittedCount} submitted)`,
    );
    for (const v of ['2501', '2502']) expect(screen.getAllByText(v).length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('report-fuel')).getByText('LS HFO')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toHaveProperty('disabled', false);
    expect(calls.some((u) => u.includes('regime=eu_mrv') && u.includes('year=2025'))).toBe(true);
  });

  it('names the rule set by its regime and regulations, not by its id, in Chinese too', async () => {
    stubApi({ '/api/v1/reports': { json: report } });
    await renderPage(<ExportReportPage />, { path, lang: 'zh_CN' });
    expect(await screen.findByTestId('report-rule-set')).toHaveProperty(
      'textContent',
      '规则集：EU MRV 2015/757 + 2016/2072 + 2023/957',
    );
  });
});
