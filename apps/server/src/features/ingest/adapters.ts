import path from 'node:path';
import type { AppConfig } from '../../platform/config.ts';
import { type Adapter, Connection, type ConnectionStatus, reasonOf } from './connection.ts';
import type { IngestPipeline } from './pipeline.ts';

/** The running ingest adapters, for the status endpoint and shutdown. */
export class AdapterRegistry {
  readonly #adapters: Adapter[] = [];

  add(adapter: Adapter): void {
    this.#adapters.push(adapter);
  }

  names(): string[] {
    return this.#adapters.map((a) => a.name);
  }

  /** Each adapter's link state, for the Data sources dialog. */
  statuses(): ({ name: string } & ConnectionStatus)[] {
    return this.#adapters.map((a) => ({ name: a.name, ...a.status() }));
  }

  /** Stops every adapter, flushing what they buffered. */
  async stopAll(): Promise<void> {
    const all = this.#adapters.splice(0);
    await Promise.allSettled(all.map((a) => a.stop()));
  }
}

/**
 * Starts the adapters the configuration names (NMEA 0183 UDP/TCP, MQTT, Signal K client, Modbus TCP,
 * OPC UA, NMEA 2000 gateways). A port that cannot be opened is logged and skipped: the console keeps
 * running without that feed. A register or node map that is wrong is refused with its line, also logged.
 * Either way the adapter is listed in state `error` with that reason, so the Data sources dialog shows it.
 * Each adapter's module (and its protocol library: canboat's PGN tables alone are ~50 MB resident) is loaded
 * only when the configuration names it.
 */
export async function startConfiguredAdapters(
  config: AppConfig,
  pipeline: IngestPipeline,
  registry: AdapterRegistry,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<void> {
  const tryStart = async (what: string, start: () => Promise<Adapter> | Adapter) => {
    try {
      const adapter = await start();
      registry.add(adapter);
      log.info({ adapter: adapter.name }, `ingest adapter started: ${what}`);
    } catch (error) {
      log.error({ err: error, adapter: what }, `ingest adapter could not start: ${what}`);
      // Shown in the Data sources dialog as it is in the log: the crew sees why a feed is missing.
      registry.add(failedAdapter(what, reasonOf(error)));
    }
  };
  const ing = config.ingest;
  const nmea = () => import('./nmea-sources.ts');
  if (ing.nmeaUdpPort) {
    await tryStart('NMEA 0183 UDP', async () => (await nmea()).startNmeaUdp(pipeline, ing.nmeaUdpPort!));
  }
  if (ing.nmeaTcpListenPort) {
    await tryStart('NMEA 0183 TCP listener', async () =>
      (await nmea()).startNmeaTcpServer(pipeline, ing.nmeaTcpListenPort!),
    );
  }
  for (const target of ing.nmeaTcp) {
    const { host, port } = hostPort(target);
    await tryStart(`NMEA 0183 TCP client ${target}`, async () =>
      (await nmea()).startNmeaTcpClient(pipeline, host, port),
    );
  }
  for (const target of ing.n2kTcp) {
    const { host, port } = hostPort(target);
    await tryStart(`NMEA 2000 TCP client ${target}`, async () => {
      const { nmea2000With } = await import('./n2k.ts');
      return (await nmea()).startNmeaTcpClient(pipeline, host, port, 1000, nmea2000With(ing.n2kEngines));
    });
  }
  if (ing.mqttUrl) {
    const url = ing.mqttUrl;
    await tryStart(`MQTT ${url}`, async () =>
      (await import('./mqtt.ts')).startMqtt(pipeline, url, ing.mqttTopic),
    );
  }
  if (ing.signalk) {
    const sk = ing.signalk;
    await tryStart(`Signal K client ${sk.url}`, async () =>
      (await import('./signalk-client.ts')).startSignalKClient(pipeline, {
        ...sk,
        retryMaxMs: ing.retryMaxMs,
        engineInstances: ing.n2kEngines,
      }),
    );
  }
  for (const device of ing.modbus) {
    await tryStart(`Modbus TCP ${device.url}`, async () =>
      (await import('./modbus.ts')).startModbus(pipeline, {
        url: device.url,
        map: mapFile(config.dataDir, device.map, 'ECOHELM_MODBUS_MAP'),
        retryMaxMs: ing.retryMaxMs,
      }),
    );
  }
  for (const server of ing.opcua) {
    await tryStart(`OPC UA ${server.url}`, async () =>
      (await import('./opcua.ts')).startOpcUa(pipeline, {
        ...server,
        map: mapFile(config.dataDir, server.map, 'ECOHELM_OPCUA_MAP'),
        retryMaxMs: ing.retryMaxMs,
        pkiFolder: path.join(config.dataDir, 'pki'),
      }),
    );
  }
}

/** The map file of a device, or why there is none (an empty setting is not the data folder). */
function mapFile(dataDir: string, map: string, setting: string): string {
  if (!map.trim())
    throw new Error(`no map file is configured (${setting} or "map" in the configuration file)`);
  return path.resolve(dataDir, map);
}

/** An adapter that could not start: state `error` with the reason, for the Data sources dialog. */
function failedAdapter(what: string, reason: string): Adapter {
  const connection = new Connection('error');
  connection.set('error', reason);
  return { name: what, status: () => connection.get(), stop: async () => undefined };
}

const hostPort = (target: string) => ({
  host: target.slice(0, target.lastIndexOf(':')),
  port: Number(target.slice(target.lastIndexOf(':') + 1)),
});
