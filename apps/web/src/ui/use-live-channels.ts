import type { TelemetryLatestResponse, TelemetryLatestValue, TelemetryLiveEvent } from '@ecohelm/contracts';
import { useEffect, useMemo, useState } from 'react';
import { apiFetch } from '../lib/api-client';
import { shipScope } from '../lib/ship-scope';
import { safeStorage, storageKeys } from '../lib/storage';

export interface LiveChannels {
  /** Latest value per channel id, in display units with their unit. */
  values: Record<string, TelemetryLatestValue>;
  /** True when no new sample arrived for `staleAfterMs` (sensor silent, server down or reconnecting). */
  stale: boolean;
  /** True while the event stream is open. */
  connected: boolean;
}

export interface LiveChannelsOptions {
  staleAfterMs?: number;
  /** Device token; read from storage when absent. */
  token?: string | null;
  /** Injected in tests. */
  eventSource?: typeof EventSource;
  now?: () => number;
  /** Values already known (read when the page opened), shown until the stream brings newer ones. */
  initial?: readonly TelemetryLatestValue[];
}

/** Delay before reopening a stream the browser gave up on (server restarted, network gone). */
export const LIVE_RETRY_MS = 2000;

/** The time of the newest of `values` (epoch ms), if any. */
function newestOf(values: readonly TelemetryLatestValue[]): number | undefined {
  const newest = Math.max(...values.map((v) => Date.parse(v.t)), Number.NEGATIVE_INFINITY);
  return Number.isFinite(newest) ? newest : undefined;
}

/**
 * Subscribes to `GET /api/v1/telemetry/live` (server-sent events, 1 Hz) for `channels`. The browser
 * reconnects on its own after a server restart (the server sends `retry: 2000`); when it gives up
 * (closed state) the hook reopens the stream itself. `stale` turns true when the newest sample is
 * older than `staleAfterMs` (default 10 s), whether the data stopped or the server is away.
 */
export function useLiveChannels(
  channels: readonly string[],
  options: LiveChannelsOptions = {},
): LiveChannels {
  const { staleAfterMs = 10_000, eventSource, now = Date.now } = options;
  const token = options.token === undefined ? safeStorage.getItem(storageKeys.deviceToken) : options.token;
  const key = channels.join(',');
  const [values, setValues] = useState<Record<string, TelemetryLatestValue>>({});
  const [lastSampleAt, setLastSampleAt] = useState<number | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!key) return;
    // A ship's console on a shore has nothing live (the shore receives hourly rollups): it shows the latest values
    // the shore's copy holds, once, with their time, and stays stale.
    if (shipScope()) {
      let disposed = false;
      apiFetch<TelemetryLatestResponse>(`/api/v1/telemetry/latest?channels=${encodeURIComponent(key)}`)
        .then((latest) => {
          if (disposed) return;
          setValues(Object.fromEntries(latest.values.map((v) => [v.channel, v])));
          const newest = newestOf(latest.values);
          if (newest !== undefined) setLastSampleAt(newest);
        })
        .catch(() => undefined);
      return () => {
        disposed = true;
      };
    }
    const ES = eventSource ?? globalThis.EventSource;
    if (!ES) return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    const open = () => {
      const query = new URLSearchParams({ channels: key, ...(token ? { dcToken: token } : {}) });
      source = new ES(`/api/v1/telemetry/live?${query}`);
      source.onopen = () => setConnected(true);
      source.addEventListener('values', (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as TelemetryLiveEvent;
        setValues((prev) => {
          const next = { ...prev };
          for (const v of data.values) next[v.channel] = v;
          return next;
        });
        const newest = newestOf(data.values);
        if (newest !== undefined)
          setLastSampleAt((prev) => (prev === undefined || newest > prev ? newest : prev));
      });
      source.onerror = () => {
        setConnected(false);
        if (source?.readyState === ES.CLOSED && !disposed) {
          source.close();
          retry = setTimeout(open, LIVE_RETRY_MS);
        }
      };
    };
    // A stream opened before the page's load event holds that event back as long as it stays open (Chromium):
    // the browser would show the page as loading for ever. It opens once the page has loaded.
    const loaded = typeof document === 'undefined' || document.readyState === 'complete';
    if (loaded) open();
    else window.addEventListener('load', open, { once: true });
    return () => {
      disposed = true;
      if (!loaded) window.removeEventListener('load', open);
      if (retry) clearTimeout(retry);
      source?.close();
      setConnected(false);
    };
  }, [key, token, eventSource]);

  // Re-evaluate staleness every second even when nothing arrives.
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  void tick;
  // What the stream (or the shore's read) brought, over the values known before it.
  const { initial } = options;
  const shown = useMemo(
    () => (initial ? { ...Object.fromEntries(initial.map((v) => [v.channel, v])), ...values } : values),
    [initial, values],
  );
  const newest = lastSampleAt ?? (initial ? newestOf(initial) : undefined);
  const stale = newest === undefined || now() - newest > staleAfterMs;
  return { values: shown, stale, connected };
}
