#!/usr/bin/env node
// Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the web build, once at build time, so
// the server sends the console's code compressed without compressing it per request (`@fastify/static`'s
// `preCompressed`). Over a satellite link the first route is its gzip size (see scripts/bundle-budget.mjs), not
// three times that. Files that compress by less than a tenth are left as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (TEXT.test(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
    },
  });
  if (brotli.length > bytes.length * 0.9) continue;
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  br += brotli.length;
  count += 1;
}
process.stdout.write(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli\n`,
);
