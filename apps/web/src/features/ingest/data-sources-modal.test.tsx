import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import syncOff from '../../test/fixtures/sync-off.json';
import { renderPage, stubApi } from '../../test/render-page';
import { DataSourcesModal } from './data-sources-modal';

const channels = { items: [] };
const status = {
  sources: [
    {
      source: 'nmea0183.udp:10110',
      accepted: 96_552,
      rejected: { bad_checksum: 3, disk_full: 2 },
      lastAcceptedAt: '2026-11-24T22:13:38.326Z',
      lastRejectedAt: '2026-11-24T22:13:30.000Z',
      lastReject: { reason: 'bad_checksum', detail: '$GPRMC,...*00' },
    },
  ],
  adapters: [
    { name: 'nmea0183.udp:10110', state: 'listening', detail: null, since: '2026-11-25T00:00:00.000Z' },
    {
      name: 'modbus:10.0.0.5:502',
      state: 'reconnecting',
      detail: 'connect ECONNREFUSED 10.0.0.5:502',
      since: '2026-11-25T01:02:03.000Z',
    },
  ],
};

describe('data sources dialog', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the status table loading', async () => {
    stubApi({ '/api/v1/ingest/status': 'pending', '/api/v1/telemetry/channels': { json: channels } });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await vi.waitFor(() => expect(dialog.querySelector('.ant-spin-spinning')).not.toBeNull());
  });

  it('says the status could not be read', async () => {
    stubApi({
      '/api/v1/ingest/status': { status: 403, code: 'forbidden' },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
  });

  it('shows no source before any data came in', async () => {
    stubApi({
      '/api/v1/ingest/status': { json: { sources: [], adapters: [] } },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findAllByText('No data')).length).toBeGreaterThan(0);
    expect(within(dialog).queryByText('nmea0183.udp:10110')).toBeNull();
  });

  it('counts what each source delivered and why samples were refused', async () => {
    stubApi({ '/api/v1/ingest/status': { json: status }, '/api/v1/telemetry/channels': { json: channels } });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const row = (await within(dialog).findAllByText('nmea0183.udp:10110'))
      .at(-1)
      ?.closest('tr') as HTMLElement;
    expect(within(row).getByText('96552')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();
    expect(row.textContent).toContain('disk nearly full');
  });

  it('shows each connection with its state and the reason it is not connected', async () => {
    stubApi({ '/api/v1/ingest/status': { json: status }, '/api/v1/telemetry/channels': { json: channels } });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const modbus = (await within(dialog).findByText('modbus:10.0.0.5:502')).closest('tr') as HTMLElement;
    expect(within(modbus).getByText('reconnecting')).toBeTruthy();
    expect(within(modbus).getByText('connect ECONNREFUSED 10.0.0.5:502')).toBeTruthy();
    expect(modbus.textContent).toContain('2026-11-25 01:02:03');
    const udp = within(dialog).getAllByText('nmea0183.udp:10110')[0]!.closest('tr') as HTMLElement;
    expect(within(udp).getByText('listening')).toBeTruthy();
  });

  it('shows an adapter that could not start as error, with the file and line of its map', async () => {
    const reason = '/data/ams.csv line 3: register 4 is already mapped on line 2';
    stubApi({
      '/api/v1/ingest/status': {
        json: {
          sources: [
            {
              source: 'signalk:10.0.0.9:3000',
              accepted: 12,
              rejected: {
                out_of_time: 2,
                wrong_type: 1,
                unsupported_pgn: 4,
                duplicate_time: 3,
                lower_priority: 5,
              },
              lastAcceptedAt: '2026-11-24T22:13:38.326Z',
              lastRejectedAt: '2026-11-24T22:13:30.000Z',
              lastReject: {
                reason: 'out_of_time',
                detail: 'navigation.speedOverGround=9 at 2999-01-01T00:00:00.000Z',
              },
            },
          ],
          adapters: [
            {
              name: 'Modbus TCP 10.0.0.5:502',
              state: 'error',
              detail: reason,
              since: '2026-11-25T00:00:00.000Z',
            },
          ],
        },
      },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const row = (await within(dialog).findByText('Modbus TCP 10.0.0.5:502')).closest('tr') as HTMLElement;
    expect(within(row).getByText('error')).toBeTruthy();
    expect(within(row).getByText(reason)).toBeTruthy();
    const counters = within(dialog)
      .getAllByText('signalk:10.0.0.9:3000')
      .at(-1)
      ?.closest('tr') as HTMLElement;
    for (const words of [
      'outside the time window',
      'wrong type',
      'unsupported PGN',
      'same time twice',
      'lower-priority source',
    ]) {
      expect(counters.textContent).toContain(words);
    }
  });

  it('says when no connection is configured', async () => {
    stubApi({
      '/api/v1/ingest/status': { json: { sources: [], adapters: [] } },
      '/api/v1/telemetry/channels': { json: channels },
    });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    expect(await screen.findByText(/No connection configured/)).toBeTruthy();
  });

  it('shows the link to the shore: down, what waits and since when, the last contact', async () => {
    stubApi({
      '/api/v1/ingest/status': { json: { sources: [], adapters: [] } },
      '/api/v1/telemetry/channels': { json: channels },
      '/api/v1/sync': {
        json: {
          ...syncOff,
          role: 'ship',
          shipId: '9074729',
          backlog: { count: 412, oldestAt: '2026-11-24T06:00:00.000Z' },
          lastContactAt: '2026-11-24T05:59:10.000Z',
          maxKbits: 64,
        },
      },
    });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    const link = await screen.findByRole('region', { name: 'Link to the shore' });
    expect(within(link).getByTestId('sync-state').textContent).toBe('Not connected');
    expect(within(link).getByText('412')).toBeTruthy();
    expect(link.textContent).toContain('2026-11-24 06:00:00 UTC');
    expect(link.textContent).toContain('2026-11-24 05:59:10 UTC');
    expect(link.textContent).toContain('64 kbit/s');
  });

  it('shows no link when the sync is off', async () => {
    stubApi({
      '/api/v1/ingest/status': { json: { sources: [], adapters: [] } },
      '/api/v1/telemetry/channels': { json: channels },
      '/api/v1/sync': { json: syncOff },
    });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    expect(await screen.findByText(/No connection configured/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Link to the shore' })).toBeNull();
  });

  it('lists the background jobs with their last run, and a failed one with its error', async () => {
    const job = {
      schedule: '*/10 * * * *',
      running: false,
      failures: 0,
      lastError: null,
      nextRunAt: '2026-11-27T10:30:00.000Z',
    };
    stubApi({
      '/api/v1/ingest/status': { json: { sources: [], adapters: [] } },
      '/api/v1/telemetry/channels': { json: channels },
      '/api/v1/jobs': {
        json: {
          jobs: [
            {
              ...job,
              name: 'telemetry.prune',
              description: 'prune',
              runs: 4,
              lastRunAt: '2026-11-27T10:20:00.000Z',
              lastDurationMs: 2_350,
            },
            {
              ...job,
              name: 'equipment.assessment',
              description: 'assess',
              schedule: '0 * * * *',
              runs: 2,
              failures: 1,
              lastRunAt: '2026-11-27T10:00:00.000Z',
              lastDurationMs: 120,
              lastError: 'the store is locked',
            },
          ],
        },
      },
    });
    await renderPage(<DataSourcesModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const prune = (await within(dialog).findByText('Data retention and compaction (every 10 min)')).closest(
      'tr',
    ) as HTMLElement;
    expect(prune.textContent).toContain('2026-11-27 10:20:00 UTC');
    expect(within(prune).getByText('2.4 s')).toBeTruthy();
    expect(within(prune).getByText('OK')).toBeTruthy();
    const assessment = within(dialog).getByText('Energy assessment (hourly)').closest('tr') as HTMLElement;
    expect(within(assessment).getByText('Failed')).toBeTruthy();
    expect(within(assessment).getByText('1')).toBeTruthy();
  });
});
