import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import eca from '../../test/fixtures/eca.json';
import { renderPage, stubApi } from '../../test/render-page';
import { parsePositions } from './eca-modals';
import { EcaPage } from './eca-page';

// jsdom lays nothing out, and ECharts' geo view cannot scale a map into a box of no size: the sea chart is drawn in
// the browser tests; here it is a stand-in that shows what it was given.
vi.mock('../../ui/sea-map', () => ({
  SeaMap: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  seaGeo: () => ({}),
}));

const panel = (id: string) => document.querySelector(`[data-panel="${id}"]`) as HTMLElement;
const answers = { '/api/v1/eca/zones': { json: { zones: [] } }, '/api/v1/eca': { json: eca } };
const posts = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }));

/** The page in Chinese with its alarm setting dialog open, once the page has loaded what it needs. */
async function openAlarmSetting() {
  stubApi(answers);
  await renderPage(<EcaPage />, { path: '/eff-analysis/eca', lang: 'zh_CN' });
  const open = await screen.findByRole('button', { name: '报警设置' });
  await vi.waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(open);
  return screen.findByRole('dialog');
}

describe('ECA monitoring page', { timeout: 120_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says where the ship is against the nearest zone, lists the zones by distance and the ECA alarms', async () => {
    stubApi(answers);
    await renderPage(<EcaPage />, { path: '/eff-analysis/eca' });
    const status = await screen.findByTestId('eca-status');
    expect(status.textContent).toContain('Normal');
    expect(status.textContent).toContain(
      `Nearest: ${eca.nearest!.name}, ${eca.nearest!.distanceNm!.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} nm`,
    );
    const zones = within(panel('ecaZones')).getAllByRole('row');
    expect(zones[1]!.textContent).toContain(eca.nearest!.name.slice(0, 20));
    const alarms = within(panel('ecaAlarmHistory'));
    expect(alarms.getByText('ECA warning')).toBeTruthy();
    expect(alarms.getByText('6.4 nm')).toBeTruthy();
    expect(alarms.getByText('0.6 h')).toBeTruthy();
  });

  it('reads a range one position a line and names the lines it cannot read', () => {
    expect(parsePositions('36.05, 120.30\n\n36.05 120.60\n35.85;120.60')).toEqual({
      positions: [
        { latitude: 36.05, longitude: 120.3 },
        { latitude: 36.05, longitude: 120.6 },
        { latitude: 35.85, longitude: 120.6 },
      ],
      bad: [],
    });
    expect(parsePositions('36.05, 120.30\nnorth\n1, 2, 3').bad).toEqual([2, 3]);
  });

  it('refuses a tip distance beyond the warning before sending, in Chinese', async () => {
    const dialog = await openAlarmSetting();
    const tip = within(dialog).getByLabelText('换油提示距离');
    fireEvent.change(tip, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('提示距离必须小于预警距离。')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('refuses letters in the warning distance at the field, in Chinese, and sends nothing', async () => {
    const dialog = await openAlarmSetting();
    fireEvent.change(within(dialog).getByLabelText('预警距离'), { target: { value: '1O' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText('预警距离：请输入数字（小数用小数点），不接受字母或指数形式。'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('names the zones in Chinese and says why the China DECA has no boundary', async () => {
    stubApi(answers);
    await renderPage(<EcaPage />, { path: '/eff-analysis/eca', lang: 'zh_CN' });
    const zones = await vi.waitFor(() => {
      const el = document.querySelector('.eca-zones');
      if (!el) throw new Error('no zones table yet');
      return el as HTMLElement;
    });
    expect(
      await within(zones).findByText('中国船舶大气污染物排放控制区（国内，非 IMO 排放控制区）'),
    ).toBeTruthy();
    expect(within(zones).getByText('北海排放控制区')).toBeTruthy();
    expect(zones.textContent).not.toMatch(/North Sea|China domestic/);
    const tag = within(zones).getByTestId('no-boundary-china_deca');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText(/交海发〔2018〕168号/)).toBeTruthy();
  });
});
