/**
 * Renders one feature page the way the console does (providers, router, the device's language) against a
 * stubbed API, so a page's states can be tested: loading (an answer that never comes), error (an error
 * answer), empty and data (answers recorded from a real server, see test/fixtures/README.md).
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { changeLanguage } from '../i18n';

// jsdom draws nothing: charts get a 2D context that accepts every call, so a page with charts renders in tests.
const noopContext = new Proxy({} as Record<string | symbol, unknown>, {
  get: (target, key) => {
    if (key === 'canvas') return document.createElement('canvas');
    if (key === 'measureText') return () => ({ width: 0 });
    if (key in target) return target[key];
    return () => undefined;
  },
  set: (target, key, value) => {
    target[key] = value;
    return true;
  },
});
HTMLCanvasElement.prototype.getContext = (() => noopContext) as unknown as HTMLCanvasElement['getContext'];

/** How the stub answers a path: a JSON body (200), an error, or never. */
export type Answer =
  | { json: unknown }
  | { status: number; code: string; message?: string; details?: unknown }
  | 'pending';

/** The page configuration of an installation on board, as GET /api/v1/config answers it. */
export const pageConfig = {
  offline: false,
  hideLoadPage: false,
  dcHomeLink: '',
  shipTimeOffsetMinutes: 480,
  buildId: 'test',
  shape: 'vessel' as 'vessel' | 'fleet',
};

/**
 * Stubs `fetch`: the longest path prefix in `answers` decides; a path not listed answers 404, so a page that
 * asks for something the test did not expect shows it as an error rather than hanging.
 */
export function stubApi(answers: Record<string, Answer>) {
  const calls: string[] = [];
  const prefixes = Object.keys(answers).sort((a, b) => b.length - a.length);
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url.startsWith('/api/v1/config')) return Response.json(pageConfig);
    const key = prefixes.find((p) => url.startsWith(p));
    const answer = key === undefined ? undefined : answers[key];
    if (answer === undefined) {
      return Response.json(
        { error: { code: 'not_found', message: `No route GET ${url}`, requestId: 't' } },
        { status: 404 },
      );
    }
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    if ('json' in answer) return Response.json(answer.json);
    return Response.json(
      {
        error: {
          code: answer.code,
          message: answer.message ?? answer.code,
          ...(answer.details === undefined ? {} : { details: answer.details }),
          requestId: 't',
        },
      },
      { status: answer.status },
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('EventSource', SilentEventSource);
  return { calls };
}

/** A live stream that connects and never sends: live panels show their values as not yet received. */
class SilentEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly url: string;
  readyState = 1;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  constructor(url: string | URL) {
    super();
    this.url = String(url);
  }
  close() {
    this.readyState = 2;
  }
}

/** Renders `page` at `path` in `lang` with the console's providers. */
export async function renderPage(
  page: ReactElement,
  options: { path?: string; lang?: 'en_US' | 'zh_CN' } = {},
) {
  await changeLanguage(options.lang ?? 'en_US');
  localStorage.setItem('dcToken', 'test-token');
  return render(
    <Providers>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{page}</MemoryRouter>
    </Providers>,
  );
}

/** Catches the files a page saves (object URLs of blobs) and reads one back as text. */
export function captureFiles() {
  const files: Blob[] = [];
  // The URL class itself stays (module loading constructs URLs); only its two static helpers are replaced.
  URL.createObjectURL = (b: Blob) => {
    files.push(b as Blob);
    return 'blob:captured';
  };
  URL.revokeObjectURL = () => {};
  const text = (i = 0) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^\ufeff/, ''));
      reader.readAsText(files[i]!);
    });
  return { files, text };
}
