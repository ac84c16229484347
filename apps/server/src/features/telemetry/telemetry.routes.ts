import {
  telemetryChannelsResponseSchema,
  telemetryLatestQuerySchema,
  telemetryLatestResponseSchema,
  telemetryLiveQuerySchema,
  telemetryTrendQuerySchema,
  telemetryTrendResponseSchema,
} from '@ecohelm/contracts';
import { type ChannelDef, channelById, channelCatalogue, displayUnitOf, toDisplay } from '@ecohelm/domain';
import type { AppInstance } from '../../platform/app-instance.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import { mediaBody, op } from '../../platform/operation.ts';
import { TelemetryService } from './telemetry.service.ts';

const limitsToDisplay = (def: ChannelDef) =>
  Object.fromEntries(Object.entries(def.limits).map(([k, v]) => [k, toDisplay(def, v as number)]));

function knownChannels(ids: readonly string[], field: string): ChannelDef[] {
  const unknown = ids.filter((id) => !channelById(id));
  if (unknown.length > 0) {
    throw validationFailed(
      'Unknown channel.',
      unknown.map((id) => ({ path: `querystring.${field}`, message: `unknown channel ${id}` })),
    );
  }
  return ids.map((id) => channelById(id)!);
}

/** Channels, latest values, downsampled trends and the 1 Hz live stream. */
export async function telemetryRoutes(app: AppInstance, telemetry: TelemetryService): Promise<void> {
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/api/v1/telemetry/channels',
    op('dashboard:read', 'telemetry.listChannels', 'List the telemetry channels with units and ranges', {
      200: telemetryChannelsResponseSchema,
    }),
    () => ({
      channels: channelCatalogue.map((def) => ({
        id: def.id,
        equipment: def.equipment,
        label: def.label,
        unit: displayUnitOf(def),
        siUnit: def.unit,
        range: [toDisplay(def, def.range[0]), toDisplay(def, def.range[1])] as [number, number],
        limits: limitsToDisplay(def),
      })),
    }),
  );

  app.get(
    '/api/v1/telemetry/latest',
    op('dashboard:read', 'telemetry.getLatest', 'Read the latest value of each channel', {
      query: telemetryLatestQuerySchema,
      200: telemetryLatestResponseSchema,
    }),
    async (request) => ({
      values: await telemetry.latestForDisplay(knownChannels(request.query.channels, 'channels')),
    }),
  );

  app.get(
    '/api/v1/telemetry/trend',
    op('dashboard:read', 'telemetry.getTrend', "Read a channel's trend over a time range", {
      query: telemetryTrendQuerySchema,
      200: telemetryTrendResponseSchema,
    }),
    async (request) => {
      const { channel, from, to, points } = request.query;
      if (!channelById(channel)) throw notFound(`Unknown channel ${channel}.`);
      const trend = TelemetryService.trendToDisplay(
        await telemetry.trend(channel, Date.parse(from), Date.parse(to), points),
      );
      return {
        channel,
        unit: displayUnitOf(trend.channel),
        from: new Date(trend.fromMs).toISOString(),
        to: new Date(trend.toMs).toISOString(),
        bucketSeconds: trend.bucketMs / 1000,
        source: trend.source,
        points: trend.points.map((p) => ({ ...p, t: new Date(p.t).toISOString() })),
      };
    },
  );

  app.get(
    '/api/v1/telemetry/live',
    op('dashboard:read', 'telemetry.streamLive', 'Stream live samples (server-sent events)', {
      query: telemetryLiveQuerySchema,
      200: mediaBody('text/event-stream'),
    }),
    async (request, reply) => {
      const defs = knownChannels(request.query.channels, 'channels');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // Reconnect quickly after a server restart.
      res.write('retry: 2000\n\n');
      const send = async () => {
        const values = await telemetry.latestForDisplay(defs);
        res.write(
          `event: values\ndata: ${JSON.stringify({ serverTime: new Date().toISOString(), values })}\n\n`,
        );
      };
      await send();
      const timer = setInterval(() => void send().catch(() => undefined), 1000);
      const end = () => {
        clearInterval(timer);
        streams.delete(end);
        if (!res.writableEnded) res.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
}
