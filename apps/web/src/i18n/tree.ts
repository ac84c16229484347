/** A language's strings: areas, nested keys, texts. */
export type Tree = { [key: string]: string | Tree };

/**
 * Merges a language's per-area files into one tree: `./<lang>/route.json` becomes the `route.*` keys, and a part of an
 * area kept in a file of its own, ./<lang>/ship.messages.json, the `ship.messages.*` keys.
 */
export function treeOf(files: Record<string, Tree>): Tree {
  const tree: Tree = {};
  for (const [path, strings] of Object.entries(files)) {
    const [, area, part] = /\/([\w-]+)(?:\.([\w-]+))?\.json$/.exec(path) ?? [];
    if (!area) continue;
    if (part) tree[area] = { ...(tree[area] as Tree | undefined), [part]: strings };
    else tree[area] = { ...strings, ...(tree[area] as Tree | undefined) };
  }
  return tree;
}

/** Flattens a resource tree to its dotted keys, e.g. `route.overview`. */
export function flattenKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}
