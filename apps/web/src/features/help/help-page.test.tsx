import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render-page';
import { HelpPage } from './help-page';

describe('help page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what each screen shows, where the numbers come from, how to connect a ship and offline use', async () => {
    stubApi({});
    await renderPage(<HelpPage />, { path: '/help' });
    expect(await screen.findByRole('heading', { name: 'Help', level: 2 })).toBeTruthy();
    for (const title of [
      'What each screen shows',
      'Where the numbers come from',
      'How to connect a ship',
      'Offline use',
    ])
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/overview');
    expect(screen.getByRole('link', { name: 'Message Center' }).getAttribute('href')).toBe('/notification');
  });

  it('is written in Chinese too', async () => {
    stubApi({});
    await renderPage(<HelpPage />, { path: '/help', lang: 'zh_CN' });
    expect(await screen.findByRole('heading', { name: '帮助', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '如何接入船舶' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '离线使用' })).toBeTruthy();
  });
});
