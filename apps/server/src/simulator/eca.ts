/**
 * The simulator's emission control areas along its own route, as simple regions that follow the legal
 * boundary lines of `shared/regulations/eca-zones.geojson`:
 * - North Sea + Baltic (MARPOL Annex VI reg. 14.3.1–2): east of 5°W and north of 48°30'N in European waters;
 *   the Skaw parallel only splits North Sea from Baltic, both are ECAs.
 * - Mediterranean SECA (MEPC.361(79), 0.10 % S from 2025-05-01): east of 5°36'W (Gibraltar), north of Port Said.
 * Good enough for a route that crosses each boundary once in each direction; the ECA module of the domain
 * package owns the general geofence for real ships.
 */

export type EcaId = 'north_sea_baltic' | 'mediterranean';

/** When the Mediterranean SOx limit of 0.10 % applies (MEPC.361(79)). */
export const MED_ECA_FROM_MS = Date.UTC(2025, 4, 1);

/** The ECA the position is in at time t, or undefined. */
export function ecaAt(lon: number, lat: number, tMs: number): EcaId | undefined {
  if (lat > 48.5 && lat < 66 && lon > -5 && lon < 31) return 'north_sea_baltic';
  if (tMs >= MED_ECA_FROM_MS && lon > -5.6 && lon < 37 && lat > 31.15 && lat < 46 && (lon > 0 || lat < 41)) {
    return 'mediterranean';
  }
  return undefined;
}
