/** A language's strings: areas, nested keys, texts. */
export type Tree = { [key: string]: string | Tree };

/** Merges a language's per-area files (`./<lang>/route.json` → `route`) into one tree. */
export function treeOf(files: Record<string, Tree>): Tree {
  const tree: Tree = {};
  for (const [path, area] of Object.entries(files)) {
    const name = /\/([\w-]+)\.json$/.exec(path)?.[1];
    if (name) tree[name] = area;
  }
  return tree;
}

/** Flattens a resource tree to its dotted keys, e.g. `route.overview`. */
export function flattenKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}
