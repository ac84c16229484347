import { type LonLat, Track } from './geo.ts';

/**
 * The simulated trade: a Supramax in a round trip Qingdao → Singapore → Suez → Rotterdam → Gdańsk and
 * back, steel products westbound and grain eastbound. Port positions are real (berths and anchorages
 * read off charts, ±0.01°); the waypoints are hand-made along the usual sea lanes (traffic separation
 * schemes of the Taiwan Strait, Singapore and Malacca Straits, Bab-el-Mandeb, Gulf of Suez, Strait of
 * Gibraltar, Ushant, Dover Strait, Skagerrak/Kattegat and Great Belt), kept in water: `route.test.ts` checks
 * every leg against Natural Earth land (world-atlas land-50m), except the Suez Canal, which is too narrow for it.
 */

export type PortId = 'CNQDG' | 'SGSIN' | 'NLRTM' | 'PLGDN';

export interface Port {
  /** UN/LOCODE without the space. */
  id: PortId;
  nameEn: string;
  nameZh: string;
  /** Berth (or, for a bunker call, the anchorage) where the port call happens. */
  berth: LonLat;
  /** Outer anchorage for waiting. */
  anchorage: LonLat;
  /** Ship time offset used in remarks, hours. */
  utcOffsetH: number;
}

const port = (
  id: PortId,
  nameEn: string,
  nameZh: string,
  berth: LonLat,
  anchorage: LonLat,
  utcOffsetH: number,
): Port => ({
  id,
  nameEn,
  nameZh,
  berth,
  anchorage,
  utcOffsetH,
});

export const PORTS: Record<PortId, Port> = {
  CNQDG: port('CNQDG', 'Qingdao', '青岛', [120.2, 36.03], [120.55, 35.85], 8),
  SGSIN: port('SGSIN', 'Singapore', '新加坡', [103.93, 1.245], [103.93, 1.245], 8),
  NLRTM: port('NLRTM', 'Rotterdam', '鹿特丹', [4.03, 51.975], [3.6, 52.05], 1),
  PLGDN: port('PLGDN', 'Gdansk', '格但斯克', [18.69, 54.425], [18.85, 54.55], 1),
};

/** Named places along the legs used for canal transits. */
export const SUEZ = {
  southAnchorage: [32.56, 29.87] as LonLat,
  portSaid: [32.33, 31.3] as LonLat,
};

const QDG_SIN: LonLat[] = [
  PORTS.CNQDG.berth,
  [120.28, 36.03],
  [120.34, 35.97],
  [120.55, 35.85],
  [121.3, 35.2],
  [122.6, 32.5],
  [122.9, 30.0],
  [121.7, 27.6],
  [120.3, 25.5],
  [119.4, 24.0],
  [117.5, 22.6],
  [114.5, 21.3],
  [111.8, 18.3],
  [110.3, 12.5],
  [108.0, 8.2],
  [105.6, 4.5],
  [104.6, 1.65],
  [104.35, 1.22],
  PORTS.SGSIN.berth,
];

/** Singapore to the Suez southern anchorage: Malacca Strait, Six Degree Channel, Dondra Head, Gulf of Aden, Red Sea. */
const SIN_SUEZ: LonLat[] = [
  PORTS.SGSIN.berth,
  [103.6, 1.15],
  [103.3, 1.2],
  [102.2, 2.1],
  [101.1, 2.75],
  [100.4, 3.6],
  [98.8, 5.3],
  [97.2, 6.0],
  [94.8, 6.2],
  [86.0, 5.8],
  [80.6, 5.65],
  [76.0, 7.3],
  [72.9, 7.9],
  [62.0, 11.3],
  [55.0, 13.2],
  [51.5, 12.9],
  [48.0, 12.35],
  [45.0, 12.45],
  [43.6, 12.55],
  [43.35, 12.5],
  [43.1, 12.9],
  [42.6, 13.7],
  [41.9, 14.9],
  [40.2, 17.3],
  [38.3, 20.4],
  [36.6, 23.3],
  [35.0, 25.9],
  [34.0, 27.35],
  [33.65, 27.8],
  [33.1, 28.6],
  [32.65, 29.55],
  SUEZ.southAnchorage,
];

