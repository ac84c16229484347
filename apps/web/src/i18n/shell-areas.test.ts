import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadResources } from './resources';
import { SHELL_AREAS, SHELL_PARTS } from './shell-areas';
import type { Tree } from './tree';

/**
 * The language chunk the first route loads holds the shell's areas (shell-areas.ts); every other area comes with the
 * code of the pages that show it (`addAreaStrings`). Read from the sources: the modules the console loads, each with
 * its static imports, the modules it loads on demand (`import('./…')`), the keys it names (as i18n/keys.test.ts finds
 * them: whole names and prefixes completed at run time) and the areas it brings.
 */
const src = path.resolve(import.meta.dirname, '..');
const localeDir = (language: string) => path.join(import.meta.dirname, 'locales', language);
const areas = new Set(
  readdirSync(localeDir('en_US'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.split('.')[0]!),
);

interface Module {
  imports: string[];
  loads: string[];
  keys: string[];
  brings: string[];
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, base, `${base}/index.ts`, `${base}/index.tsx`].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
}

const modules = new Map<string, Module>();
function moduleOf(file: string): Module {
  let module = modules.get(file);
  if (module) return module;
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const resolved = (pattern: RegExp) =>
    [...code.matchAll(pattern)].flatMap((m) => resolve(file, m[1]!) ?? []);
  const keys = [
    ...[...code.matchAll(/['"`]([a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_-]+)+)['"`]/g)].map((m) => m[1]!),
    ...[...code.matchAll(/`([a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_-]+)*\.)\$\{/g)].map((m) => m[1]!),
  ].filter((key) => areas.has(key.split('.')[0]!));
  module = {
    // Type-only imports are erased: they load nothing.
    imports: resolved(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/g),
    loads: resolved(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    keys,
    brings: [...code.matchAll(/addAreaStrings\(\s*'(\w+)'/g)].map((m) => m[1]!),
  };
  modules.set(file, module);
  return module;
}

/** A module with everything it imports, transitively: what loads when it loads. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of moduleOf(file).imports) closure(imported, seen);
  return seen;
}

/** A key (or prefix) the language chunk has: its area is a shell area, or its first part one of SHELL_PARTS. */
function inShell(key: string): boolean {
  const [area, part] = key.split('.');
  return (
    (SHELL_AREAS as readonly string[]).includes(area!) || (!!part && !!SHELL_PARTS[area!]?.includes(part))
  );
}

const main = path.join(src, 'main.tsx');
const overview = path.join(src, 'features/overview/overview-page.tsx');
const firstRoute = new Set([...closure(main), ...closure(overview)]);
/** Every module the console loads on demand, from the entry on. */
const onDemand = new Set<string>();
for (let found = true; found; ) {
  found = false;
  for (const file of [main, ...onDemand])
    for (const part of closure(file))
      for (const loaded of moduleOf(part).loads)
        if (!onDemand.has(loaded)) {
          onDemand.add(loaded);
          found = true;
        }
}
const relative = (file: string) => path.relative(src, file);

describe('the language chunk of the first route', () => {
  it('reads the console (the scan itself works)', () => {
    expect(firstRoute.size).toBeGreaterThan(50);
    expect([...onDemand].map(relative)).toContain('features/speed/speed-page.tsx');
    expect([...firstRoute].flatMap((file) => moduleOf(file).keys)).toContain('route.overview');
  });

  it('holds the shell areas whole and of other areas the parts listed, in both languages', async () => {
    for (const language of ['en_US', 'zh_CN'] as const) {
      const file = (name: string) =>
        JSON.parse(readFileSync(path.join(localeDir(language), `${name}.json`), 'utf8')) as Tree;
      const expected: Tree = Object.fromEntries(SHELL_AREAS.map((area) => [area, file(area)]));
      for (const [area, parts] of Object.entries(SHELL_PARTS))
        expected[area] = Object.fromEntries(parts.map((part) => [part, file(`${area}.${part}`)]));
      expect(await loadResources(language)).toEqual(expected);
      // A part is in its own file, so that the page bringing the rest of the area does not bring it again.
      const partFiles = readdirSync(localeDir(language)).filter((f) => /^\w+\.\w+\.json$/.test(f));
      expect(partFiles.sort()).toEqual(
        Object.entries(SHELL_PARTS)
          .flatMap(([area, parts]) => parts.map((part) => `${area}.${part}.json`))
          .sort(),
      );
    }
  });

  it('has every key the shell and the overview name, and they bring no area of their own', () => {
    const missing = [...firstRoute].flatMap((file) =>
      moduleOf(file)
        .keys.filter((key) => !inShell(key))
        .map((key) => `${relative(file)}: ${key}`),
    );
    expect(missing).toEqual([]);
    expect([...firstRoute].filter((file) => moduleOf(file).brings.length).map(relative)).toEqual([]);
  });

  it('lacks no key a page names: each brings the areas the language chunk does not hold', () => {
    const missing = [...onDemand].flatMap((root) => {
      const files = [...closure(root)];
      const brought = new Set(files.flatMap((file) => moduleOf(file).brings));
      return files.flatMap((file) =>
        moduleOf(file)
          .keys.filter((key) => !inShell(key) && !brought.has(key.split('.')[0]!))
          .map((key) => `${relative(root)} (${relative(file)}): ${key}`),
      );
    });
    expect(missing).toEqual([]);
  });
});
