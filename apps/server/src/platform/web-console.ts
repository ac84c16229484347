import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build files never change under their name: a browser keeps them a year and does not ask again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files beside index.html that are asked for by name (the build id the console polls to offer a reload). */
const ROOT_FILES = new Set(['/version.json']);

/**
 * Serves the built web console from `webDist`: brotli or gzip copies made at build time (scripts/precompress.mjs) to
 * browsers that accept them, the hashed `/assets/` files cacheable for good, and `index.html` (which names them) checked
 * on every load. The console is a single-page app: every other non-API path answers with index.html.
 *
 * Files are looked up when asked for, not listed at start: a console built again under a running server (an update
 * the console offers to reload into) is served at once, and an asset that is not there answers 404, not the page.
 */
export async function registerWebConsole(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(webDist, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // index.html and the root files go out through the same plugin (`sendFile` below): only `/assets/` is for good.
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
    const file = request.url.split('?')[0] ?? '';
    const name = ROOT_FILES.has(file) && existsSync(path.join(webDist, file)) ? file.slice(1) : 'index.html';
    return reply.sendFile(name, webDist);
  });
}
