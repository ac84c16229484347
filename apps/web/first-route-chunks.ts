import path from 'node:path';
import type { Rolldown } from 'vite';
import { FIRST_ROUTE_MODULES } from './first-route-preload.ts';

type ModuleInfo = Rolldown.ModuleInfo;
type ChunkingContext = Parameters<Rolldown.CodeSplittingNameFunction>[1];

/** The overview's modules loaded on demand (the view), as module ids. */
const OVERVIEW = (FIRST_ROUTE_MODULES['/overview'] ?? []).map((m) => path.resolve(import.meta.dirname, m));

/**
 * The console's own modules (apps/web/src, packages/*) a module imports statically, transitively, itself included;
 * kept for the chunking pass its module info belongs to. Imports of packages are not followed: the chunking pass sees
 * the module graph before tree-shaking, where `import { Tag } from 'antd'` reaches every antd component.
 */
const closures = new WeakMap<ModuleInfo, Set<string>>();
function ownClosure(ctx: ChunkingContext, id: string): Set<string> {
  const root = ctx.getModuleInfo(id);
  if (!root) return new Set();
  const kept = closures.get(root);
  if (kept) return kept;
  const seen = new Set<string>();
  const visit = (next: string) => {
    if (seen.has(next)) return;
    seen.add(next);
    for (const imported of ctx.getModuleInfo(next)?.importedIds ?? [])
      if (!imported.includes('/node_modules/')) visit(imported);
  };
  visit(id);
  closures.set(root, seen);
  return seen;
}

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
  ],
};
