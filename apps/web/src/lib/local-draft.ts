import { safeStorage } from './storage';

/**
 * The open form's entries in local storage, so a reload or a failed save loses nothing
 * (DESIGN.md "Bad input gets a clear error and loses nothing").
 */
export const localDraft = {
  read<T>(key: string): T | undefined {
    const raw = safeStorage.getItem(key);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  write(key: string, value: unknown): void {
    safeStorage.setItem(key, JSON.stringify(value));
  },
  clear(key: string): void {
    safeStorage.removeItem(key);
  },
};

export const draftKeys = {
  ship: 'ecohelm.draft.ship',
  startInfo: 'ecohelm.draft.start-info',
  filling: 'ecohelm.draft.filling',
} as const;
