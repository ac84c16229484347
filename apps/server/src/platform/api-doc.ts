/**
 * Renders the OpenAPI document (generated from the zod contracts) as the Markdown route list of
 * docs/api.md, so the written API reference cannot drift from the code: a test compares them.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const fieldList = (schema: Schema | undefined): string => {
  if (!schema?.properties) return schema?.type === 'array' ? 'array' : '';
  const required = new Set(schema.required ?? []);
  return Object.keys(schema.properties)
    .map((k) => (required.has(k) ? `\`${k}\`` : `\`${k}\`?`))
    .join(', ');
};

export function renderApiDoc(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query' || p.in === 'path')
        .map((p) => (p.required ? `\`${p.name}\`` : `\`${p.name}\`?`))
        .join(', ');
      const body = fieldList(op.requestBody?.content?.['application/json']?.schema);
      const codes = Object.keys(op.responses ?? {}).join(', ');
      const name = op.operationId ? `\`${op.operationId}\` ${op.summary ?? ''}` : (op.summary ?? '');
      const row = `| ${method.toUpperCase()} | \`${path}\` | ${name.trim()} | ${query} | ${body} | ${codes} |`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, rows]) =>
        `## ${tag}\n\n| method | path | operation | query / path parameters | body fields | answers |\n| --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`,
    );
  return `# HTTP API

Generated from the zod contracts (\`packages/contracts\`) by \`npm run docs:api\`; a server test
fails when this file and the code disagree. The running server serves the full OpenAPI document at
\`/api/docs\` (JSON at \`/api/docs/json\`) with every field's type and limits.

- Every \`/api\` route except \`/api/health\`, \`/api/v1/config\`, \`/api/v1/devices/login\` and
  \`/api/dingtalk/check\` needs a device token: \`Authorization: Bearer <dcToken>\` (or \`?dcToken=\`
  for server-sent events). Without one the answer is 401; writes without the permission they need
  answer 403.
- Errors have one shape: \`{ "error": { "code", "message", "details"?, "requestId" } }\`; a body
  that fails validation answers 400 \`validation_failed\` with \`details: [{ path, message, code?, … }]\`: where the
  contract's zod check found the problem, \`code\` is zod's issue code with its parameters beside it (\`too_big\` with
  \`maximum\`, \`too_small\` with \`minimum\`, both with \`origin\` and \`inclusive\`; \`invalid_type\` with
  \`expected\`; \`invalid_format\` with \`format\`), so a client words it in its own language.
- Field names ending in \`?\` are optional. Times are ISO-8601 UTC; values are in the units the
  field names say (display units on telemetry answers, with the unit alongside).
- Every operation has an \`operationId\` (\`<feature>.<verb><Noun>\`), a summary and its feature's tag; its
  4xx/5xx answers name the one error body (\`#/components/schemas/ApiError\`). The document passes Redocly's
  \`recommended\` rules (\`redocly.yaml\`, checked in \`apps/server/test/openapi-lint.test.ts\`).
- Deletions, logout and password changes answer 204 No Content, with no body. Downloads (reports, the fuel oil
  report, the fleet report and the pool's workbook, RTZ, backups) answer their file under its own media type
  (XLSX, PDF, ZIP, XML, SQLite) and \`/api/v1/telemetry/live\` answers \`text/event-stream\`; the document lists each.

## A typed client from the served document

The server test \`apps/server/test/openapi-lint.test.ts\` does exactly this and type-checks three calls. An integrator
with Node.js does the same against a running console (the JSON needs no token):

\`\`\`sh
npm install openapi-fetch && npm install -D openapi-typescript typescript
npx openapi-typescript http://SHIP-PC:8080/api/docs/json -o ecohelm-api.d.ts
\`\`\`

\`\`\`ts
import createClient from 'openapi-fetch';
import type { paths } from './ecohelm-api.d.ts';

const api = createClient<paths>({
  baseUrl: 'http://SHIP-PC:8080',
  headers: { authorization: \`Bearer \${token}\` }, // from POST /api/v1/devices/login
});
const { data, error } = await api.GET('/api/v1/telemetry/latest', {
  params: { query: { channels: 'navigation.speedOverGround,propulsion.main.shaftPower' } },
});
if (error) console.error(error.error.code, error.error.message); // the one error body, typed
else for (const v of data.values) console.log(v.channel, v.value, v.unit);
\`\`\`

Other languages: any OpenAPI 3.0 generator takes the same document (e.g.
\`npx @openapitools/openapi-generator-cli generate -i http://SHIP-PC:8080/api/docs/json -g python -o client\`); the
operationIds become the method names (\`telemetry.getLatest\` → \`telemetry_get_latest\` or similar).

${sections.join('\n')}`;
}
