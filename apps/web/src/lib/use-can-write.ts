import type { Permission } from '@ecohelm/contracts';
import { useGlobalStore } from './store';

/** Whether the device may write; the server checks again (403). Unknown permissions allow the form. */
export function useCanWrite(permission: Permission): boolean {
  const permissions = useGlobalStore((s) => s.permissions);
  return permissions.length === 0 || permissions.includes(permission);
}
