import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrivedPart, fromEarly, startOverviewFetch } from './get-overview-page';

const PATH = '/api/v1/overview/page?period=day';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sendEarly = (response: Promise<Response>) => {
  (window as { ecohelmEarly?: unknown }).ecohelmEarly = { [PATH]: response };
};

describe('the overview opened on its own address', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as { ecohelmEarly?: unknown }).ecohelmEarly;
  });

  it("takes the answer index.html asked for before the console's code loaded, and asks nothing again", async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('asked again')));
    vi.stubGlobal('fetch', fetch);
    sendEarly(
      Promise.resolve(json({ summary: { s: 1 }, factors: { f: 2 }, settings: {}, alarmStatistics: {} })),
    );
    startOverviewFetch();
    const own = vi.fn(() => Promise.resolve({ own: true }));
    await expect(fromEarly('summary', own as never)).resolves.toEqual({ s: 1 });
    await expect(fromEarly('factors', own as never)).resolves.toEqual({ f: 2 });
    expect(fetch).not.toHaveBeenCalled();
    expect(own).not.toHaveBeenCalled();
    // It is taken once: a second console start asks the server itself.
    expect((window as { ecohelmEarly?: Record<string, unknown> }).ecohelmEarly?.[PATH]).toBeUndefined();
  });

  it("gives a part for a panel's first render once the answer is in, until the panel's read has taken it", async () => {
    vi.stubGlobal('fetch', vi.fn());
    let send: (r: Response) => void = () => undefined;
    sendEarly(new Promise<Response>((resolve) => (send = resolve)));
    startOverviewFetch();
    expect(arrivedPart('summary')).toBeUndefined();
    send(json({ summary: { s: 1 }, factors: { f: 2 }, settings: {}, alarmStatistics: {} }));
    await vi.waitFor(() => expect(arrivedPart('summary')?.data).toEqual({ s: 1 }));
    expect(arrivedPart('factors')?.data).toEqual({ f: 2 });
    await fromEarly('summary', () => Promise.reject(new Error('own')));
    expect(arrivedPart('summary')).toBeUndefined();
    expect(arrivedPart('factors')?.data).toEqual({ f: 2 });
  });

  it('gives no part when the early answer is an error', async () => {
    vi.stubGlobal('fetch', vi.fn());
    sendEarly(Promise.resolve(json({ error: { code: 'internal', message: 'x', requestId: 'r' } }, 500)));
    startOverviewFetch();
    await fromEarly('summary', () => Promise.resolve({ own: true }) as never);
    expect(arrivedPart('factors')).toBeUndefined();
  });

  it('falls back to each panel asking its own endpoint when the early answer is an error', async () => {
    vi.stubGlobal('fetch', vi.fn());
    sendEarly(Promise.resolve(json({ error: { code: 'internal', message: 'x', requestId: 'r' } }, 500)));
    startOverviewFetch();
    const own = vi.fn(() => Promise.resolve({ own: true }));
    await expect(fromEarly('summary', own as never)).resolves.toEqual({ own: true });
    expect(own).toHaveBeenCalledOnce();
  });

  it('asks the server itself when nothing was sent early', async () => {
    const fetch = vi.fn(() => Promise.resolve(json({ summary: { s: 3 } })));
    vi.stubGlobal('fetch', fetch);
    startOverviewFetch();
    await expect(fromEarly('summary', () => Promise.reject(new Error('own')))).resolves.toEqual({ s: 3 });
    expect(fetch).toHaveBeenCalledWith(PATH, expect.objectContaining({ method: 'GET' }));
  });
});
