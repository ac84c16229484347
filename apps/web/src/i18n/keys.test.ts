import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenKeys, type Tree } from './resources';
import { treeOf } from './tree';

/**
 * Every key the code uses exists in both languages, and every key in the files is used. A key is used when the code
 * names it in a string (`t('fleet.title')`, a route table's label, a map of message keys), when it lies under a
 * prefix the code completes at run time (`` t(`analysis.panels.${id}`) ``), or under an object the code reads whole.
 */
const src = path.resolve(import.meta.dirname, '..');
/** Every locale file of both languages, those the first route loads and those a page brings with it. */
function localeTree(language: 'en_US' | 'zh_CN'): Tree {
  const dir = path.join(import.meta.dirname, 'locales', language);
  return treeOf(
    Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [`./${f}`, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Tree]),
    ),
  );
}
const resources = { en_US: localeTree('en_US'), zh_CN: localeTree('zh_CN') };
const namespaces = new Set(Object.keys(resources.en_US));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'locales' || name === 'fixtures' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const named = new Set<string>();
const prefixes = new Set<string>();
for (const file of sources(src)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/['"`]([a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_-]+)+)['"`]/g))
    if (namespaces.has(m[1]!.split('.')[0]!)) named.add(m[1]!);
  for (const m of text.matchAll(/`([a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_-]+)*\.)\$\{/g))
    if (namespaces.has(m[1]!.split('.')[0]!)) prefixes.add(m[1]!);
}

const at = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((o, s) => (o && typeof o === 'object' ? (o as Tree)[s] : undefined), tree);
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('translation keys in the code', () => {
  it('finds the keys the code names (the scan itself works)', () => {
    expect(named.size).toBeGreaterThan(500);
    expect(named).toContain('common.loading');
    expect(prefixes.size).toBeGreaterThan(20);
  });

  it('exist in both languages, each name and each prefix completed at run time', () => {
    for (const language of ['en_US', 'zh_CN'] as const) {
      const tree = resources[language];
      const missing = [...named].filter(
        (k) =>
          at(tree, k) === undefined &&
          at(tree, `${k}_one`) === undefined &&
          at(tree, `${k}_other`) === undefined,
      );
      expect({ language, missing }).toEqual({ language, missing: [] });
      const emptyPrefixes = [...prefixes].filter((p) => typeof at(tree, p.slice(0, -1)) !== 'object');
      expect({ language, emptyPrefixes }).toEqual({ language, emptyPrefixes: [] });
    }
  });

  it('are all used: no text in the files that nothing shows', () => {
    const unused = flattenKeys(resources.en_US).filter((key) => {
      const base = key.replace(PLURAL, '');
      if (named.has(key) || named.has(base)) return false;
      for (const n of named) if (key.startsWith(`${n}.`)) return false;
      for (const p of prefixes) if (key.startsWith(p)) return false;
      return true;
    });
    expect(unused).toEqual([]);
  });
});
