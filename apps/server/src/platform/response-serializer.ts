import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';

/**
 * Writes the routes' JSON answers. fastify-type-provider-zod's serializer encoded every answer through its zod schema
 * (a whole copy of the answer, ~22 % of what the server allocated under every page's reads) before `JSON.stringify`.
 * Here each response schema is compiled once to a JSON Schema (`z.toJSONSchema`) and from it to a fast-json-stringify
 * writer, which writes only the properties the schema declares (fields a schema does not name still stay out of the
 * answer) straight from the handler's objects. A schema that cannot be written that way faithfully keeps the zod
 * encoding: one that changes values on the way out (a transform, a codec or a pipe), or that neither converter
 * accepts; `zodEncodedAnswers` lists them.
 *
 * fast-json-stringify does not check what it writes against the contract as the zod encoding did (a missing required
 * field still fails; a value of the wrong type is coerced). With `checkAnswers` (the tests; `NODE_ENV` `test` or
 * `development`) every answer is written both ways and a difference in what they say (not in the order of an object's
 * properties: fast-json-stringify writes the required ones first) fails the request, so contract drift and any
 * difference between the two writers are still caught (docs/decisions.md, "Server memory").
 */
export function createResponseSerializerCompiler(options: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    const zodWriter = (data: unknown): string => {
      const encoded = safeEncode(schema, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      return JSON.stringify(encoded.data);
    };
    const writer = compiledWriter(schema);
    if (typeof writer === 'string') {
      zodEncodedAnswers.push({ route: `${method} ${url} ${httpStatus}`, reason: writer });
      return zodWriter;
    }
    if (!options.checkAnswers) return writer;
    return (data: unknown) => {
      const expected = zodWriter(data);
      const written = writer(data);
      // The same JSON; fast-json-stringify writes an object's required properties before its optional ones.
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${method} ${url} ${httpStatus}: the answer written from its JSON Schema differs from its zod encoding:\n` +
            `${written}\n${expected}`,
        );
      }
      return written;
    };
  };
}

/** The answers written through their zod schema (no JSON Schema writer), with why: read by a server test. */
export const zodEncodedAnswers: { route: string; reason: string }[] = [];

type Writer = (data: unknown) => string;

/** Writers by schema (many routes share a response schema); a string says why a schema has none. */
const writers = new WeakMap<z.ZodType, Writer | string>();

function compiledWriter(schema: z.ZodType): Writer | string {
  let writer = writers.get(schema);
  if (writer === undefined) {
    writer = compile(schema);
    writers.set(schema, writer);
  }
  return writer;
}

/** The zod types that make an answer's JSON differ from the value the handler hands over. */
const CHANGES_VALUES = new Set(['pipe', 'transform', 'catch', 'prefault']);

function compile(schema: z.ZodType): Writer | string {
  let changesValues: string | undefined;
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      // What the JSON Schema is not told: a value the zod encoding would change on the way out.
      override: ({ zodSchema }) => {
        const type = zodSchema._zod.def.type;
        if (CHANGES_VALUES.has(type)) changesValues ??= type;
      },
    }) as Record<string, unknown>;
  } catch (error) {
    return `no JSON Schema: ${(error as Error).message}`;
  }
  if (changesValues !== undefined) return `a ${changesValues} changes the value`;
  try {
    return fastJsonStringify(forWriting(jsonSchema) as fastJsonStringify.AnySchema) as Writer;
  } catch (error) {
    return `fast-json-stringify: ${(error as Error).message}`;
  }
}

/**
 * The JSON Schema as fast-json-stringify should read it. `additionalProperties: false` goes (it writes only declared
 * properties anyway, and inside a union it would refuse an object with more fields, which zod strips); `default` goes
 * (the zod encoding fills in no defaults: a missing required field fails both ways); a type or null
 * (`anyOf: [T, { type: 'null' }]`) becomes `T` with `nullable`, which is written without validating the value first.
 */
function forWriting(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default' || (key === 'additionalProperties' && value === false)) continue;
    if (SCHEMA_MAPS.has(key)) {
      out[key] = Object.fromEntries(
        Object.entries(value as object).map(([name, s]) => [name, forWriting(s)]),
      );
    } else if (SCHEMA_LISTS.has(key) || (key === 'items' && Array.isArray(value))) {
      out[key] = (value as unknown[]).map(forWriting);
    } else {
      out[key] = SCHEMAS.has(key) ? forWriting(value) : value;
    }
  }
  const { anyOf, ...rest } = out;
  if (
    Array.isArray(anyOf) &&
    anyOf.length === 2 &&
    Object.keys(rest).every((key) => !SCHEMA_KEYWORDS.has(key))
  ) {
    const nullAt = anyOf.findIndex(isNullSchema);
    const other = anyOf[1 - nullAt] as Record<string, unknown> | undefined;
    if (
      nullAt >= 0 &&
      other &&
      typeof other.type === 'string' &&
      !other.anyOf &&
      !other.oneOf &&
      !other.$ref
    ) {
      return { ...other, ...rest, nullable: true };
    }
  }
  return out;
}

/** Keywords whose value is a schema, a list of schemas, or schemas by name. */
const SCHEMAS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
]);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const SCHEMA_KEYWORDS = new Set([
  ...SCHEMAS,
  ...SCHEMA_LISTS,
  ...SCHEMA_MAPS,
  'type',
  'const',
  'enum',
  '$ref',
]);

const isNullSchema = (s: unknown): boolean =>
  s !== null &&
  typeof s === 'object' &&
  (s as { type?: unknown }).type === 'null' &&
  Object.keys(s).length === 1;
