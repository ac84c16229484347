import { fleetMessages } from '@ecohelm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ship from '../../test/fixtures/fleet-ship.json';
import ships from '../../test/fixtures/fleet-ships.json';
import { captureFiles, renderPage, stubApi } from '../../test/render-page';
import { FleetPage } from './fleet-page';

// jsdom lays nothing out: the sea chart is drawn in the browser; here a stand-in that shows what it was given.
vi.mock('../../ui/sea-map', () => ({
  SeaMap: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  seaGeo: () => ({}),
}));

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const bodyRows = (id: string) =>
  within(panel(id))
    .getAllByRole('row')
    .filter((r) => r.closest('tbody'));
const posts = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }));

// Recorded for 2025 (see apps/server/test/fleet.test.ts); the page asks for the year of its address.
const answers = {
  '/api/v1/fleet/ships/9074729': { json: ship },
  '/api/v1/fleet/ships': { json: ships },
};

describe('fleet page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every ship with its contact, CII, projection, EUA, FuelEU and alarms; sorts; saves the CSV', async () => {
    const { calls } = stubApi(answers);
    await renderPage(<FleetPage />, { path: '/fleet?year=2025' });
    await screen.findByRole('button', { name: 'ECO HELM' });
    expect(calls.some((c) => c.startsWith('/api/v1/fleet/ships?year=2025'))).toBe(true);
    const [eco, silent] = bodyRows('fleetShips');
    expect(eco?.textContent).toContain('9074729');
    expect(eco?.textContent).toContain('1.71'); // attained
    expect(eco?.textContent).toContain('3.79'); // required
    expect(eco?.textContent).toContain('1,155'); // EUA
    expect(eco?.textContent).toContain('-48.9 Deficit');
    expect(eco?.textContent).toContain('31,254');
    // Rated A, and projected A at the year end.
    expect(within(eco!).getAllByText('A', { selector: '.ant-tag' })).toHaveLength(2);
    expect(silent?.textContent).toContain('2 d ago');
    expect(silent?.textContent).toContain('Stale');
    expect(silent?.textContent).toContain('Basic info incomplete');

    // Sorted by active alarms, fewest first: the silent ship (0) before ECO HELM (1).
    fireEvent.click(within(panel('fleetShips')).getAllByText('Active alarms')[0]!);
    expect(bodyRows('fleetShips')[0]?.textContent).toContain('SILENT');

    const files = captureFiles();
    fireEvent.click(within(panel('fleetShips')).getByRole('button', { name: 'CSV' }));
    const csv = (await files.text()).split('\r\n');
    expect(csv[0]).toBe(
      'Ship,IMO number,Last contact,Attained CII,Required CII,Rating,Year-end projection,EU ETS allowances (EUA),FuelEU balance (tCO2e),FuelEU penalty (EUR),Active alarms',
    );
    expect(csv[1]).toContain(
      `ECO HELM,9074729,${ships.ships[0]!.lastContactAt},${ships.ships[0]!.cii!.attainedCii}`,
    );
    expect(within(panel('fleetMap')).getByRole('img').getAttribute('aria-label')).toContain('CII rating');
  });

  it('shows loading, then an error in the user language, and an empty fleet', async () => {
    stubApi({ '/api/v1/fleet/ships': 'pending' });
    await renderPage(<FleetPage />, { path: '/fleet' });
    await vi.waitFor(() => expect(panel('fleetShips').querySelector('.ant-spin')).toBeTruthy());
    vi.unstubAllGlobals();

    stubApi({ '/api/v1/fleet/ships': { status: 409, code: 'conflict', message: fleetMessages.notShore } });
    await renderPage(<FleetPage />, { path: '/fleet', lang: 'zh_CN' });
    expect((await screen.findAllByText('船队页面仅在岸基服务器上提供')).length).toBeGreaterThan(0);
    vi.unstubAllGlobals();

    stubApi({ '/api/v1/fleet/ships': { json: { ...ships, ships: [] } } });
    await renderPage(<FleetPage />, { path: '/fleet' });
    expect((await screen.findAllByText('No ship has reported to this shore server yet.')).length).toBe(2);
  });

  it('opens a ship: figures, records with the shore decisions, alarms; a return needs a comment', async () => {
    stubApi(answers);
    await renderPage(<FleetPage />, { path: '/fleet?year=2025' });
    fireEvent.click(await screen.findByRole('button', { name: 'ECO HELM' }));
    const figures = await screen.findByTestId('fleet-ship-figures');
    expect(figures.textContent).toContain('1.71');
    expect(figures.textContent).toContain('53.472, 8.100');
    expect(figures.textContent).toContain('The IMO DCS records, as its CII statistics');
    expect(within(panel('fleetRecords')).getByText('Verified')).toBeTruthy();
    expect(within(panel('fleetAlarms')).getByText('Active, unacknowledged')).toBeTruthy();

    const returnButtons = within(panel('fleetRecords')).getAllByRole('button', { name: 'Return' });
    fireEvent.click(returnButtons[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText('A record returned for correction needs a comment')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Comment to the crew'), {
      target: { value: 'ROB of LS HFO looks wrong' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/v1/sync/reviews',
      body: { shipId: '9074729', decision: 'returned', comment: 'ROB of LS HFO looks wrong' },
    });
  });

  it("marks a ship's figures partial and shows its refused and set-aside messages", async () => {
    const intake = (shipId: string, over: Record<string, unknown>) => ({
      shipId,
      name: null,
      lastContactAt: null,
      records: 0,
      rollups: 0,
      status: 'registered',
      partial: false,
      reconciledAt: '2025-06-01T00:00:00.000Z',
      refused: 0,
      deadLetters: { count: 0, oldestAt: null },
      ...over,
    });
    stubApi({
      ...answers,
      '/api/v1/sync': {
        json: {
          role: 'shore',
          connected: true,
          shipId: null,
          backlog: { count: 0, oldestAt: null },
          lastContactAt: null,
          maxKbits: null,
          error: null,
          ships: [
            intake('9074729', {
              partial: true,
              reconciledAt: null,
              refused: 2,
              deadLetters: { count: 3, oldestAt: new Date(Date.now() - 3 * 3_600_000).toISOString() },
            }),
            intake('9300000', {}),
          ],
        },
      },
    });
    await renderPage(<FleetPage />, { path: '/fleet?year=2025' });
    await screen.findByText('Partial');
    const [eco, silent] = bodyRows('fleetShips');
    expect(eco?.textContent).toContain('Partial');
    expect(eco?.textContent).toContain('2 refused');
    expect(eco?.textContent).toContain('3 set aside');
    expect(silent?.textContent).not.toContain('Partial');
    expect(silent?.textContent).not.toContain('set aside');
  });
});
