import { apiErrorSchema } from '@ecohelm/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from './app-instance.ts';
import { publicApi } from './auth.ts';
import { apiExamples } from './openapi-examples.ts';
import { MEDIA_TYPES_KEY } from './operation.ts';

/**
 * The API's OpenAPI document (`/api/docs/json`, browsable at `/api/docs`), generated from the routes' zod schemas. Each
 * route names its own `operationId` (`<feature>.<verb><Noun>`) and `summary`; what every operation shares is filled in
 * here, once: the one error body for its 4xx/5xx answers, `security: []` on the public routes, the feature tags'
 * descriptions, `servers`, the examples of the main reads (openapi-examples.ts), and the web console's catch-all left
 * out. A test lints the served document with Redocly's `recommended` rules (redocly.yaml) and generates a typed client.
 */
export async function registerApiDocs(app: AppInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ecohelm API',
        version: '1',
        description:
          'The HTTP API of an Ecohelm console (ship or shore): telemetry, records, regulatory reports, advice. ' +
          'Send `Authorization: Bearer <token>` (a device token from `session.loginDevice` or a user session from ' +
          '`users.loginUser`). Every failure answers with the one error body `ApiError`.',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      // Relative: the document describes the console that serves it, wherever it is installed.
      servers: [{ url: '/', description: 'The console serving this document' }],
      components: { securitySchemes: { dcToken: { type: 'http', scheme: 'bearer' } } },
      security: [{ dcToken: [] }],
    },
    transform: (input) => {
      // Only the API is documented: the web console's pages (its `/*` catch-all) and static files are not.
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      // The shore's console proxy's wildcard is a named path parameter in the document.
      return { ...out, url: out.url.replace(/\/\*$/, '/{path}') };
    },
    transformObject: (document) =>
      completeDocument(('openapiObject' in document ? document.openapiObject : {}) as OpenApiObject) as Json,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

/** The feature tags, described for the document's readers (a tag used but not listed here gets a plain sentence). */
const TAGS: Record<string, string> = {
  platform: 'Health and the console’s public configuration.',
  session: 'Device sign-in and session tokens.',
  users: 'Shore user accounts and their sessions.',
  ship: 'The ship’s particulars and start-of-period information.',
  filling: 'Noon, arrival, departure and bunkering entries filled in by the crew, with their checks.',
  cii: 'Carbon Intensity Indicator: the year’s figures, report and simulator.',
  voyages: 'Voyages and voyage events.',
  records: 'Bunker delivery, oil change and hull cleaning records.',
  audit: 'Who changed which record, when, before and after.',
  reports: 'Regulatory reports (IMO DCS, EU MRV, CII) and their export.',
  telemetry: 'Channels, latest values, trends and the live stream.',
  alarms: 'Active and past alarms, their limits and acknowledgement.',
  overview: 'The overview dashboard’s figures and settings.',
  monitoring: 'Engine and generator monitoring.',
  consumption: 'Fuel consumption by consumer and period.',
  params: 'Track and fuel parameters.',
  eca: 'Emission control areas and time spent in them.',
  'energy-report': 'The energy efficiency report.',
  fouling: 'Hull and propeller fouling estimate.',
  equipment: 'Equipment parameters and energy assessment.',
  trim: 'Trim optimisation.',
  speed: 'Speed advice, voyage plan and simulation.',
  weather: 'Imported GRIB weather forecasts.',
  load: 'Electrical load management.',
  backup: 'Backups of the store and restore.',
  ingest: 'Data sources: Signal K push, CSV import and their state.',
  sync: 'Ship-to-shore sync: state, reviews, dead letters.',
  fleet: 'The shore’s fleet view and each ship’s console read from the shore’s copy.',
};

const ERROR_ANSWERS: Record<string, string> = {
  '400': 'The request is not valid (`validation_failed`, `bad_json`); `details` names each field.',
  '401': 'No valid device token or user session (`unauthorized`).',
  '403': 'The token lacks the permission this operation needs (`forbidden`).',
  '404': 'Nothing with that id (`not_found`).',
  '500': 'The server failed (`internal`); the `requestId` finds it in the log.',
};

type Json = Record<string, unknown>;
interface OpenApiOperation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, Json>;
  security?: unknown[];
  tags?: string[];
}
interface OpenApiObject {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> } & Json;
  tags?: { name: string; description?: string }[];
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

