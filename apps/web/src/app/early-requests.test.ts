import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** index.html's first script: the requests it sends before the console's code loads. */
const indexHtml = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const earlyScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1]!;

/** Runs the script on `address` with a signed-in console; the paths it asked for, in order. */
function asked(address: string): string[] {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      paths.push(url);
      return Promise.resolve(Response.json({}));
    }),
  );
  window.history.replaceState(null, '', address);
  localStorage.setItem('dcToken', 'token');
  new Function(earlyScript)();
  return paths;
}

describe("index.html's early requests", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('asks for the speed page its answer, its advice history and the forecast files', () => {
    expect(asked('/eff-optimize/speed')).toEqual([
      '/api/v1/config',
      '/api/v1/speed',
      '/api/v1/speed/history?hours=48',
      '/api/v1/weather/forecasts',
    ]);
  });

  it("asks for the overview's one answer, and nothing of a page it does not open", () => {
    expect(asked('/overview')).toEqual(['/api/v1/config', '/api/v1/overview/page?period=day']);
    expect(asked('/alarms')).toEqual(['/api/v1/config']);
  });
});
