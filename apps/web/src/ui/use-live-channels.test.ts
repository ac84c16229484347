import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RETRY_MS, useLiveChannels } from './use-live-channels';

/** A controllable EventSource stand-in. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, (e: { data: string }) => void>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(values: { channel: string; t: string; value: number; unit: string; digits: number }[]) {
    this.listeners.get('values')?.({
      data: JSON.stringify({ serverTime: new Date().toISOString(), values }),
    });
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

describe('useLiveChannels', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
    FakeEventSource.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  const render = () =>
    renderHook(() =>
      useLiveChannels(['navigation.speedOverGround'], {
        token: 'tok',
        staleAfterMs: 5000,
        eventSource: FakeEventSource as unknown as typeof EventSource,
      }),
    );

  it('shows the values known before the stream, fresh by their time, until the stream brings newer ones', () => {
    const known = { channel: 'navigation.speedOverGround', unit: 'kn', digits: 1 };
    const { result } = renderHook(() =>
      useLiveChannels(['navigation.speedOverGround'], {
        token: 'tok',
        staleAfterMs: 5000,
        eventSource: FakeEventSource as unknown as typeof EventSource,
        initial: [{ ...known, t: '2025-05-31T23:59:58Z', value: 11.5 }],
      }),
    );
    expect(result.current.values['navigation.speedOverGround']?.value).toBe(11.5);
    expect(result.current.stale).toBe(false);
    act(() => FakeEventSource.instances[0]!.emit([{ ...known, t: '2025-06-01T00:00:00Z', value: 12.1 }]));
    expect(result.current.values['navigation.speedOverGround']?.value).toBe(12.1);
    // Known values as old as the stale limit are shown as stale.
    const old = renderHook(() =>
      useLiveChannels(['navigation.speedOverGround'], {
        token: 'tok',
        staleAfterMs: 5000,
        eventSource: FakeEventSource as unknown as typeof EventSource,
        initial: [{ ...known, t: '2025-05-31T23:59:50Z', value: 11.5 }],
      }),
    );
    expect(old.result.current.stale).toBe(true);
  });

  it('subscribes with the token, shows values and turns stale when data stops', () => {
    const { result } = render();
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/v1/telemetry/live?channels=navigation.speedOverGround&dcToken=tok');
    expect(result.current.stale).toBe(true);
    act(() => {
      es.open();
      es.emit([
        {
          channel: 'navigation.speedOverGround',
          t: new Date().toISOString(),
          value: 12.3,
          unit: 'kn',
          digits: 1,
        },
      ]);
    });
    expect(result.current.values['navigation.speedOverGround']?.value).toBe(12.3);
    expect(result.current).toMatchObject({ stale: false, connected: true });
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(result.current.stale).toBe(true);
  });

  it('reopens the stream after the server went away', () => {
    const { result } = render();
    act(() => FakeEventSource.instances[0]!.fail());
    expect(result.current.connected).toBe(false);
    act(() => {
      vi.advanceTimersByTime(LIVE_RETRY_MS);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => {
      FakeEventSource.instances[1]!.open();
      FakeEventSource.instances[1]!.emit([
        {
          channel: 'navigation.speedOverGround',
          t: new Date().toISOString(),
          value: 11,
          unit: 'kn',
          digits: 1,
        },
      ]);
    });
    expect(result.current).toMatchObject({ connected: true, stale: false });
  });
});
