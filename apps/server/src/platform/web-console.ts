import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build files never change under their name: a browser keeps them a year and does not ask again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files beside index.html that are asked for by name (the build id the console polls to offer a reload). */
const ROOT_FILES = new Set(['/version.json']);
/** A build file's name: the build writes them flat into `assets/`. */
const ASSET_NAME = /^[\w.-]+$/;

/** The media types of the build's files, by extension. */
const ASSET_TYPE: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
  txt: 'text/plain; charset=utf-8',
};

type Encoding = 'br' | 'gzip' | 'identity';
/** The copy of a file each encoding is sent from (scripts/precompress.mjs writes `.br` and `.gz` beside the file). */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

/** The encodings a request's `accept-encoding` takes, best first (a `q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const taken = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) taken.add(name);
  }
  return [...(['br', 'gzip'] as const).filter((e) => taken.has(e) || taken.has('*')), 'identity'];
}

/**
 * The build's files as the server sends them: each copy read from disk once, when first asked for, and kept (a build is
 * ~1.1 MB of brotli copies; a name is never reused for other content, the hash is in it). Sending a kept buffer costs
 * the server's one thread a fraction of a millisecond where opening, checking and streaming the file took 3–7 ms, and
 * the first route asks for some forty of them at once (docs/decisions.md, "First route's draw"). A file that is not
 * there is looked for again on the next request (a console built again under the running server); a copy that is not
 * there stays so (precompress.mjs leaves small files without one).
 */
function assetStore(assetsDir: string) {
  const kept = new Map<string, Promise<Buffer | undefined>>();
  return (name: string, encoding: Encoding): Promise<Buffer | undefined> => {
    const key = `${name}${SUFFIX[encoding]}`;
    let copy = kept.get(key);
    if (!copy) {
      copy = readFile(path.join(assetsDir, key)).catch(() => {
        // No compressed copy stays none (the file is sent as it is); a file not there may come with a new build.
        if (encoding === 'identity') kept.delete(key);
        return undefined;
      });
      kept.set(key, copy);
    }
    return copy;
  };
}

/**
 * Serves the built web console from `webDist`: the hashed `/assets/` files from memory (`assetStore`), as the brotli or
 * gzip copy made at build time (scripts/precompress.mjs) to browsers that accept them, cacheable for good; `index.html`
 * (which names them) read from disk and checked on every load. The console is a single-page app: every other non-API
 * path answers with index.html.
 *
 * Files are looked up when first asked for, not listed at start: a console built again under a running server (an
 * update the console offers to reload into) is served at once, and an asset that is not there answers 404, not the page.
 */
export async function registerWebConsole(app: FastifyInstance, webDist: string): Promise<void> {
  // index.html and the root files go out through the plugin's `sendFile`; it serves no route of its own.
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    preCompressed: true,
    cacheControl: false,
  });
  const asset = assetStore(path.join(webDist, 'assets'));

  app.get('/assets/*', async (request, reply: FastifyReply) => {
    const name = (request.params as { '*': string })['*'];
    const type = ASSET_TYPE[name.slice(name.lastIndexOf('.') + 1)];
    if (ASSET_NAME.test(name) && type) {
      const accepted = acceptedEncodings(request.headers['accept-encoding']);
      for (const encoding of accepted) {
        const body = await asset(name, encoding);
        if (!body) continue;
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply
          .header('content-type', type)
          .header('cache-control', IMMUTABLE)
          .header('vary', 'accept-encoding')
          .send(body);
      }
    }
    return reply.status(404).send({
      error: { code: 'not_found', message: `No file ${request.url}`, requestId: String(request.id) },
    });
  });

  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({
        error: { code: 'not_found', message: `No route GET ${request.url}`, requestId: String(request.id) },
      });
    }
    const file = request.url.split('?')[0] ?? '';
    const name = ROOT_FILES.has(file) && existsSync(path.join(webDist, file)) ? file.slice(1) : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(name, webDist);
  });
}
