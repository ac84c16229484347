import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../src/platform/compression.ts';
import { acceptedEncodings, registerWebConsole } from '../src/platform/web-console.ts';

describe('the web console as the server sends it', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'ecohelm-web-'));
  const code = `export const x = ${JSON.stringify('ship '.repeat(2000))};\n`;
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><script src="/assets/index-abc.js"></script>',
    );
    for (const [file, text] of [['assets/index-abc.js', code]] as const) {
      writeFileSync(path.join(dist, file), text);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
    }
    // As the app registers them: answers compressed, the console's files with their build-time copies.
    await registerCompression(app);
    app.get('/api/v1/rows', () => ({ rows: Array.from({ length: 500 }, (_, i) => ({ i, v: i * 0.5 })) }));
    await registerWebConsole(app, dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli or gzip copy made at build time to a browser that takes it, the file itself otherwise', async () => {
    const br = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(code.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);

    const gz = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(code);

    const plain = await app.inject({ url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
  });

  it('takes the copy a browser refuses with q=0 out, and sends the file itself where no copy was made', async () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings(undefined)).toEqual(['identity']);
    const gz = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    writeFileSync(path.join(dist, 'assets/small-abc.css'), 'a{color:red}');
    for (let i = 0; i < 2; i++) {
      const css = await app.inject({ url: '/assets/small-abc.css', headers: { 'accept-encoding': 'br' } });
      expect([css.statusCode, css.body, css.headers['content-type']]).toEqual([
        200,
        'a{color:red}',
        'text/css; charset=utf-8',
      ]);
    }
    const head = await app.inject({
      method: 'HEAD',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect([head.statusCode, head.headers['content-encoding'], head.body]).toEqual([200, 'br', '']);
  });

  it('sends nothing from outside the assets folder of the build', async () => {
    for (const url of ['/assets/..%2Findex.html', '/assets/sub/x.js', '/assets/index-abc.exe']) {
      const res = await app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('lets a browser keep the hashed files for good and check index.html on every load', async () => {
    const asset = await app.inject({ url: '/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ url: '/eff-analysis/params?range=7d' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/index-abc.js');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves a console built again under the running server: its new files, its build id, no page for a lost file', async () => {
    const next = 'export const y = 2;\n';
    writeFileSync(path.join(dist, 'assets/index-def.js'), next);
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><script src="/assets/index-def.js"></script>',
    );
    writeFileSync(path.join(dist, 'version.json'), '{"buildId":"def"}');
    const asset = await app.inject({ url: '/assets/index-def.js' });
    expect([asset.statusCode, asset.body]).toEqual([200, next]);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect((await app.inject({ url: '/overview' })).body).toContain('/assets/index-def.js');
    const version = await app.inject({ url: '/version.json?t=1' });
    expect([version.statusCode, version.json(), version.headers['cache-control']]).toEqual([
      200,
      { buildId: 'def' },
      'no-cache',
    ]);
    // A script the page names but the build no longer has is a 404, not index.html parsed as JavaScript.
    expect((await app.inject({ url: '/assets/index-gone.js' })).statusCode).toBe(404);
  });

  it('compresses an API answer for a client that takes it, and not one that does not', async () => {
    const plain = await app.inject({ url: '/api/v1/rows' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await app.inject({ url: '/api/v1/rows', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const br = await app.inject({ url: '/api/v1/rows', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers an unknown API path with the API error, not the console', async () => {
    const res = await app.inject({ url: '/api/v1/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
