import { create } from 'zustand';

/** A ship or loading status as SPEC §3 lists it. */
export interface StatusEntry {
  nameZh: string;
  nameEn: string;
  value: number;
}

/** SPEC §3: ship status 1 Maneuver, 2 Underway, 3 Anchored, 4 Drifiting (spelt so), 5 Other. */
export const shipStatusList: readonly StatusEntry[] = [
  { nameZh: '机动操纵', nameEn: 'Maneuver', value: 1 },
  { nameZh: '航行', nameEn: 'Underway', value: 2 },
  { nameZh: '锚泊', nameEn: 'Anchored', value: 3 },
  { nameZh: '漂航', nameEn: 'Drifiting', value: 4 },
  { nameZh: '其他', nameEn: 'Other', value: 5 },
];

/** SPEC §3: loading status 1 Laden, 2 Ballasted, 3 Non-laden. */
export const loadingStatusList: readonly StatusEntry[] = [
  { nameZh: '满载', nameEn: 'Laden', value: 1 },
  { nameZh: '压载', nameEn: 'Ballasted', value: 2 },
  { nameZh: '空载', nameEn: 'Non-laden', value: 3 },
];

/** SPEC §9: voyage numbers 2301 to 2304. */
export const voyageNumberList: readonly number[] = [2301, 2302, 2303, 2304];

export const defaultShipType = 'sh';

/** The spec's global state (SPEC §3) with its four setters (SPEC §4). */
export interface GlobalState {
  isHome: boolean;
  permissions: string[];
  shipType: string;
  voyageNumberList: readonly number[];
  shipStatusList: readonly StatusEntry[];
  loadingStatusList: readonly StatusEntry[];
  ecaWarningModalVisible: boolean;
  setIsHome: (isHome: boolean) => void;
  setPermissions: (permissions: string[]) => void;
  setShipType: (shipType: string) => void;
  setEcaWarningModalVisible: (visible: boolean) => void;
}

export const initialGlobalState = {
  isHome: true,
  permissions: [] as string[],
  shipType: defaultShipType,
  voyageNumberList,
  shipStatusList,
  loadingStatusList,
  ecaWarningModalVisible: false,
};

export const useGlobalStore = create<GlobalState>()((set) => ({
  ...initialGlobalState,
  setIsHome: (isHome) => set({ isHome }),
  setPermissions: (permissions) => set({ permissions }),
  setShipType: (shipType) => set({ shipType }),
  setEcaWarningModalVisible: (ecaWarningModalVisible) => set({ ecaWarningModalVisible }),
}));

/** shipType from the address query `type`, `sh` when absent (SPEC §4). */
export function shipTypeFromSearch(search: string): string {
  const type = new URLSearchParams(search).get('type');
  return type?.trim() ? type.trim() : defaultShipType;
}
