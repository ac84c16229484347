import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecaCircle } from '../../../testing/factories.ts';
import { del, post } from './http.ts';
import { createTestApp, type TestApp } from './stores.ts';

const ROOT = path.join(import.meta.dirname, '../../..');

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string }; example?: unknown }> }>;
}
interface Doc {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ url, method, op })),
  );

describe('the served OpenAPI document', () => {
  let t: TestApp;
  let body: string;
  let doc: Doc;
  beforeAll(async () => {
    // A web console to serve, so its catch-all route exists and must stay out of the document.
    const webDist = mkdtempSync(path.join(ROOT, 'node_modules/.cache-openapi-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Ecohelm</title>');
    t = await createTestApp('sqlite', { webDist });
    afterAll(() => rmSync(webDist, { recursive: true, force: true }));
    body = (await t.app.inject({ url: '/api/docs/json' })).body;
    doc = JSON.parse(body) as Doc;
  });
  afterAll(() => t.close());

  it("passes Redocly's recommended rules (redocly.yaml) with no error and no warning", async () => {
    const config = await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({ source: body, absoluteRef: 'served.json', config });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`,
    );
    expect(found).toEqual([]);
  });

  it('names every operation <feature>.<verb><Noun> after its tag, with a summary and the one error body', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(100);
    expect(doc.servers?.length).toBeGreaterThan(0);
    // The web console's `/*` and static files are not part of the API.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    const ids = new Set<string>();
    for (const { url, method, op } of ops) {
      const where = `${method.toUpperCase()} ${url}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]*\.[a-z]+[A-Z][A-Za-z]*$/);
      const feature = op.operationId?.split('.')[0];
      const tag = op.tags?.[0]?.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      expect(feature, where).toBe(tag);
      expect(ids.has(op.operationId ?? ''), where).toBe(false);
      ids.add(op.operationId ?? '');
      expect(op.summary?.length, where).toBeGreaterThan(5);
      const errors = Object.entries(op.responses ?? {}).filter(([code]) => /^[45]/.test(code));
      expect(errors.map(([code]) => code)).toContain('500');
      for (const [, answer] of errors) {
        expect(answer.content?.['application/json']?.schema?.$ref, where).toBe(
          '#/components/schemas/ApiError',
        );
      }
    }
    const example = (id: string) =>
      ops.find((o) => o.op.operationId === id)?.op.responses?.['200']?.content?.['application/json']?.example;
    for (const id of ['platform.getHealth', 'telemetry.getLatest', 'alarms.listActive']) {
      expect(example(id), id).toBeDefined();
    }
  });

  it('declares what each operation answers on success: 204 without a body, files under their media types', async () => {
    const ops = operations(doc);
    const success = (id: string) => {
      const found = ops.find((o) => o.op.operationId === id);
      expect(found, id).toBeDefined();
      return Object.entries(found?.op.responses ?? {}).filter(([code]) => code.startsWith('2'));
    };
    // A success is 204 No Content or has a body: none is left as the generator's bodiless 200. The shore's copy of
    // a ship's console passes on whatever that route of the ship answers.
    for (const { op } of ops.filter((o) => o.op.operationId !== 'fleet.readConsole')) {
      for (const [code, answer] of success(op.operationId ?? '')) {
        if (code === '204') expect(answer, op.operationId).toEqual({ description: 'No Content' });
        else expect(Object.keys(answer.content ?? {}).length, op.operationId).toBeGreaterThan(0);
      }
    }
    expect(success('filling.deleteRecord')).toEqual([['204', { description: 'No Content' }]]);
    const media = (id: string) => Object.keys(success(id)[0]?.[1].content ?? {});
    expect(media('reports.exportReport')).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/pdf',
      'application/zip',
    ]);
    expect(media('speed.exportRtz')).toEqual(['application/xml']);
    expect(media('telemetry.streamLive')).toEqual(['text/event-stream']);
    // And the server answers a deletion as the document says.
    const zone = await post(t, '/api/v1/eca/zones', ecaCircle());
    expect(zone.statusCode).toBe(201);
    const removed = await del(t, `/api/v1/eca/zones/${zone.json().id}`);
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
  });

  it('generates a typed client (openapi-typescript + openapi-fetch) that type-checks and answers three real calls', async () => {
    const dir = mkdtempSync(path.join(ROOT, 'node_modules/.cache-openapi-client-'));
    try {
      writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(body)));
      // Three reads an integrator makes, one error answer, and one call the types must refuse (a string for a number).
      writeFileSync(
        path.join(dir, 'calls.ts'),
        `import createClient from 'openapi-fetch';
import type { paths } from './api.d.ts';

export async function calls(baseUrl: string, token: string) {
  const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const health = await api.GET('/api/health');
  const store: 'sqlite' | 'postgres' | undefined = health.data?.store;
  const latest = await api.GET('/api/v1/telemetry/latest', {
    params: { query: { channels: 'navigation.speedOverGround' } },
  });
  const values: number[] | undefined = latest.data?.values.map((v) => v.value);
  const alarms = await api.GET('/api/v1/alarms/active');
  const unread: number | undefined = alarms.data?.unread;
  // The one error body, typed: a backup that does not exist.
  const missing = await api.GET('/api/v1/backups/{id}', { params: { path: { id: 'no-such-backup' } } });
  const code: string | undefined = missing.error?.error.code;
  // @ts-expect-error the alarm id is a number
  await api.POST('/api/v1/alarms/{id}/acknowledge', { params: { path: { id: 'first' } } });
  return { store, values, unread, code, status: missing.response.status };
}
`,
      );
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: path.join(ROOT, 'tsconfig.base.json'),
          compilerOptions: { lib: ['ES2024', 'DOM'], types: [] },
          include: ['calls.ts', 'api.d.ts'],
        }),
      );
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
        encoding: 'utf8',
      });

      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const { calls } = (await import(path.join(dir, 'calls.ts'))) as {
        calls: (baseUrl: string, token: string) => Promise<Record<string, unknown>>;
      };
      const answer = await calls(`http://127.0.0.1:${port}`, t.token);
      expect(answer.store).toBe('sqlite');
      expect(Array.isArray(answer.values)).toBe(true);
      expect(answer.unread).toBe(0);
      // The typed error body of a refusal.
      expect(answer.status).toBe(404);
      expect(answer.code).toBe('not_found');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
