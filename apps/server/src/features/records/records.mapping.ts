import type { BunkerRecord, OilChangeRecord } from '@ecohelm/contracts';
import type { BunkerRecordRow, OilChangeRecordRow } from '../../db/tables/records.ts';

export type RecordSource = 'crew' | 'simulator';

/** A stored bunker row as the API gives it (also the shore's copy of a ship's row). */
export function toBunkerRecord(r: BunkerRecordRow): BunkerRecord {
  return {
    id: Number(r.id),
    source: r.source as RecordSource,
    createdAt: r.created_at,
    port: r.port,
    fuelType: r.fuel_type as BunkerRecord['fuelType'],
    quantityT: r.quantity_t,
    supplier: r.supplier,
    startTime: r.start_time,
    endTime: r.end_time,
    tankNumber: r.tank_number,
    sulphurPct: r.sulphur_pct,
    bdnNumber: r.bdn_number,
  };
}

/** A stored oil-change row as the API gives it. */
export function toOilChangeRecord(r: OilChangeRecordRow): OilChangeRecord {
  return {
    id: Number(r.id),
    source: r.source as RecordSource,
    createdAt: r.created_at,
    equipment: r.equipment,
    oilTypeBefore: r.oil_type_before,
    oilTypeAfter: r.oil_type_after,
    latitude: r.latitude,
    longitude: r.longitude,
    startTime: r.start_time,
    endTime: r.end_time,
    reason: r.reason,
    operator: r.operator,
  };
}
