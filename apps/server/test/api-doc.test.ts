import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, renderApiDoc } from '../src/platform/api-doc.ts';
import { createTestApp, type TestApp } from './stores.ts';

const FILE = path.join(import.meta.dirname, '../../../docs/api.md');

describe('docs/api.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('lists every route of the OpenAPI document (regenerate with npm run docs:api)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
    const markdown = renderApiDoc(doc);
    if (process.env.ECOHELM_WRITE_API_DOC === '1') writeFileSync(FILE, markdown);
    expect(Object.keys(doc.paths ?? {}).length).toBeGreaterThan(20);
    expect(readFileSync(FILE, 'utf8')).toBe(markdown);
  });
});
