import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SpeedResponse } from '@ecohelm/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstSimulationRpm } from '../features/speed/api/speed-api';
import speed from '../test/fixtures/speed.json';

/** index.html's first script: the requests it sends before the console's code loads. */
const indexHtml = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const earlyScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1]!;

/** Runs the script on `address` with a signed-in console; the paths it asked for, in order. */
async function asked(address: string): Promise<string[]> {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      paths.push(url);
      return url === '/api/v1/speed' ? Response.json(speed) : Response.json({});
    }),
  );
  window.history.replaceState(null, '', address);
  localStorage.setItem('dcToken', 'token');
  new Function(earlyScript)();
  await (window as { ecohelmEarly?: Record<string, Promise<unknown>> }).ecohelmEarly?.simulation;
  return paths;
}

describe("index.html's early requests", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('asks for the speed page its answer, history, forecasts and the simulation of the rpm the page opens on', async () => {
    expect(await asked('/eff-optimize/speed')).toEqual([
      '/api/v1/config',
      '/api/v1/speed',
      '/api/v1/speed/history?hours=48',
      '/api/v1/weather/forecasts',
      `/api/v1/speed/simulate?rpm=${firstSimulationRpm(speed as SpeedResponse)}`,
    ]);
  });

  it("asks for the overview's one answer, and nothing of a page it does not open", async () => {
    expect(await asked('/overview')).toEqual(['/api/v1/config', '/api/v1/overview/page?period=day']);
    expect(await asked('/alarms')).toEqual(['/api/v1/config']);
  });
});
