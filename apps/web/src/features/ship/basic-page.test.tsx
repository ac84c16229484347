import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedStartInfo } from '../../../../../testing/factories.ts';
import ship from '../../test/fixtures/ship.json';
import { renderPage, stubApi } from '../../test/render-page';
import { BasicInfoPage } from './basic-page';

const startInfo = { items: [storedStartInfo({ changeType: 'year_beginning' })] };

describe('ship basic information page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the form empty and the start-info table loading until the ship arrives', async () => {
    stubApi({ '/api/v1/ship': 'pending' });
    const { container } = await renderPage(<BasicInfoPage />);
    expect(await screen.findByLabelText('MMSI')).toHaveProperty('value', '');
    expect(container.querySelector('[data-panel="startInfo"] .ant-spin-spinning')).not.toBeNull();
  });

  it('says the ship could not be read when the server fails', async () => {
    stubApi({
      '/api/v1/ship/start-info': { json: { items: [] } },
      '/api/v1/ship': { status: 404, code: 'not_found', message: 'Not found.' },
    });
    await renderPage(<BasicInfoPage />);
    expect(await screen.findByText('The requested data was not found.')).toBeTruthy();
  });

  it('asks for the basic information when none is saved yet', async () => {
    stubApi({
      '/api/v1/ship/start-info': { json: { items: [] } },
      '/api/v1/ship': { json: { ship: null, complete: false, updatedAt: null } },
    });
    await renderPage(<BasicInfoPage />);
    expect(
      await screen.findByText(
        'The basic information is not complete yet: save it to start information filling.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('MMSI')).toHaveProperty('value', '');
  });

  it('fills the form with the saved particulars and lists the start information', async () => {
    stubApi({ '/api/v1/ship/start-info': { json: startInfo }, '/api/v1/ship': { json: ship } });
    await renderPage(<BasicInfoPage />);
    expect(await screen.findByDisplayValue(ship.ship.mmsi)).toBeTruthy();
    expect(screen.getByLabelText('IMO number')).toHaveProperty('value', ship.ship.imoNumber);
    expect(screen.getByLabelText('Ship name (English)')).toHaveProperty('value', ship.ship.nameEn);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Year beginning')).toBeTruthy();
  });

  it('refuses letters in the deadweight at the field, keeps them, and sends nothing', async () => {
    stubApi({ '/api/v1/ship/start-info': { json: startInfo }, '/api/v1/ship': { json: ship } });
    await renderPage(<BasicInfoPage />);
    await screen.findByDisplayValue(ship.ship.mmsi);
    const dwt = screen.getByLabelText('Deadweight (t)') as HTMLInputElement;
    fireEvent.change(dwt, { target: { value: '57k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Deadweight (t): type a number (digits, a point for decimals); letters and exponents are not taken.',
      ),
    ).toBeTruthy();
    expect(dwt.value).toBe('57k');
    expect(vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });
});
