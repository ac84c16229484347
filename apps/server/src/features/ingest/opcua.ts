import path from 'node:path';
import { channelById } from '@ecohelm/domain';
import type { ClientSession, ClientSubscription, OPCUAClient } from 'node-opcua';
import { type Adapter, Redial, reasonOf } from './connection.ts';
import type { IngestPipeline } from './pipeline.ts';
import { MapFileError, mapRows, readMapFile } from './register-map.ts';
import { converterTo } from './source-units.ts';
import type { RejectReason, Sample } from './types.ts';

/** One OPC UA variable mapped to a channel. */
export interface NodePoint {
  line: number;
  nodeId: string;
  samplingMs: number;
  scale: number;
  offset: number;
  unit: string;
  channel: string;
  toSi: (v: number) => number;
}

/**
 * Reads an OPC UA node map (CSV with a header; `#` starts a comment):
 *
 *     node_id,sampling_ms,scale,offset,unit,channel
 *     ns=1;s=ME.Speed,1000,1,0,rpm,propulsion.main.revolutions
 *
 * value = raw × scale + offset in `unit`, converted to the channel's SI unit; a wrong line is refused
 * with its number.
 */
export function parseNodeMap(text: string, file = 'node map'): NodePoint[] {
  const rows = mapRows(text, file, ['node_id', 'sampling_ms', 'unit', 'channel'], 'nodes');
  return rows.map(({ record: r, info }) => {
    const fail = (what: string): never => {
      throw new MapFileError(`${file} line ${info.lines}: ${what}`);
    };
    if (!/^(ns=\d+;)?[isgb]=.+$/.test(r.node_id ?? ''))
      fail(`node_id '${r.node_id}' is not an OPC UA node id (ns=2;s=Name)`);
    const samplingMs = Number(r.sampling_ms);
    if (!Number.isInteger(samplingMs) || samplingMs < 0)
      fail(`sampling_ms '${r.sampling_ms}' is not a whole number of ms`);
    const number = (name: string, fallback: number) => {
      const v = r[name] ? Number(r[name]) : fallback;
      if (!Number.isFinite(v)) fail(`${name} '${r[name]}' is not a number`);
      return v;
    };
    const def = channelById(r.channel!) ?? fail(`channel '${r.channel}' is not in the channel catalogue`);
    const conv = converterTo(r.unit!, def.unit);
    if ('error' in conv) fail(`${conv.error} (channel ${def.id} is in ${def.unit})`);
    return {
      line: info.lines,
      nodeId: r.node_id!,
      samplingMs,
      scale: number('scale', 1),
      offset: number('offset', 0),
      unit: r.unit!,
      channel: def.id,
      toSi: (conv as { toSi: (v: number) => number }).toSi,
    };
  });
}

export interface OpcUaOptions {
  url: string;
  map: { text: string; file: string } | string;
  securityMode?: 'None' | 'Sign' | 'SignAndEncrypt';
  securityPolicy?: string;
  user?: string;
  password?: string;
  /** Folder of the client's own certificate and the trusted/rejected server certificates. */
  pkiFolder: string;
  /** First reconnect delay (default 1 s); doubles up to `retryMaxMs` (default 10 s). */
  retryMs?: number;
  retryMaxMs?: number;
}

/** What one data change of a monitored item gives: a sample, or why it is counted and dropped. */
export function sampleOfDataValue(
  point: NodePoint,
  dataValue: {
    value?: { value?: unknown } | null;
    statusCode?: { isGood(): boolean; name?: string } | null;
    sourceTimestamp?: Date | null;
    serverTimestamp?: Date | null;
  },
  now: number,
): { sample: Sample } | { reason: RejectReason; detail: string } {
  const where = `line ${point.line} ${point.nodeId}`;
  if (!dataValue.statusCode?.isGood()) {
    return { reason: 'empty_value', detail: `${where}: ${dataValue.statusCode?.name ?? 'no status'}` };
  }
  const stamp = dataValue.sourceTimestamp ?? dataValue.serverTimestamp;
  const t = stamp instanceof Date ? stamp.getTime() : now;
  const raw = dataValue.value?.value as unknown;
  const value =
    typeof raw === 'number'
      ? point.toSi(raw * point.scale + point.offset)
      : typeof raw === 'bigint'
        ? point.toSi(Number(raw) * point.scale + point.offset)
        : raw;
  // A boolean, a string or an array is passed on as it is: the pipeline's gate counts its type.
  return {
    sample: { channel: point.channel, t: Number.isFinite(t) ? t : Number.NaN, value: value as number },
  };
}

/**
 * Subscribes to mapped OPC UA variables (monitored items at their sampling interval). The link is
 * ours to keep: when the server goes away the client, its session and subscription are dropped and
 * built again with backoff, so a restarted server (new session ids, no subscriptions) is picked up
 * without a restart of ours. With Sign or SignAndEncrypt the client presents its own certificate
 * (created on first use under `pkiFolder/own`) and accepts the server's on first contact.
 */
