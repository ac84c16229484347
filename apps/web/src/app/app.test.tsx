import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { Providers } from './providers';
import { AppRoutes } from './routes';

// The shell is tested on its own: every view is a stub that names its route (features test their pages).
vi.mock('./views', () => {
  const stubs = new Map<string, () => ReactElement>();
  const stub = (key: string) => {
    if (!stubs.has(key)) stubs.set(key, () => <h2>{`view ${key}`}</h2>);
    return stubs.get(key);
  };
  // Each view's code is "in" at once, as `ui/on-demand` hands it out once loaded.
  const loaded = (component: () => ReactElement | null) => ({
    preload: () => undefined,
    loaded: () => component,
    lazy: component,
  });
  return {
    views: new Proxy(
      {},
      {
        get: (_target, key) =>
          typeof key === 'string' ? loaded(stub(key) as () => ReactElement) : undefined,
      },
    ),
    deviceLoginView: loaded(() => null),
    userLoginView: loaded(() => null),
  };
});

const config = {
  offline: true,
  hideLoadPage: true,
  dcHomeLink: '/help',
  shipTimeOffsetMinutes: 480,
  buildId: 'x',
  shape: 'vessel',
};

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}

const location = () => screen.getByTestId('location').textContent;

// Full-app renders in jsdom are slow on a loaded machine: few renders, long timeouts.
describe('console shell (offline config, load page hidden)', { timeout: 180_000 }, () => {
  beforeEach(async () => {
    await changeLanguage('en_US');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/v1/config')) return Response.json(config);
        return new Response('{}', { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lands on /overview with the menu of visible entries, and the toggle switches every label', async () => {
    renderAt('/');
    const menu = await screen.findByRole('menu', { name: 'Main navigation' });
    await waitFor(() => expect(location()).toBe('/overview'));
    const labels = () =>
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    expect(labels()).toEqual([
      'Overview',
      'State Analysis',
      'Efficiency Analysis',
      'Efficiency Optimization',
      'Carbon Management',
    ]);
    expect(await screen.findByRole('heading', { name: 'view /overview' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Ship time' }).textContent).toMatch(/\(UTC\+8\)$/);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch language' }));
    });
    await waitFor(() => expect(labels()).toEqual(['总览', '状态分析', '能效分析', '能效优化', '碳管理']));
    expect(screen.getByRole('button', { name: '切换语言' })).toBeTruthy();
    expect(localStorage.getItem('lang')).toBe('zh_CN');
  });

  it('redirects a hidden or unknown child to the first tab, navigates by tab, menu and notifications button', async () => {
    renderAt('/eff-optimize/load');
    await waitFor(() => expect(location()).toBe('/eff-optimize/speed'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Speed Optimization',
      'Hull Fouling',
      'Trim Optimization',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Hull Fouling' }));
    await waitFor(() => expect(location()).toBe('/eff-optimize/fouling'));
    expect(await screen.findByRole('heading', { name: 'view /eff-optimize/fouling' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Hull Fouling' }).getAttribute('aria-selected')).toBe('true');
    // The arrow keys move between the tabs, round the ends.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Hull Fouling' }), { key: 'ArrowRight' });
    await waitFor(() => expect(location()).toBe('/eff-optimize/triming'));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Trim Optimization' }), { key: 'ArrowRight' });
    await waitFor(() => expect(location()).toBe('/eff-optimize/speed'));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Speed Optimization' }), { key: 'ArrowLeft' });
    await waitFor(() => expect(location()).toBe('/eff-optimize/triming'));

    fireEvent.click(screen.getByText('Carbon Management'));
    await waitFor(() => expect(location()).toBe('/carbon-manage/basic'));
    expect(await screen.findByRole('heading', { name: 'view /carbon-manage/basic' })).toBeTruthy();

    const notifications = screen.getByRole('button', { name: 'Notifications' });
    expect(notifications.getAttribute('aria-current')).toBeNull();
    fireEvent.click(notifications);
    await waitFor(() => expect(location()).toBe('/notification'));
    expect(screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the notifications page when the bell is pressed on the overview (its code already in)', async () => {
    renderAt('/overview');
    expect(await screen.findByRole('heading', { name: 'view /overview' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await waitFor(() => expect(location()).toBe('/notification'));
    expect(await screen.findByRole('heading', { name: 'view /notification' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'view /overview' })).toBeNull();
  });
});
