import type { RouteEntry } from './route-table';
import { visibleChildren } from './route-table';

export interface MenuItemModel {
  key: string;
  label: string;
}

/** Top-menu items from the root entry: hidden entries left out, labels translated (SPEC §2 "Shell"). */
export function buildMenuItems(root: RouteEntry, t: (key: string) => string): MenuItemModel[] {
  return visibleChildren(root).map((entry) => ({ key: entry.key, label: t(entry.label) }));
}

function startsWithPath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/** Key of the visible entry whose path starts the current path, if any. */
export function selectedMenuKey(root: RouteEntry, pathname: string): string | undefined {
  return visibleChildren(root).find((entry) => entry.type !== 1 && startsWithPath(pathname, entry.path))?.key;
}

/** Adds `name=value` to an address, keeping its other query parameters and hash. */
export function withQueryParam(address: string, name: string, value: string): string {
  const [beforeHash, hash] = splitOnce(address, '#');
  const separator = beforeHash.includes('?') ? (beforeHash.endsWith('?') ? '' : '&') : '?';
  const added = `${beforeHash}${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  return hash === undefined ? added : `${added}#${hash}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

export type MenuTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

/**
 * Where selecting an entry leads: an external entry (type 1) opens its address in a new tab with the
 * stored access token appended as `token`; an entry with children goes to its first visible child;
 * any other entry goes to its own path.
 */
export function menuTarget(entry: RouteEntry, accessToken: string | null): MenuTarget {
  if (entry.type === 1) {
    const address = entry.external ?? entry.path;
    return { kind: 'external', url: accessToken ? withQueryParam(address, 'token', accessToken) : address };
  }
  const first = visibleChildren(entry)[0];
  return { kind: 'internal', path: first ? first.path : entry.path };
}

export function findEntry(root: RouteEntry, key: string): RouteEntry | undefined {
  return (root.children ?? []).find((entry) => entry.key === key);
}
