import type { RouteEntry } from './route-table';
import { visibleChildren } from './route-table';

export type SectionResolution = { child: RouteEntry } | { redirect: string } | { empty: true };

/** Removes trailing slashes except for the root. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Which child a section shows for the current path (SPEC §2 "Section container"): the visible child
 * whose path it is; otherwise a redirect to the first visible child. A hidden child (the load tab
 * with `hideLoadPage`) counts as "not one of the children", so its address also redirects.
 */
export function resolveSection(section: RouteEntry, pathname: string): SectionResolution {
  const children = visibleChildren(section);
  const path = normalizePath(pathname);
  const child = children.find((candidate) => candidate.path === path);
  if (child) return { child };
  const first = children[0];
  return first ? { redirect: first.path } : { empty: true };
}
