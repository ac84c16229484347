import mqtt from 'mqtt';
import { type Adapter, Connection, reasonOf } from './connection.ts';
import type { IngestPipeline } from './pipeline.ts';
import { parseSignalKFrame, samplesFromDelta } from './signalk.ts';
import type { Sample } from './types.ts';

/**
 * Turns one MQTT payload into samples. Accepted shapes (JSON):
 * - a Signal K delta `{ updates: [...] }`;
 * - one sample `{ "channel": "...", "t": "<ISO>" | epochMs, "value": 1.2 }` or an array of them;
 * - a record `{ "t": "<ISO>", "values": { "<channel>": 1.2, ... } }`.
 */
export function samplesFromJson(payload: unknown, now: number): Sample[] | undefined {
  // No time: now; a time that is neither ISO text nor epoch ms reaches the gate as NaN and is counted.
  const time = (t: unknown) =>
    t === undefined || t === null
      ? now
      : typeof t === 'number'
        ? t
        : typeof t === 'string'
          ? Date.parse(t)
          : NaN;
  if (Array.isArray(payload)) {
    const all: Sample[] = [];
    for (const p of payload) {
      const s = samplesFromJson(p, now);
      if (!s) return undefined;
      all.push(...s);
    }
    return all;
  }
  if (!payload || typeof payload !== 'object') return undefined;
  const o = payload as Record<string, unknown>;
  if ('updates' in o) {
    // The same schema-checked parse as every other Signal K path.
    const delta = parseSignalKFrame(o).deltas[0];
    if (!delta) return undefined;
    const r = samplesFromDelta(delta, now);
    return r.malformed > 0 ? undefined : r.samples;
  }
  if (typeof o.channel === 'string') return [{ channel: o.channel, t: time(o.t), value: o.value as number }];
  if (o.values && typeof o.values === 'object') {
    const t = time(o.t);
    return Object.entries(o.values as Record<string, unknown>).map(([channel, value]) => ({
      channel,
      t,
      value: value as number,
    }));
  }
  return undefined;
}

/** Subscribes to `topic` on the broker at `url` and ingests JSON samples; reconnects on its own. */
export function startMqtt(
  pipeline: IngestPipeline,
  url: string,
  topic: string,
): Adapter & { client: mqtt.MqttClient } {
  const source = `mqtt:${topic}`;
  const connection = new Connection('connecting');
  const client = mqtt.connect(url, { reconnectPeriod: 5000, connectTimeout: 5000 });
  client.on('connect', () => {
    connection.set('connected');
    client.subscribe(topic, { qos: 1 });
  });
  client.on('error', (error) => connection.set('reconnecting', reasonOf(error)));
  client.on('offline', () => connection.set('reconnecting', connection.get().detail ?? 'broker unreachable'));
  client.on('message', (_topic, message) => {
    try {
      ingestMessage(message);
    } catch (error) {
      pipeline.reject(source, 'malformed', reasonOf(error));
    }
  });
  const ingestMessage = (message: Buffer) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.toString('utf8'));
    } catch {
      pipeline.reject(source, 'malformed', message.toString('utf8').slice(0, 100));
      return;
    }
    const samples = samplesFromJson(parsed, Date.now());
    if (!samples) {
      pipeline.reject(source, 'malformed', message.toString('utf8').slice(0, 100));
      return;
    }
    void pipeline.writeQuietly(source, samples);
  };
  return {
    name: source,
    client,
    status: () => connection.get(),
    stop: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
  };
}
