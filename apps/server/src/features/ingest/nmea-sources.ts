import dgram from 'node:dgram';
import { createReadStream, statSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { type Adapter, Backoff, Connection, reasonOf } from './connection.ts';
import { NmeaDecoder, type NmeaResult } from './nmea0183.ts';
import { type IngestPipeline, SampleBatcher } from './pipeline.ts';
import type { Sample } from './types.ts';

/** A line protocol's decoder (NMEA 0183, NMEA 2000 in canboat's text formats). */
export interface LineDecoder {
  decode(line: string): NmeaResult;
  /** Samples held back waiting for more lines (a fix without its time yet); flushed at the end. */
  drain(): Sample[];
}

/** Which decoder a line source uses; its clock is the data's own time (replay) or the receive time (live). */
export type DecoderFactory = (clock: 'data' | 'receive') => LineDecoder;

const nmea0183: DecoderFactory = (clock) => new NmeaDecoder({ clock });

/** Feeds the lines of one source through a decoder into the pipeline in batches. */
export class LineFeed {
  readonly decoder: LineDecoder;
  readonly batcher: SampleBatcher;
  readonly #pipeline: IngestPipeline;
  readonly #source: string;
  #partial = '';

  constructor(
    pipeline: IngestPipeline,
    source: string,
    clock: 'data' | 'receive',
    batchSize = 2000,
    decoder: DecoderFactory = nmea0183,
  ) {
    this.#pipeline = pipeline;
    this.#source = source;
    this.decoder = decoder(clock);
    // The data's own clock is a replayed log: history, older than the raw window is fine.
    const options = { history: clock === 'data' };
    this.batcher = new SampleBatcher((s) => pipeline.writeQuietly(source, s, options), {
      maxSize: batchSize,
    });
  }

  line(line: string): void {
    try {
      const r = this.decoder.decode(line);
      if (r.kind === 'samples') this.batcher.push(r.samples);
      else if (r.kind === 'reject') this.#pipeline.reject(this.#source, r.reason, r.detail);
    } catch (error) {
      this.#pipeline.reject(this.#source, 'malformed', `${line} (${(error as Error).message})`);
    }
  }

  /** A chunk of a byte stream (TCP): lines may be split across chunks. */
  chunk(text: string): void {
    const lines = (this.#partial + text).split(/\r?\n/);
    this.#partial = lines.pop() ?? '';
    if (this.#partial.length > 4096) {
      this.#pipeline.reject(this.#source, 'malformed', this.#partial.slice(0, 80));
      this.#partial = '';
    }
    for (const l of lines) this.line(l);
  }

  async end(): Promise<void> {
    if (this.#partial) this.line(this.#partial);
    this.#partial = '';
    this.batcher.push(this.decoder.drain());
    await this.batcher.flush();
  }
}

/** Listens for NMEA 0183 datagrams (one or more sentences each) on a UDP port. */
export async function startNmeaUdp(
  pipeline: IngestPipeline,
  port: number,
  host = '0.0.0.0',
): Promise<Adapter> {
  const source = `nmea0183.udp:${port}`;
  const feed = new LineFeed(pipeline, source, 'receive');
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  socket.on('message', (msg) => {
    for (const line of msg.toString('latin1').split(/\r?\n/)) if (line) feed.line(line);
  });
  socket.on('error', (error) => pipeline.reject(source, 'malformed', `socket: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const listening = new Connection('listening');
  return {
    name: source,
    status: () => listening.get(),
    stop: async () => {
      await new Promise<void>((r) => socket.close(() => r()));
      await feed.end();
    },
  };
}

/** Accepts TCP connections from NMEA multiplexers that push sentences (`listen` mode). */
export async function startNmeaTcpServer(
  pipeline: IngestPipeline,
  port: number,
  host = '0.0.0.0',
): Promise<Adapter> {
  const source = `nmea0183.tcp:${port}`;
  const feeds = new Set<LineFeed>();
  const server = net.createServer((socket) => {
    const feed = new LineFeed(pipeline, source, 'receive');
    feeds.add(feed);
    socket.setEncoding('latin1');
    socket.on('data', (d) => feed.chunk(String(d)));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      feeds.delete(feed);
      void feed.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const listening = new Connection('listening');
  return {
    name: source,
    status: () => listening.get(),
    stop: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await Promise.all([...feeds].map((f) => f.end()));
    },
  };
}

/**
 * Connects to an NMEA server (a multiplexer or gateway at `host:port`) and reads its sentences;
 * reconnects with a growing delay (from `retryMs`, at most 30 s) after the connection drops,
 * forever, until stopped.
 */
export function startNmeaTcpClient(
  pipeline: IngestPipeline,
  host: string,
  port: number,
  retryMs = 1000,
  protocol: { name: string; decoder: DecoderFactory } = { name: 'nmea0183', decoder: nmea0183 },
): Adapter {
  const source = `${protocol.name}.tcp:${host}:${port}`;
  const connection = new Connection('connecting');
  const backoff = new Backoff(retryMs);
  let stopped = false;
  let socket: net.Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let feed = new LineFeed(pipeline, source, 'receive', 2000, protocol.decoder);
  const connect = () => {
    if (stopped) return;
    feed = new LineFeed(pipeline, source, 'receive', 2000, protocol.decoder);
    const current = feed;
    let lastError = 'connection closed';
    socket = net.connect({ host, port });
    socket.setEncoding('latin1');
    let answered = false;
    socket.on('connect', () => connection.set('connected'));
    socket.on('data', (d) => {
      // The backoff resets only after data: a multiplexer that accepts and closes at once is retried slower.
      if (!answered) {
        answered = true;
        backoff.reset();
      }
      current.chunk(String(d));
    });
    socket.on('error', (error) => {
      lastError = reasonOf(error);
    });
    socket.on('close', () => {
      void current.end();
      if (stopped) return;
      connection.set('reconnecting', lastError);
      timer = setTimeout(connect, backoff.next());
    });
  };
  connect();
  return {
    name: source,
    status: () => connection.get(),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.destroy();
      await feed.end();
    },
  };
}

export interface ReplayProgress {
  bytes: number;
  totalBytes: number;
  lines: number;
}

/**
 * Replays a log file of a line protocol (NMEA 0183 by default, or NMEA 2000 in canboat's text formats)
 * through the validated path, stamping samples with the file's own time. Resolves when every sample is stored.
 */
export async function replayLogFile(
  pipeline: IngestPipeline,
  file: string,
  options: { source?: string; onProgress?: (p: ReplayProgress) => void; decoder?: DecoderFactory } = {},
): Promise<ReplayProgress> {
  const source = options.source ?? 'nmea0183.replay';
  const feed = new LineFeed(pipeline, source, 'data', 5000, options.decoder);
  const totalBytes = statSync(file).size;
  const progress: ReplayProgress = { bytes: 0, totalBytes, lines: 0 };
  const stream = createReadStream(file, { encoding: 'latin1' });
  const rl = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let lastReport = 0;
  for await (const line of rl) {
    progress.lines += 1;
    progress.bytes += line.length + 1;
    feed.line(line);
    if (options.onProgress && progress.lines - lastReport >= 2000) {
      lastReport = progress.lines;
      options.onProgress({ ...progress, bytes: Math.min(progress.bytes, totalBytes) });
    }
  }
  await feed.end();
  progress.bytes = totalBytes;
  options.onProgress?.({ ...progress });
  return progress;
}