/** The Suez Canal: Suez, Great Bitter Lake, Ismailia, Port Said (only leg allowed over Natural Earth land). */
export const SUEZ_CANAL: LonLat[] = [
  SUEZ.southAnchorage,
  [32.56, 29.93],
  [32.53, 30.1],
  [32.4, 30.3],
  [32.33, 30.45],
  [32.3, 30.6],
  [32.31, 30.85],
  [32.32, 31.1],
  SUEZ.portSaid,
];

/** Port Said to Rotterdam: south of Crete, Malta Channel, Cape Bon, Alboran, Gibraltar, Portugal, Finisterre, Ushant, Channel. */
const PORTSAID_RTM: LonLat[] = [
  SUEZ.portSaid,
  [32.2, 31.7],
  [28.0, 33.2],
  [24.5, 34.45],
  [21.0, 35.6],
  [16.5, 36.25],
  [14.8, 36.4],
  [12.6, 36.9],
  [11.3, 37.55],
  [9.6, 37.85],
  [5.0, 37.45],
  [1.0, 36.7],
  [-2.2, 36.3],
  [-4.5, 35.95],
  [-5.4, 35.95],
  [-6.2, 35.9],
  [-9.1, 36.7],
  [-9.75, 37.5],
  [-9.9, 39.0],
  [-9.9, 42.0],
  [-9.7, 43.4],
  [-7.0, 46.5],
  [-5.6, 48.7],
  [-4.0, 49.6],
  [-1.5, 50.1],
  [0.5, 50.45],
  [1.45, 50.95],
  [2.3, 51.35],
  [3.3, 51.85],
  [3.9, 52.0],
  PORTS.NLRTM.berth,
];

/** Rotterdam to Gdańsk north about Denmark: German Bight, Skagen, Kattegat, Great Belt, Fehmarn Belt, Bornholm. */
const RTM_GDN: LonLat[] = [
  PORTS.NLRTM.berth,
  [3.9, 52.0],
  [3.8, 52.6],
  [4.6, 53.35],
  [6.5, 54.0],
  [7.4, 55.2],
  [7.5, 56.6],
  [8.4, 57.45],
  [10.0, 57.95],
  [10.75, 57.9],
  [11.1, 57.6],
  [11.45, 57.15],
  [11.3, 56.75],
  [11.25, 56.3],
  [11.0, 55.95],
  [10.95, 55.75],
  [10.9, 55.6],
  [11.0, 55.3],
  [11.0, 55.1],
  [10.95, 54.95],
  [10.95, 54.8],
  [11.0, 54.7],
  [11.15, 54.62],
  [11.7, 54.55],
  [12.4, 54.6],
  [13.4, 54.85],
  [14.3, 54.8],
  [15.5, 54.75],
  [17.0, 54.85],
  [18.4, 54.95],
  [19.0, 54.7],
  [18.85, 54.5],
  PORTS.PLGDN.berth,
];

/** Gdańsk to Port Said without calling at Rotterdam: the Baltic leg reversed, then the Channel and Mediterranean. */
const GDN_PSD: LonLat[] = [...RTM_GDN.slice(2).reverse(), ...PORTSAID_RTM.slice(0, -2).reverse()];

export type PassageId = 'QDG-SIN' | 'SIN-SUEZ' | 'SUEZ-CANAL' | 'PSD-RTM' | 'RTM-GDN' | 'GDN-PSD';

/** Every sea passage, in its westbound direction. */
export const PASSAGES: Record<PassageId, readonly LonLat[]> = {
  'QDG-SIN': QDG_SIN,
  'SIN-SUEZ': SIN_SUEZ,
  'SUEZ-CANAL': SUEZ_CANAL,
  'PSD-RTM': PORTSAID_RTM,
  'RTM-GDN': RTM_GDN,
  'GDN-PSD': GDN_PSD,
};

const tracks = new Map<string, Track>();
/** The track of a passage, westbound or reversed (eastbound); cached. */
export function passageTrack(id: PassageId, reverse = false): Track {
  const key = `${id}:${reverse}`;
  let t = tracks.get(key);
  if (!t) {
    t = new Track(PASSAGES[id]);
    if (reverse) t = t.reversed();
    tracks.set(key, t);
  }
  return t;
}
