import type { Permission } from '@ecohelm/contracts';
import { shipScope } from './ship-scope';
import { useGlobalStore } from './store';

/**
 * Whether the device may write; the server checks again (403). Unknown permissions allow the form. Nothing is
 * written in a ship's console on a shore: the shore's copy is read only.
 */
export function useCanWrite(permission: Permission): boolean {
  const permissions = useGlobalStore((s) => s.permissions);
  if (shipScope()) return false;
  return permissions.length === 0 || permissions.includes(permission);
}