function completeDocument(doc: OpenApiObject): OpenApiObject {
  const used = new Set<string>();
  const paths: NonNullable<OpenApiObject['paths']> = {};
  for (const [url, item] of Object.entries(doc.paths ?? {})) {
    const fixedUrl = url.replace('{*}', '{path}');
    paths[fixedUrl] = item;
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      for (const tag of op.tags ?? []) used.add(tag);
      for (const p of op.parameters ?? []) if (p.in === 'path' && p.name === '*') p.name = 'path';
      const isPublic = publicApi.has(url);
      if (isPublic) op.security = [];
      op.responses ??= {};
      const responses = op.responses;
      answersWithoutJson(responses);
      const hasInput =
        op.requestBody !== undefined ||
        (op.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path');
      const codes = [
        ...(hasInput ? ['400'] : []),
        ...(isPublic ? [] : ['401', '403']),
        ...(url.includes('{') ? ['404'] : []),
        '500',
      ];
      // A route that answers no 4xx of its own (a public read without input) still answers unknown routes' 404.
      if (!codes.some((c) => c.startsWith('4')) && !Object.keys(responses).some((c) => c.startsWith('4'))) {
        codes.unshift('404');
      }
      for (const code of codes) {
        const existing = responses[code];
        if (existing?.content) continue;
        responses[code] = {
          description: (existing?.description as string | undefined) ?? ERROR_ANSWERS[code] ?? 'An error.',
          content: { 'application/json': { schema: ERROR_REF } },
        };
      }
      for (const [code, body] of Object.entries(responses)) {
        if (!/^[45]/.test(code)) continue;
        const content = body.content as Record<string, { schema?: unknown }> | undefined;
        if (content?.['application/json']) content['application/json'].schema = ERROR_REF;
      }
      const example = op.operationId ? apiExamples[op.operationId] : undefined;
      const ok = responses['200']?.content as Record<string, Json> | undefined;
      if (example !== undefined && ok?.['application/json']) ok['application/json'].example = example;
    }
  }
  doc.paths = paths;
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      ApiError: z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' }),
    },
  };
  doc.tags = [...used].sort().map((name) => ({
    name,
    description: TAGS[name] ?? `The ${name} feature’s routes.`,
  }));
  return fixSchemas(doc);
}

/**
 * The answers that are not JSON, as `noBody` and `mediaBody` (operation.ts) declare them: a 204 has no content, a file
 * or a stream is listed under its own media types.
 */
function answersWithoutJson(responses: Record<string, Json>): void {
  for (const [code, answer] of Object.entries(responses)) {
    const content = answer.content as Record<string, { schema?: Json }> | undefined;
    if (code === '204') {
      delete answer.content;
      answer.description = 'No Content';
      continue;
    }
    const schema = content?.['application/json']?.schema;
    const mediaTypes = schema?.[MEDIA_TYPES_KEY] as string[] | undefined;
    if (!schema || !mediaTypes) continue;
    const { [MEDIA_TYPES_KEY]: _, ...file } = schema;
    answer.content = Object.fromEntries(mediaTypes.map((type) => [type, { schema: file }]));
  }
}

/**
 * Two shapes zod's JSON Schema leaves that OpenAPI 3.0 readers stumble on: `nullable` without a `type` (an unknown
 * value that may be null: any value already includes null, so the flag goes) and an `anyOf` listing the same schema
 * twice (one copy goes).
 */
function fixSchemas<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) fixSchemas(item);
    return node;
  }
  if (node === null || typeof node !== 'object') return node;
  const o = node as Json;
  if (o.nullable === true && o.type === undefined && !o.anyOf && !o.oneOf && !o.allOf && !o.$ref) {
    delete o.nullable;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = o[key];
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    const unique = list.filter((s) => {
      const k = JSON.stringify(s);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    o[key] = unique;
    // One schema left: it stands for itself (`anyOf` of one is what a tuple of like items becomes).
    if (unique.length === 1 && typeof unique[0] === 'object') {
      delete o[key];
      Object.assign(o, unique[0]);
    }
  }
  // `nullable` beside an `anyOf`: each alternative may be null (OpenAPI 3.0 wants `nullable` next to a `type`).
  if (o.nullable === true && o.type === undefined && Array.isArray(o.anyOf)) {
    delete o.nullable;
    o.anyOf = (o.anyOf as Json[]).map((s) => (s.type !== undefined ? { ...s, nullable: true } : s));
  }
  for (const value of Object.values(o)) fixSchemas(value);
  return node;
}
