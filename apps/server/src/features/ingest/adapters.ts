import type { AppConfig } from '../../platform/config.ts';
import { startMqtt } from './mqtt.ts';
import { type Adapter, startNmeaTcpClient, startNmeaTcpServer, startNmeaUdp } from './nmea-sources.ts';
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

  /** Stops every adapter, flushing what they buffered. */
  async stopAll(): Promise<void> {
    const all = this.#adapters.splice(0);
    await Promise.allSettled(all.map((a) => a.stop()));
  }
}

/**
 * Starts the adapters the configuration names (NMEA 0183 UDP/TCP, MQTT). A port that cannot be
 * opened is logged and skipped: the console keeps running without that feed.
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
    }
  };
  const ing = config.ingest;
  if (ing.nmeaUdpPort) await tryStart('NMEA 0183 UDP', () => startNmeaUdp(pipeline, ing.nmeaUdpPort!));
  if (ing.nmeaTcpListenPort) {
    await tryStart('NMEA 0183 TCP listener', () => startNmeaTcpServer(pipeline, ing.nmeaTcpListenPort!));
  }
  for (const target of ing.nmeaTcp) {
    const [host, port] = [
      target.slice(0, target.lastIndexOf(':')),
      Number(target.slice(target.lastIndexOf(':') + 1)),
    ];
    await tryStart(`NMEA 0183 TCP client ${target}`, () => startNmeaTcpClient(pipeline, host, port));
  }
  if (ing.mqttUrl)
    await tryStart(`MQTT ${ing.mqttUrl}`, () => startMqtt(pipeline, ing.mqttUrl!, ing.mqttTopic));
}
