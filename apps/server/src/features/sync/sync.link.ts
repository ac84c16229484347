import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  connect,
  credsAuthenticator,
  headers,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import type { SyncConfig } from '../../platform/config.ts';
import type { SyncMessage } from './sync.sources.ts';

/**
 * Connects to the configured NATS servers, trying again every `reconnectMs` until it succeeds or `running()` turns
 * false (then undefined); once connected the client reconnects by itself for ever (a ship is offline for days).
 * Each new reason of failure goes to `failed` once.
 */
export async function connectUntil(
  config: SyncConfig,
  name: string,
  running: () => boolean,
  failed: (error: Error) => void,
): Promise<NatsConnection | undefined> {
  let last = '';
  while (running()) {
    try {
      return await connectNats(config, name);
    } catch (error) {
      if ((error as Error).message !== last) failed(error as Error);
      last = (error as Error).message;
      await new Promise((r) => setTimeout(r, config.reconnectMs));
    }
  }
  return undefined;
}

function connectNats(config: SyncConfig, name: string): Promise<NatsConnection> {
  const tls =
    config.tlsCa || config.tlsCert
      ? {
          ...(config.tlsCa ? { caFile: config.tlsCa } : {}),
          ...(config.tlsCert ? { certFile: config.tlsCert } : {}),
          ...(config.tlsKey ? { keyFile: config.tlsKey } : {}),
        }
      : undefined;
  return connect({
    servers: config.natsUrl.split(',').map((s) => s.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: config.reconnectMs,
    // Satellite links are slow: a ping a minute, given up after three missed.
    pingInterval: 60_000,
    ...(config.user ? { user: config.user, pass: config.password ?? '' } : {}),
    ...(config.token ? { token: config.token } : {}),
    ...(config.credsFile ? { authenticator: credsAuthenticator(readFileSync(config.credsFile)) } : {}),
    ...(tls ? { tls } : {}),
  });
}

/** Messages travel as raw-deflated JSON, marked so that a reader knows. */
export function encode(message: SyncMessage): { data: Uint8Array; headers: MsgHdrs } {
  const h = headers();
  h.set('Content-Encoding', 'deflate');
  return { data: deflateRawSync(JSON.stringify(message)), headers: h };
}

export function decode(data: Uint8Array, h: MsgHdrs | undefined): SyncMessage {
  const text =
    h?.get('Content-Encoding') === 'deflate'
      ? inflateRawSync(data).toString('utf8')
      : Buffer.from(data).toString();
  return JSON.parse(text) as SyncMessage;
}

/**
 * A token bucket in bytes: `take(n)` resolves once `n` bytes may go out under the cap. The bucket holds one
 * second's worth, so a quiet link may burst that much and no more.
 */
export class TokenBucket {
  readonly #bytesPerS: number;
  readonly #now: () => number;
  #tokens: number;
  #at: number;

  constructor(kbits: number, now: () => number = Date.now) {
    this.#bytesPerS = Math.max(1, (kbits * 1000) / 8);
    this.#now = now;
    this.#tokens = this.#bytesPerS;
    this.#at = now();
  }

  /** How long (ms) a take of `bytes` would wait now; a message larger than the bucket waits for a full one. */
  waitMs(bytes: number): number {
    this.#refill();
    const need = Math.min(bytes, this.#bytesPerS);
    return this.#tokens >= need ? 0 : ((need - this.#tokens) / this.#bytesPerS) * 1000;
  }

  async take(bytes: number, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
    for (let wait = this.waitMs(bytes); wait > 0; wait = this.waitMs(bytes)) await sleep(Math.ceil(wait));
    // May go below zero for a large message: the next ones wait until it has been paid for.
    this.#tokens -= bytes;
  }

  #refill() {
    const now = this.#now();
    this.#tokens = Math.min(this.#bytesPerS, this.#tokens + ((now - this.#at) / 1000) * this.#bytesPerS);
    this.#at = now;
  }
}
