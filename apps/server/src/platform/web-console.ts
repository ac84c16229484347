import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build files never change under their name: a browser keeps them a year and does not ask again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web console from `webDist`: brotli or gzip copies made at build time (scripts/precompress.mjs) to
 * browsers that accept them, the hashed `/assets/` files cacheable for good, and `index.html` (which names them) checked
 * on every load. The console is a single-page app: every non-API path answers with index.html.
 */
export async function registerWebConsole(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', /[/\\]assets[/\\]/.test(file) ? IMMUTABLE : 'no-cache');
    },
  });
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({
        error: { code: 'not_found', message: `No route GET ${request.url}`, requestId: String(request.id) },
      });
    }
    return reply.sendFile('index.html');
  });
}
