import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How many API reads are answered at once; the others wait their turn, first come first served. */
export const READ_SLOTS = 8;

/** Reads that never end on their own (the live stream, the Signal K socket): never held back, never counted. */
const ENDLESS = /^\/api\/v1\/(telemetry\/live|ingest\/signalk\/stream)(\?|$)/;

/**
 * Holds the API's reads to `slots` at a time. The server answers on one thread, and SQLite's reads run on it: fifty
 * analyses started together finish no sooner than fifty one after the other, but each holds its working set (a year of
 * rows, the arrays of a chart) until it is done, so fifty at once held ~50 MB more than eight (docs/decisions.md,
 * "Server memory"). A read waits for a slot before anything else of it runs; its slot is handed on when its answer is
 * sent or its client goes away. Writes and the endless reads are never held.
 */
export function registerReadGate(app: FastifyInstance, slots = READ_SLOTS): { queued: () => number } {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/api/v1/') || ENDLESS.test(request.url)) return;
    if (busy < slots) busy++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    if (reply.raw.writableFinished || reply.raw.destroyed) release();
    else reply.raw.once('close', release);
  });
  return { queued: () => waiting.length };
}
