import { beforeEach, describe, expect, it } from 'vitest';
import { initialGlobalState, shipTypeFromSearch, useGlobalStore } from './store';

describe('global state (SPEC §3)', () => {
  beforeEach(() => useGlobalStore.setState(initialGlobalState));

  it('starts with the spec values', () => {
    const state = useGlobalStore.getState();
    expect(state.isHome).toBe(true);
    expect(state.permissions).toEqual([]);
    expect(state.shipType).toBe('sh');
    expect(state.ecaWarningModalVisible).toBe(false);
    expect(state.voyageNumberList).toEqual([2301, 2302, 2303, 2304]);
    expect(state.shipStatusList.map((s) => [s.value, s.nameEn])).toEqual([
      [1, 'Maneuver'],
      [2, 'Underway'],
      [3, 'Anchored'],
      [4, 'Drifiting'],
      [5, 'Other'],
    ]);
    expect(state.loadingStatusList.map((s) => [s.value, s.nameEn])).toEqual([
      [1, 'Laden'],
      [2, 'Ballasted'],
      [3, 'Non-laden'],
    ]);
    for (const entry of [...state.shipStatusList, ...state.loadingStatusList])
      expect(entry.nameZh).not.toBe('');
  });

  it('has exactly the four setters', () => {
    const setters = Object.keys(useGlobalStore.getState()).filter((key) => key.startsWith('set'));
    expect(setters.sort()).toEqual([
      'setEcaWarningModalVisible',
      'setIsHome',
      'setPermissions',
      'setShipType',
    ]);
    const { setIsHome, setPermissions, setShipType, setEcaWarningModalVisible } = useGlobalStore.getState();
    setIsHome(false);
    setPermissions(['dashboard:read']);
    setShipType('bulk');
    setEcaWarningModalVisible(true);
    expect(useGlobalStore.getState()).toMatchObject({
      isHome: false,
      permissions: ['dashboard:read'],
      shipType: 'bulk',
      ecaWarningModalVisible: true,
    });
  });

  it('takes shipType from the query `type`, `sh` when absent', () => {
    expect(shipTypeFromSearch('?type=lng&x=1')).toBe('lng');
    expect(shipTypeFromSearch('?x=1')).toBe('sh');
    expect(shipTypeFromSearch('?type=')).toBe('sh');
  });
});
