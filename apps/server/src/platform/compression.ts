import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers over 1 KB go compressed to clients that take it (a console behind a satellite link): JSON and CSV shrink
 * five- to tenfold. Brotli at quality 4 costs about what gzip does per answer. Live streams write to the socket
 * themselves and are not touched; the web console's files carry their own build-time copies (web-console.ts), which
 * are sent as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
