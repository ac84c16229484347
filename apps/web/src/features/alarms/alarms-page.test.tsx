import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page';
import { AlarmsPage } from './alarms-page';

const exhaustHigh = {
  id: 7,
  key: 'limit:propulsion.main.exhaustTemperature:high',
  category: 'equipmentAlarm',
  condition: 'high',
  equipment: 'me',
  channel: 'propulsion.main.exhaustTemperature',
  priority: 'warning',
  state: 'active_unacknowledged',
  escalated: false,
  raisedAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  clearedAt: null,
  silencedUntil: null,
  value: 452,
  limit: 430,
  unit: '°C',
  read: false,
};
const empty = { items: [], unread: 0, unreadByCategory: {}, serverTime: '2026-11-24T09:00:00.000Z' };
const history = { items: [], total: 0, page: 1, pageSize: 15 };

describe('message center page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the real-time table loading until the active alarms arrive', async () => {
    stubApi({ '/api/v1/alarms/active': 'pending', '/api/v1/alarms/history': { json: history } });
    const { container } = await renderPage(<AlarmsPage />, { path: '/notification' });
    await screen.findAllByRole('table');
    expect(container.querySelector('[data-panel="alarms"] .ant-spin-spinning')).not.toBeNull();
  });

  it('says so when the active alarms cannot be read', async () => {
    stubApi({
      '/api/v1/alarms/active': { status: 403, code: 'forbidden' },
      '/api/v1/alarms/history': { json: history },
    });
    await renderPage(<AlarmsPage />, { path: '/notification' });
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
  });

  it('says there is no active alarm', async () => {
    stubApi({ '/api/v1/alarms/active': { json: empty }, '/api/v1/alarms/history': { json: history } });
    await renderPage(<AlarmsPage />, { path: '/notification' });
    expect(await screen.findByText('No active alarms')).toBeTruthy();
  });

  it("counts each event type's unread alarms of the last 30 days, cleared ones too, as the bell does", async () => {
    stubApi({
      '/api/v1/alarms/active': {
        json: {
          ...empty,
          unread: 9,
          unreadByCategory: { equipmentAlarm: 5, focWarning: 3, equipmentAssessment: 1 },
        },
      },
      '/api/v1/alarms/history': { json: history },
    });
    await renderPage(<AlarmsPage />, { path: '/notification' });
    const unreadOf = (panel: string) =>
      within(screen.getByRole('button', { name: panel })).getByText(/Unread/).previousElementSibling
        ?.textContent;
    await waitFor(() => expect(unreadOf('Equipment alarm')).toBe('5'));
    expect(unreadOf('F.O.C warning')).toBe('3');
    expect(unreadOf('Equipment assessment')).toBe('1');
    expect(unreadOf('Energy distribution')).toBe('0');
  });

  it('lists an active alarm with its value and limit in display units', async () => {
    stubApi({
      '/api/v1/alarms/active': {
        json: { ...empty, items: [exhaustHigh], unread: 1, unreadByCategory: { equipmentAlarm: 1 } },
      },
      '/api/v1/alarms/history': { json: history },
    });
    const { container } = await renderPage(<AlarmsPage />, { path: '/notification' });
    const cell = await screen.findByText(/452/);
    expect(container.querySelector('[data-panel="alarms"]')?.contains(cell)).toBe(true);
    expect(cell.textContent).toContain('430');
  });
});
