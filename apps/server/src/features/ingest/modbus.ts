import modbusSerial from 'modbus-serial';
import type { ModbusRTU } from 'modbus-serial/ModbusRTU.d.ts';

// The package's CommonJS export is the client class itself; its type declarations describe it as a namespace.
const ModbusClient = modbusSerial as unknown as new () => ModbusRTU;

import { type Adapter, Redial, reasonOf } from './connection.ts';
import type { IngestPipeline } from './pipeline.ts';
import {
  decodeRegisters,
  parseRegisterMap,
  planBlocks,
  pointValue,
  type RegisterBlock,
  type RegisterPoint,
  readMapFile,
  registerCount,
} from './register-map.ts';
import type { Sample } from './types.ts';

export interface ModbusOptions {
  /** `tcp://host:502` or `host:502` */
  url: string;
  /** The register map's text (already read) or its file path. */
  map: { text: string; file: string } | string;
  /** Answer timeout per read (default 1000 ms). */
  timeoutMs?: number;
  /** First reconnect delay (default 1 s); doubles up to `retryMaxMs` (default 10 s). */
  retryMs?: number;
  retryMaxMs?: number;
}

interface Poller {
  blocks: RegisterBlock[];
  intervalMs: number;
  timer?: NodeJS.Timeout;
}

/** Parses `tcp://host:port` / `host:port` (default port 502). */
export function modbusAddress(url: string): { host: string; port: number } {
  const u = new URL(url.includes('://') ? url : `tcp://${url}`);
  return { host: u.hostname, port: u.port ? Number(u.port) : 502 };
}

/** One complete poll of blocks: the samples read, and the points that failed with why. */
export async function readBlocks(
  client: ModbusRTU,
  blocks: RegisterBlock[],
  now: () => number,
): Promise<{ samples: Sample[]; failed: { point: RegisterPoint; reason: string }[]; lost?: Error }> {
  const samples: Sample[] = [];
  const failed: { point: RegisterPoint; reason: string }[] = [];
  // One time for the whole poll, so values read together (a position's two coordinates) share it.
  const t = now();
  const read = (unitId: number, table: string, start: number, count: number) => {
    client.setID(unitId);
    return table === 'input'
      ? client.readInputRegisters(start, count)
      : client.readHoldingRegisters(start, count);
  };
  for (const block of blocks) {
    try {
      const { data } = await read(block.unitId, block.table, block.start, block.count);
      for (const p of block.points) {
        const at = p.address - block.start;
        samples.push({
          channel: p.channel,
          t,
          value: pointValue(p, decodeRegisters(p, data.slice(at, at + 2))),
        });
      }
    } catch (error) {
      if ((error as { modbusCode?: number }).modbusCode === undefined)
        return { samples, failed, lost: error as Error };
      // The device refused the block (an unmapped address inside it): read its points one by one so
      // one bad register does not silence its neighbours.
      for (const p of block.points) {
        try {
          const { data } = await read(p.unitId, p.table, p.address, registerCount(p));
          samples.push({ channel: p.channel, t, value: pointValue(p, decodeRegisters(p, data)) });
        } catch (inner) {
          if ((inner as { modbusCode?: number }).modbusCode === undefined) {
            return { samples, failed, lost: inner as Error };
          }
          failed.push({ point: p, reason: reasonOf(inner) });
        }
      }
    }
  }
  return { samples, failed };
}

/**
 * Polls a Modbus TCP device (an alarm and monitoring system's gateway) with a register map: each group
 * on its own interval, registers gathered into as few reads as possible. A refused register is counted
 * and the others go on; a lost connection or an unanswered read (a silent device) is re-opened with backoff,
 * which resets only once a read is answered; the map is checked at start and a wrong one refuses to start
 * with the line that is wrong.
 */
export function startModbus(pipeline: IngestPipeline, options: ModbusOptions): Adapter {
  const map = typeof options.map === 'string' ? readMapFile(options.map) : options.map;
  const points = parseRegisterMap(map.text, map.file);
  const { host, port } = modbusAddress(options.url);
  const source = `modbus:${host}:${port}`;
  const redial = new Redial(options);
  const groups = new Map<string, RegisterPoint[]>();
  for (const p of points) {
    const key = `${p.group}/${p.intervalMs}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const pollers: Poller[] = [...groups.values()].map((g) => ({
    blocks: planBlocks(g),
    intervalMs: g[0]!.intervalMs,
  }));
  let client: ModbusRTU | undefined;
  // Reads go one at a time over the one connection.
  let queue: Promise<unknown> = Promise.resolve();

  const lose = (reason: string) => {
    if (redial.stopped || !client) return;
    const old = client;
    client = undefined;
    for (const p of pollers) clearTimeout(p.timer);
    try {
      old.close(() => undefined);
    } catch {
      // already closed
    }
    redial.retry(reason);
  };

  const poll = (poller: Poller) => {
    if (redial.stopped || !client) return;
    const c = client;
    const started = Date.now();
    queue = queue.then(async () => {
      if (client !== c) return;
      const result = await readBlocks(c, poller.blocks, Date.now);
      if (result.samples.length > 0) void pipeline.writeQuietly(source, result.samples);
      for (const f of result.failed) {
        pipeline.reject(
          source,
          'malformed',
          `line ${f.point.line} register ${f.point.address} (${f.point.channel}): ${f.reason}`,
        );
      }
      if (result.lost) {
        lose(reasonOf(result.lost));
        return;
      }
      // The peer answered (values, or exceptions for single registers): only now is the link good. A TCP
      // connect alone proves nothing: a hung device's network stack still accepts connections.
      if (client === c && !redial.stopped) {
        redial.backoff.reset();
        redial.connection.set('connected');
      }
      if (client === c && !redial.stopped) {
        poller.timer = setTimeout(
          () => poll(poller),
          Math.max(0, poller.intervalMs - (Date.now() - started)),
        );
      }
    });
  };

  const connect = async () => {
    if (redial.stopped) return;
    const c = new ModbusClient();
    try {
      await c.connectTCP(host, { port });
      c.setTimeout(options.timeoutMs ?? 1000);
    } catch (error) {
      redial.retry(reasonOf(error));
      return;
    }
    if (redial.stopped) {
      c.close(() => undefined);
      return;
    }
    client = c;
    // Still `connecting`/`reconnecting` (with the last reason) until the first read is answered.
    for (const p of pollers) poll(p);
  };

  return redial.start(source, connect, async () => {
    for (const p of pollers) clearTimeout(p.timer);
    await queue.catch(() => undefined);
    const c = client;
    client = undefined;
    if (c) await new Promise<void>((r) => c.close(() => r()));
  });
}