export function startOpcUa(pipeline: IngestPipeline, options: OpcUaOptions): Adapter {
  const map = typeof options.map === 'string' ? readMapFile(options.map) : options.map;
  const points = parseNodeMap(map.text, map.file);
  const source = `opcua:${options.url.replace(/^opc\.tcp:\/\//, '')}`;
  const redial = new Redial(options);
  let current:
    | { client: OPCUAClient; session?: ClientSession; subscription?: ClientSubscription }
    | undefined;
  let pending: Sample[] = [];
  let flushTimer: NodeJS.Timeout | undefined;

  const push = (sample: Sample) => {
    pending.push(sample);
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      const batch = pending;
      pending = [];
      void pipeline.writeQuietly(source, batch);
    }, 250);
  };

  const teardown = async () => {
    const c = current;
    current = undefined;
    if (!c) return;
    await c.subscription?.terminate().catch(() => undefined);
    await c.session?.close().catch(() => undefined);
    await c.client.disconnect().catch(() => undefined);
  };

  const retry = (reason: string) => redial.retry(reason);

  const connect = async () => {
    if (redial.stopped) return;
    const ua = await import('node-opcua');
    const securityMode = ua.MessageSecurityMode[options.securityMode ?? 'None'];
    const policyName =
      options.securityPolicy ??
      (options.securityMode && options.securityMode !== 'None' ? 'Basic256Sha256' : 'None');
    const securityPolicy = ua.SecurityPolicy[policyName as keyof typeof ua.SecurityPolicy];
    const certificateManager = new ua.OPCUACertificateManager({
      rootFolder: options.pkiFolder,
      automaticallyAcceptUnknownCertificate: true,
    });
    const client = ua.OPCUAClient.create({
      applicationName: 'Ecohelm',
      applicationUri: 'urn:ecohelm:opcua-client',
      endpointMustExist: false,
      securityMode,
      securityPolicy,
      clientCertificateManager: certificateManager,
      certificateFile: path.join(options.pkiFolder, 'own/certs/client_certificate.pem'),
      privateKeyFile: path.join(options.pkiFolder, 'own/private/private_key.pem'),
      keepSessionAlive: true,
      // One quick attempt: the backoff between attempts is ours (see `retry`).
      connectionStrategy: { maxRetry: 0, initialDelay: 500, maxDelay: 1000 },
    });
    current = { client };
    let lost = false;
    const onLost = (why: string) => {
      if (lost || redial.stopped) return;
      lost = true;
      void teardown().then(() => retry(why));
    };
    client.on('connection_lost', () => onLost('connection lost'));
    client.on('close', () => onLost('connection closed'));
    try {
      await client.connect(options.url);
      const identity = options.user
        ? { type: ua.UserTokenType.UserName, userName: options.user, password: options.password ?? '' }
        : undefined;
      const session = await client.createSession(identity as never);
      current.session = session;
      session.on('session_closed', () => onLost('session closed'));
      const subscription = await session.createSubscription2({
        requestedPublishingInterval: Math.max(100, Math.min(...points.map((p) => p.samplingMs || 1000))),
        requestedLifetimeCount: 120,
        requestedMaxKeepAliveCount: 10,
        maxNotificationsPerPublish: 10_000,
        publishingEnabled: true,
        priority: 10,
      });
      current.subscription = subscription;
      subscription.on('terminated', () => onLost('subscription terminated'));
      // Each sampling interval of the map its own group: an item of 5,000 ms is not sampled at 500.
      const byInterval = new Map<number, number[]>();
      points.forEach((p, i) => {
        byInterval.set(p.samplingMs, [...(byInterval.get(p.samplingMs) ?? []), i]);
      });
      for (const [samplingInterval, indexes] of byInterval) {
        const group = await subscription.monitorItems(
          indexes.map((i) => ({ nodeId: points[i]!.nodeId, attributeId: ua.AttributeIds.Value })),
          { samplingInterval, discardOldest: true, queueSize: 10 },
          ua.TimestampsToReturn.Both,
        );
        group.on('changed', (_item, dataValue, index) => {
          const p = points[indexes[index] ?? -1];
          if (!p) return;
          try {
            const r = sampleOfDataValue(p, dataValue, Date.now());
            if ('sample' in r) push(r.sample);
            else pipeline.reject(source, r.reason, r.detail);
          } catch (error) {
            pipeline.reject(source, 'malformed', `line ${p.line} ${p.nodeId}: ${reasonOf(error)}`);
          }
        });
      }
      redial.backoff.reset();
      redial.connection.set('connected');
    } catch (error) {
      if (!lost) {
        lost = true;
        await teardown();
        retry(reasonOf(error));
      }
    }
  };

  return redial.start(source, connect, async () => {
    await teardown();
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pending.length > 0) await pipeline.writeQuietly(source, pending);
    pending = [];
  });
}
