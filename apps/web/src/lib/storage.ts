/** localStorage keys shared by the shell. */
export const storageKeys = {
  /** Device token (SPEC §1, §3). */
  deviceToken: 'dcToken',
  /** Portal access token, checked by GET /api/dingtalk/check and appended to external menu entries. */
  accessToken: 'accessToken',
} as const;

/** The path of the device login page on the site root (SPEC §1). */
export const loginPath = '/dcLogin';

/**
 * The shore's user login page (fleet shape). A user's session token is kept under the same `dcToken` key and sent
 * the same way (`Authorization: Bearer`): the console has one bearer token, a device's or a user's.
 */
export const userLoginPath = '/login';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage that never throws (it can be unavailable or full). */
export const safeStorage: KeyValueStorage = {
  getItem: (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: (key, value) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // nothing to do: the token still works for this page's lifetime
    }
  },
  removeItem: (key) => {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to do
    }
  },
};

/** Full-page redirect to the device login page on this origin. */
export function redirectToLogin(): void {
  window.location.assign(`${window.location.origin}${loginPath}`);
}

/** Full-page redirect to the shore's user login page on this origin. */
export function redirectToUserLogin(): void {
  window.location.assign(`${window.location.origin}${userLoginPath}`);
}
