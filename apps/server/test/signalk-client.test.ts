import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../src/features/ingest/connection.ts';
import { SourcePriority, startSignalKClient } from '../src/features/ingest/signalk-client.ts';
import { freePort, secureSignalKConfig, startSignalKServer, waitFor } from './peers.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

/** Paths the bundled sample data sends and our catalogue stores. */
const PATHS = [
  'navigation.speedThroughWater',
  'navigation.courseOverGroundTrue',
  'environment.wind.speedApparent',
  'environment.wind.angleTrueWater',
  'environment.depth.belowTransducer',
];

/** Waits until the server holds speed-through-water samples stamped from `since` on; answers them. */
const samplesSince = (t: TestApp, since: number, what: string) =>
  waitFor(
    async () => {
      const rows = await t.services.telemetry.rawSamples(
        'navigation.speedThroughWater',
        since,
        Date.now() + 1000,
      );
      return rows.length > 0 ? rows : undefined;
    },
    15_000,
    what,
  );

describe('Signal K client against a real signalk-server', () => {
  let t: TestApp;
  let port: number;
  let server: Awaited<ReturnType<typeof startSignalKServer>>;
  let client: Adapter;

  beforeAll(async () => {
    port = await freePort();
    server = await startSignalKServer(port);
    t = await createTestApp(storeKinds[0]!);
    client = startSignalKClient(t.services.ingest, { url: `http://127.0.0.1:${port}`, retryMs: 200 });
  }, 240_000);

  afterAll(async () => {
    await client?.stop();
    await server?.stop();
    server?.dispose();
    await t?.close();
  });

  /** The value the server's REST API reports now and its timestamp. */
  const rest = async (p: string) => {
    const r = await fetch(`http://127.0.0.1:${port}/signalk/v1/api/vessels/self/${p.replaceAll('.', '/')}`);
    const body = (await r.json()) as { value: number; timestamp: string };
    return { value: body.value, t: Date.parse(body.timestamp) };
  };

  it('stores what the server reports, at the same timestamps', async () => {
    await waitFor(() => client.status().state === 'connected', 15_000, 'the client to connect');
    // Values the server took in after our subscription started (it answers with what it had before too).
    const subscribed = client.status().since + 500;
    for (const p of PATHS) {
      const reported = await waitFor(
        () =>
          rest(p).then(
            (r) => (r.t > subscribed ? r : undefined),
            () => undefined,
          ),
        15_000,
        `${p} on the server`,
      );
      const stored = await waitFor(
        async () => {
          const rows = await t.services.telemetry.rawSamples(p, reported.t, reported.t + 1);
          return rows.length > 0 ? rows : undefined;
        },
        10_000,
        `${p} at ${new Date(reported.t).toISOString()} in our store`,
      );
      expect(stored.map((r) => r.value)).toContain(reported.value);
    }
    const status = t.services.ingest.status().find((s) => s.source === `signalk:127.0.0.1:${port}`);
    expect(status?.accepted).toBeGreaterThan(PATHS.length);
  });

  it('reconnects when the server stops and comes back on the same address', async () => {
    await server.stop();
    await waitFor(() => client.status().state === 'reconnecting', 10_000, 'the client to notice');
    expect(client.status().detail).toBeTruthy();
    server = await startSignalKServer(port, server.configDir);
    const back = Date.now();
    await waitFor(() => client.status().state === 'connected', 30_000, 'the client to reconnect');
    const since = Date.now();
    const fresh = await samplesSince(t, since, 'samples after the restart');
    expect(fresh[0]!.t).toBeGreaterThanOrEqual(since);
    // The crew sees data again within 12 s of the server's return (the backoff is capped at 10 s).
    expect(Date.now() - back).toBeLessThanOrEqual(12_000);
  }, 90_000);
});

describe('Signal K client against a signalk-server with security on', () => {
  let t: TestApp;
  let port: number;
  let server: Awaited<ReturnType<typeof startSignalKServer>>;
  let token: string;
  const clients: Adapter[] = [];

  beforeAll(async () => {
    port = await freePort();
    const configDir = mkdtempSync(path.join(tmpdir(), 'ecohelm-sk-'));
    token = secureSignalKConfig(configDir);
    server = await startSignalKServer(port, configDir, { security: true });
    t = await createTestApp(storeKinds[0]!);
  }, 240_000);

  afterAll(async () => {
    for (const c of clients) await c.stop();
    await server?.stop();
    server?.dispose();
    await t?.close();
  });

  it('says the token is missing instead of waiting for data that never comes', async () => {
    const client = startSignalKClient(t.services.ingest, { url: `http://127.0.0.1:${port}`, retryMs: 200 });
    clients.push(client);
    await waitFor(() => client.status().state === 'reconnecting', 10_000, 'the refusal');
    expect(client.status().detail).toMatch(/^401 .*token is missing/);
  });

  it('reads with the token the server issued', async () => {
    const client = startSignalKClient(t.services.ingest, {
      url: `http://127.0.0.1:${port}`,
      token,
      retryMs: 200,
    });
    clients.push(client);
    await waitFor(() => client.status().state === 'connected', 15_000, 'the client to connect');
    const since = Date.now();
    await samplesSince(t, since, 'samples read with the token');
  }, 60_000);
});

describe('source priority of a path sent by several sources', () => {
  it('keeps the first source until it falls silent', () => {
    const p = new SourcePriority([], 10_000);
    expect(p.accept('navigation.position', 'gps1.GP', 0)).toBe(true);
    expect(p.accept('navigation.position', 'gps2.GP', 1000)).toBe(false);
    expect(p.accept('navigation.position', 'gps1.GP', 2000)).toBe(true);
    expect(p.accept('navigation.position', 'gps2.GP', 11_000)).toBe(false);
    expect(p.accept('navigation.position', 'gps2.GP', 12_001)).toBe(true);
    expect(p.accept('navigation.position', 'gps1.GP', 12_500)).toBe(false);
  });

  it('lets a preferred source take over at once', () => {
    const p = new SourcePriority(['gps1'], 10_000);
    expect(p.accept('navigation.position', 'gps2.GP', 0)).toBe(true);
    expect(p.accept('navigation.position', 'gps1.GP', 500)).toBe(true);
    expect(p.accept('navigation.position', 'gps2.GP', 1000)).toBe(false);
    expect(p.accept('environment.depth.belowTransducer', 'gps2.GP', 1000)).toBe(true);
  });
});
