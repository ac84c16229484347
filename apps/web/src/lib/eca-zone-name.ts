import type { TFunction } from 'i18next';

/**
 * The built-in ECA zones' English names (as the server sends them, packages/domain/data/eca-polygons.json) and their
 * ids, so a page that gets only a zone's name can say it in the console's language (`common.ecaZoneNames`).
 * The crew's own zones keep the name they gave.
 */
const IDS = new Map<string, string>([
  ['North American ECA - Pacific coasts of the United States and Canada', 'na_eca_pacific'],
  [
    'North American ECA - Atlantic coasts of the United States, Canada and France (Saint-Pierre-et-Miquelon) and Gulf of Mexico coast of the United States',
    'na_eca_atlantic_gulf',
  ],
  [
    'North American ECA - Hawaiian Islands (Hawaii, Maui, Oahu, Molokai, Niihau, Kauai, Lanai, Kahoolawe)',
    'na_eca_hawaii',
  ],
  ['United States Caribbean Sea ECA (Puerto Rico and US Virgin Islands)', 'us_caribbean_eca'],
  ['North Sea ECA', 'north_sea_eca'],
  ['Baltic Sea ECA', 'baltic_sea_eca'],
  ['Mediterranean Sea ECA (SOx and PM)', 'mediterranean_seca'],
  ['Norwegian Sea ECA', 'norwegian_sea_eca'],
  ['Canadian Arctic ECA', 'canadian_arctic_eca'],
  ['North-East Atlantic Ocean ECA', 'north_east_atlantic_eca'],
  ['China domestic ship emission control area (not an IMO ECA)', 'china_deca'],
]);

/** A zone's name in the console's language; a name not built in stays as it is. */
export function ecaZoneName(name: string, t: TFunction): string {
  const id = IDS.get(name);
  return id ? t(`common.ecaZoneNames.${id}`, { defaultValue: name }) : name;
}
