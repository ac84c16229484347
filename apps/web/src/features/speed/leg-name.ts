import type { TFunction } from 'i18next';

/** The server's name of a split point, "WP09 −263 nm" (263 nm before WP09), and of the ship's own position. */
const BEFORE = /^(.*) −(\d+) nm$/;
const OWN_SHIP = 'Own ship';

/**
 * A leg end's name in the user's words: "263 nm before WP09" instead of "WP09 −263 nm" (which read as a negative
 * distance), "Own ship" in the user's language.
 */
export function legEndName(name: string, t: TFunction): string {
  if (name === OWN_SHIP) return t('speed.macro.ownShip');
  const m = BEFORE.exec(name);
  return m ? t('speed.macro.before', { name: m[1], nm: m[2] }) : name;
}
