import { channelCatalogue, equipments } from '@ecohelm/domain';
import { describe, expect, it } from 'vitest';
import {
  alarmEquipmentFilterSchema,
  alarmEquipmentFilters,
  alarmEquipmentOrder,
  alarmGroupEquipment,
  equipmentOfAlarmFilter,
} from './alarms.ts';

describe('the alarm screens’ equipment', () => {
  it('lists every equipment with channels once, and only those, for the limits', () => {
    const withChannels = new Set(channelCatalogue.map((c) => c.equipment));
    expect(new Set(alarmEquipmentOrder)).toEqual(withChannels);
    expect(alarmEquipmentOrder.length).toBe(withChannels.size);
  });

  it('offers every filter the API takes, once, each group before its units', () => {
    expect([...alarmEquipmentFilters].sort()).toEqual([...alarmEquipmentFilterSchema.options].sort());
    for (const [group, units] of Object.entries(alarmGroupEquipment)) {
      if (units.length < 2) continue;
      const at = alarmEquipmentFilters.indexOf(group as 'ge' | 'boiler');
      expect(alarmEquipmentFilters.slice(at + 1, at + 1 + units.length)).toEqual(units);
    }
  });

  it('reads a group as its units and a unit as itself', () => {
    expect(equipmentOfAlarmFilter('ge')).toEqual(['ge1', 'ge2', 'ge3']);
    expect(equipmentOfAlarmFilter('boiler')).toEqual(['boiler1', 'boiler2']);
    for (const e of equipments) expect(equipmentOfAlarmFilter(e)).toEqual([e]);
  });
});
