import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DataType,
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAServer,
  SecurityPolicy,
  Variant,
} from 'node-opcua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../src/features/ingest/connection.ts';
import { parseNodeMap, startOpcUa } from '../src/features/ingest/opcua.ts';
import { MapFileError } from '../src/features/ingest/register-map.ts';
import { freePort, waitFor } from './peers.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const MAP_FILE = path.join(import.meta.dirname, '../../../docs/examples/opcua-node-map.csv');

/** The AMS's values in engineering units, read by the server's variables on every sample. */
const ams = { speed: 78.5, load: 65.2, rack: 61.1, exhaust: 342.0, ge1: 412.5, ge2: 398.25 };

/** An OPC UA server of the maintained node-opcua SDK exposing the AMS values (anonymous; None and SignAndEncrypt). */
async function startServer(port: number, pki: string) {
  const server = new OPCUAServer({
    port,
    resourcePath: '/UA/AMS',
    allowAnonymous: true,
    securityModes: [MessageSecurityMode.None, MessageSecurityMode.SignAndEncrypt],
    securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256],
    serverCertificateManager: new OPCUACertificateManager({
      rootFolder: pki,
      automaticallyAcceptUnknownCertificate: true,
    }),
    buildInfo: { productName: 'AMS test server' },
  });
  await server.initialize();
  const addressSpace = server.engine.addressSpace!;
  const ns = addressSpace.getOwnNamespace();
  const variable = (id: string, get: () => number) =>
    ns.addVariable({
      organizedBy: addressSpace.rootFolder.objects,
      browseName: id,
      nodeId: `s=${id}`,
      dataType: 'Double',
      // An AMS samples its variables faster than a map asks, so the server keeps each item's own interval.
      minimumSamplingInterval: 100,
      value: { get: () => new Variant({ dataType: DataType.Double, value: get() }) },
    });
  variable('ME.Speed', () => ams.speed);
  variable('ME.Load', () => ams.load);
  variable('ME.FuelRack', () => ams.rack);
  variable('ME.ExhaustTemperature', () => ams.exhaust);
  variable('GE1.Power', () => ams.ge1);
  variable('GE2.Power', () => ams.ge2);
  await server.start();
  return server;
}

describe.each([
  ['None', 'None'],
  ['SignAndEncrypt', 'Basic256Sha256'],
] as const)('OPC UA client against a node-opcua server (security %s)', (securityMode, securityPolicy) => {
  let t: TestApp;
  let port: number;
  let server: OPCUAServer;
  let adapter: Adapter;
  const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-opcua-'));

  beforeAll(async () => {
    port = await freePort();
    server = await startServer(port, path.join(dir, 'server-pki'));
    t = await createTestApp(storeKinds[0]!);
    adapter = startOpcUa(t.services.ingest, {
      url: `opc.tcp://127.0.0.1:${port}/UA/AMS`,
      map: MAP_FILE,
      securityMode,
      securityPolicy,
      pkiFolder: path.join(dir, 'client-pki'),
      retryMs: 300,
    });
  }, 120_000);

  afterAll(async () => {
    await adapter?.stop();
    await server?.shutdown(0);
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const latest = (channel: string) => t.services.telemetry.latest([channel]).then((m) => m.get(channel));

  it('stores the subscribed values in SI units', async () => {
    await waitFor(() => adapter.status().state === 'connected', 60_000, 'the subscription');
    ams.speed = 79.0;
    await waitFor(
      async () => (await latest('propulsion.main.revolutions'))?.value === 79 / 60,
      10_000,
      '79 rpm',
    );
    expect((await latest('propulsion.main.engineLoad'))?.value).toBeCloseTo(0.652, 9);
    expect((await latest('propulsion.main.exhaustTemperature'))?.value).toBeCloseTo(342 + 273.15, 9);
    expect((await latest('electrical.generators.ge2.realPower'))?.value).toBeCloseTo(398_250, 6);
    // Signed and encrypted: the client presented its own certificate, which the server now trusts.
    const trusted = path.join(dir, 'server-pki', 'trusted', 'certs');
    const clientCerts = existsSync(trusted) ? readdirSync(trusted) : [];
    expect(clientCerts.length > 0).toBe(securityMode !== 'None');
  }, 90_000);

  it("samples each item at its own interval, not the map's smallest", () => {
    const intervals = new Map<string, number>();
    for (const session of server.engine.getSessions()) {
      for (const subscription of session.publishEngine.subscriptions) {
        for (const id of subscription.getMonitoredItems().serverHandles) {
          const item = subscription.getMonitoredItem(id);
          if (item) intervals.set(String(item.itemToMonitor.nodeId), item.samplingInterval);
        }
      }
    }
    // The example map: ME.Speed at 500 ms, the others at 1,000 ms.
    expect(intervals.get('ns=1;s=ME.Speed')).toBe(500);
    expect(intervals.get('ns=1;s=ME.Load')).toBe(1000);
    expect(intervals.get('ns=1;s=GE2.Power')).toBe(1000);
  });

  it('recovers the subscription after the server restarts', async () => {
    await server.shutdown(0);
    await waitFor(() => adapter.status().state === 'reconnecting', 20_000, 'the client to notice');
    ams.speed = 70.5;
    server = await startServer(port, path.join(dir, 'server-pki'));
    const back = Date.now();
    await waitFor(() => adapter.status().state === 'connected', 60_000, 'the client to reconnect');
    await waitFor(
      async () => (await latest('propulsion.main.revolutions'))?.value === 70.5 / 60,
      15_000,
      '70.5 rpm',
    );
    // Data again within 12 s of the server's return (the backoff is capped at 10 s).
    expect(Date.now() - back).toBeLessThanOrEqual(12_000);
  }, 120_000);
});

describe('OPC UA node map', () => {
  it('reads the example map', () => {
    expect(
      parseNodeMap(
        'node_id,sampling_ms,scale,offset,unit,channel\nns=1;s=ME.Speed,500,1,0,rpm,propulsion.main.revolutions',
      ),
    ).toMatchObject([{ nodeId: 'ns=1;s=ME.Speed', samplingMs: 500, channel: 'propulsion.main.revolutions' }]);
  });

  it.each([
    [
      'node_id,sampling_ms,unit,channel\nME.Speed,500,rpm,propulsion.main.revolutions',
      /line 2: node_id 'ME.Speed' is not an OPC UA node id/,
    ],
    [
      'node_id,sampling_ms,unit,channel\nns=1;s=X,500,rpm,propulsion.main.revolutions\nns=1;s=Y,fast,rpm,propulsion.main.revolutions',
      /line 3: sampling_ms 'fast'/,
    ],
    [
      'node_id,sampling_ms,unit,channel\nns=1;s=X,500,furlongs,propulsion.main.revolutions',
      /line 2: unknown unit 'furlongs'/,
    ],
  ])('refuses a wrong map naming the line (%#)', (text, message) => {
    expect(() => parseNodeMap(text)).toThrow(MapFileError);
    expect(() => parseNodeMap(text)).toThrow(message);
  });
});
