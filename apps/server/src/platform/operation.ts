import type { Permission } from '@ecohelm/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requirePermission } from './auth.ts';
import { type ExportFile, sendFile } from './send-file.ts';

/** A route's zod schemas: its query string, path parameters, body, and its answers by status code. */
interface Schemas {
  query?: unknown;
  params?: unknown;
  body?: unknown;
  [status: number]: unknown;
}

type Part<S, K extends string> = S extends Record<K, infer T> ? T : undefined;

/** The Fastify `schema` an operation declares: the document's words, and the schemas that type the handler. */
interface OperationSchema<S> {
  operationId: string;
  summary: string;
  tags: string[];
  querystring: Part<S, 'query'>;
  params: Part<S, 'params'>;
  body: Part<S, 'body'>;
  response: Omit<S, 'query' | 'params' | 'body'>;
}

/**
 * A route's options as one declaration: `app.get(url, op('dashboard:read', 'speed.getSlip', 'Read the propeller
 * slip', { query, 200: slip }), handler)`. It names the permission the caller needs (the `requirePermission` guard
 * the route walk checks; `null` on the few public routes) and the OpenAPI operation: its `operationId`
 * (`<feature>.<verb><Noun>`, whose feature, in kebab case, is the operation's tag) and `summary`, with the route's zod
 * schemas, which type the handler's `request` and what it answers. Only the schemas given are declared.
 */
export function op<S extends Schemas = Record<never, never>>(
  permission: Permission | null,
  operationId: string,
  summary: string,
  schemas?: S,
) {
  const { query, params, body, ...response } = schemas ?? {};
  const tag = operationId.slice(0, operationId.indexOf('.')).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const schema = {
    operationId,
    summary,
    tags: [tag],
    ...(query === undefined ? {} : { querystring: query }),
    ...(params === undefined ? {} : { params }),
    ...(body === undefined ? {} : { body }),
    ...(Object.keys(response).length === 0 ? {} : { response }),
  };
  const guard = permission === null ? {} : { preHandler: requirePermission(permission) };
  return { ...guard, schema: schema as OperationSchema<S> };
}

/**
 * The answer of an operation that succeeds without a body (`{ params, 204: noBody }`, with `noContent`): the document
 * then says 204 No Content, not the 200 a route without answers is given. Never serialised (a 204 has no payload).
 */
export const noBody = z.any();

/** The key under which `mediaBody` hands its media types to the document. */
export const MEDIA_TYPES_KEY = 'x-media-types';

/**
 * The answer of an operation that sends bytes, not JSON: a file (`{ query, 200: mediaBody(MEDIA_TYPE.pdf) }`, with
 * `fileAnswer`) or an event stream. The document lists its media types (`completeDocument` in openapi.ts). Never
 * serialised (a buffer, a string with its own content type or a stream is sent as it is).
 */
export const mediaBody = (...mediaTypes: [string, ...string[]]) =>
  z.any().meta({ type: 'string', format: 'binary', [MEDIA_TYPES_KEY]: mediaTypes });

/** A handler that answers `status` (201 Created, 202 Accepted) with what `handle` resolves to. */
export function answer<R, T>(status: 201 | 202, handle: (request: R) => T | Promise<T>) {
  return async (request: R, reply: FastifyReply) => reply.status(status).send(await handle(request));
}

/** A handler that answers 204 No Content once `handle` is done. */
export function noContent<R>(handle: (request: R) => Promise<unknown>) {
  return async (request: R, reply: FastifyReply) => {
    await handle(request);
    return reply.status(204).send();
  };
}

/** A handler that answers with the file `handle` makes: an export, saved under its name (see `sendFile`). */
export function fileAnswer<R>(handle: (request: R) => Promise<ExportFile>) {
  return async (request: R, reply: FastifyReply) => sendFile(reply, await handle(request));
}
