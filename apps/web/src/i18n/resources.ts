import type { Language } from './language';

type Tree = { [key: string]: string | Tree };

/** Every `locales/<lang>/<area>.json` file, bundled eagerly so both languages are preloaded. */
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

/** Merges the per-area files of each language into one tree: `route.json` becomes the `route.*` keys. */
export function buildResources(): Record<Language, Tree> {
  const resources: Record<Language, Tree> = { zh_CN: {}, en_US: {} };
  for (const [path, tree] of Object.entries(files)) {
    const match = /\.\/locales\/(zh_CN|en_US)\/([\w-]+)\.json$/.exec(path);
    if (!match) continue;
    resources[match[1] as Language][match[2] as string] = tree;
  }
  return resources;
}

/** Flattens a resource tree to its dotted keys, e.g. `route.overview`. */
export function flattenKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}
