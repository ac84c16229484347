#!/usr/bin/env node
// Import fences of DESIGN.md: domain imports nothing of ours and no node:*; contracts import
// zod and domain at most; web never imports the server; no web feature imports another's internals.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
const importsOf = (file) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2]);

const rules = [
  {
    dir: 'packages/domain/src',
    bad: (spec) =>
      spec.startsWith('node:') || spec.startsWith('@ecohelm/') || /^(fs|path|os|http)$/.test(spec),
    why: 'domain is pure: no node:* and no other package of ours',
  },
  {
    dir: 'packages/contracts/src',
    bad: (spec) => !spec.startsWith('.') && spec !== 'zod' && spec !== '@ecohelm/domain',
    why: 'contracts import zod and @ecohelm/domain only',
  },
  {
    dir: 'apps/web/src',
    bad: (spec) => spec.startsWith('@ecohelm/server') || spec.includes('apps/server'),
    why: 'the web app never imports the server',
  },
];

const problems = [];
for (const rule of rules) {
  for (const file of files(rule.dir)) {
    for (const spec of importsOf(file)) {
      if (rule.bad(spec)) problems.push(`${path.relative(root, file)}: imports '${spec}' (${rule.why})`);
    }
  }
}
// Web features talk through app/ and ui/, not through each other's folders.
for (const file of files('apps/web/src/features')) {
  const own = path.relative(path.join(root, 'apps/web/src/features'), file).split(path.sep)[0];
  for (const spec of importsOf(file)) {
    const m = spec.match(/features\/([^/]+)/);
    if (spec.startsWith('.') && m && m[1] !== own)
      problems.push(`${path.relative(root, file)}: imports feature '${m[1]}'`);
  }
}
if (problems.length > 0) {
  process.stderr.write(`Import boundary violations:\n${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('import boundaries ok\n');
