import path from 'node:path';
import type { Rolldown } from 'vite';
import { FIRST_ROUTE_MODULES } from './first-route-preload.ts';

type ModuleInfo = Rolldown.ModuleInfo;
type ChunkingContext = Parameters<Rolldown.CodeSplittingNameFunction>[1];

/** The overview's modules loaded on demand (the view), as module ids. */
const OVERVIEW = (FIRST_ROUTE_MODULES['/overview'] ?? []).map((m) => path.resolve(import.meta.dirname, m));
/** The speed page's modules loaded on demand (its data module and view; not its stylesheet), as module ids. */
const SPEED = (FIRST_ROUTE_MODULES['/eff-optimize/speed'] ?? [])
  .filter((m) => m.endsWith('.tsx') || (m.endsWith('.ts') && !m.includes('styles')))
  .map((m) => path.resolve(import.meta.dirname, m));
/** Barrels whose names are followed to the module that defines them (`export { default as Tag } from './tag'`). */
const BARRELS = [
  /\/node_modules\/antd\/es\/index\.js$/,
  /\/node_modules\/@ant-design\/icons\/es\/index\.js$/,
];

/**
 * The modules reached from `id` (itself included) through `next` (the modules one module leads to), kept per root
 * module info (one chunking pass) in `cache`.
 */
function closure(
  ctx: ChunkingContext,
  id: string,
  cache: WeakMap<ModuleInfo, Set<string>>,
  next: (info: ModuleInfo) => Iterable<string>,
): Set<string> {
  const root = ctx.getModuleInfo(id);
  if (!root) return new Set();
  const kept = cache.get(root);
  if (kept) return kept;
  const seen = new Set<string>();
  const visit = (at: string) => {
    if (seen.has(at)) return;
    seen.add(at);
    const info = ctx.getModuleInfo(at);
    if (info) for (const to of next(info)) visit(to);
  };
  visit(id);
  cache.set(root, seen);
  return seen;
}

/**
 * The console's own modules (apps/web/src, packages/*) a module imports statically, transitively, itself included.
 * Imports of packages are not followed: the chunking pass sees the module graph before tree-shaking, where
 * `import { Tag } from 'antd'` reaches every antd component.
 */
const closures = new WeakMap<ModuleInfo, Set<string>>();
const ownClosure = (ctx: ChunkingContext, id: string) =>
  closure(ctx, id, closures, (info) => info.importedIds.filter((i) => !i.includes('/node_modules/')));

/** `import { A, B as C } from '<spec>'` in a module's code: the names it imports from `spec`. */
export function namesImported(code: string, spec: string): string[] {
  const names: string[] = [];
  const quoted = spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const m of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g')))
    for (const part of m[1]!.split(','))
      names.push(
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      );
  return names.filter(Boolean);
}

/** The module a barrel's `export { default as name } from './x'` names, among the modules the barrel imports. */
export function barrelTarget(ctx: ChunkingContext, barrel: string, name: string): string | undefined {
  const info = ctx.getModuleInfo(barrel);
  const m = info?.code?.match(
    new RegExp(`export\\s*\\{\\s*default\\s+as\\s+${name}\\s*\\}\\s*from\\s*['"]([^'"]+)['"]`),
  );
  if (!m) return undefined;
  const base = path.resolve(path.dirname(barrel), m[1]!).replace(/\\/g, '/');
  return info!.importedIds.find((id) => {
    const normal = id.replace(/\\/g, '/');
    return normal === `${base}.js` || normal === `${base}/index.js`;
  });
}

/**
 * Every module a view's first draw runs: the console's own modules it imports statically, transitively, and the
 * package modules those import, with a barrel's names (antd's components, its icons) followed to the module that
 * defines each instead of the whole barrel. Kept per chunking pass.
 */
const reached = new WeakMap<ModuleInfo, Set<string>>();
const reachedBy = (ctx: ChunkingContext, view: string) =>
  closure(ctx, view, reached, function* (info) {
    for (const imported of info.importedIds) {
      if (!BARRELS.some((b) => b.test(imported))) {
        yield imported;
        continue;
      }
      // A barrel: only the names this module imports from it.
      const spec = imported.includes('/@ant-design/icons/') ? '@ant-design/icons' : 'antd';
      for (const name of namesImported(info.code ?? '', spec)) {
        const target = barrelTarget(ctx, imported, name);
        if (target) yield target;
      }
    }
  });

/**
 * Chunk groups of the first routes (`build.rolldownOptions.output.codeSplitting`). Rolldown's own splitting gives each
 * set of pages that share a module a chunk of its own: the entry came in 27 files and the overview in 15 more, many
 * under 1 kB brotli (the runtime, jsx-runtime, antd's KeyCode, CloseOutlined, the button…), each a request to a
 * single-threaded server through the browser's six connections. Grouped:
 * - everything the entry imports (rolldown's `$initial`: its static imports, after tree-shaking) in one chunk: the
 *   console loads all of it before it draws anyway, so no page loads more than before;
 * - the console's own modules the overview view imports that other pages import too (page frame, live channels,
 *   channel catalogue, PNG button…) in one chunk; the view's own code stays in its chunk, and a module only other
 *   pages use stays where rolldown puts it.
 * A module loaded on demand (`import()`: the views, the language strings, the chart code) keeps a chunk of its own:
 * first-route-preload.ts and scripts/bundle-budget.mjs find them by it.
 */
export const firstRouteChunks: Rolldown.CodeSplittingOptions = {
  groups: [
    { name: 'entry', tags: ['$initial'], priority: 20 },
    {
      name: (id, ctx) =>
        !ctx.getModuleInfo(id)?.dynamicImporters.length &&
        OVERVIEW.some((view) => ownClosure(ctx, view).has(id))
          ? 'overview-shared'
          : null,
      debugName: 'overview-shared',
      minShareCount: 2,
      priority: 10,
    },
    {
      // What the speed page's first draw runs beyond the entry and the overview: antd's pieces its panels draw (input
      // number, space, tag…), their icons, and the console's modules it shares with other pages. Not a module the
      // overview runs (its pages would then load this chunk), nor one loaded on demand.
      name: (id, ctx) =>
        !ctx.getModuleInfo(id)?.dynamicImporters.length &&
        SPEED.some((view) => reachedBy(ctx, view).has(id)) &&
        !OVERVIEW.some((view) => reachedBy(ctx, view).has(id))
          ? 'speed-shared'
          : null,
      debugName: 'speed-shared',
      minShareCount: 2,
      priority: 5,
    },
  ],
};
