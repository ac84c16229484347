import type { BunkerRecord, HullCleaningRecord, OilChangeRecord } from '@ecohelm/contracts';
import type { Selectable } from 'kysely';
import type {
  BunkerRecordRow,
  HullCleaningRecordsTable,
  OilChangeRecordRow,
} from '../../db/tables/records.ts';

export type RecordSource = 'crew' | 'simulator';

/** What every stored record says of itself: its id, who wrote it and when. */
const recordMeta = (r: Pick<BunkerRecordRow, 'id' | 'source' | 'created_at'>) => ({
  id: Number(r.id),
  source: r.source as RecordSource,
  createdAt: r.created_at,
});

/** Where (if known) and when a maintenance record's work was done. */
const whereAndWhen = (r: Pick<OilChangeRecordRow, 'latitude' | 'longitude' | 'start_time' | 'end_time'>) => ({
  latitude: r.latitude,
  longitude: r.longitude,
  startTime: r.start_time,
  endTime: r.end_time,
});

/** A stored bunker row as the API gives it (also the shore's copy of a ship's row). */
export function toBunkerRecord(r: BunkerRecordRow): BunkerRecord {
  return {
    ...recordMeta(r),
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
    ...recordMeta(r),
    equipment: r.equipment,
    oilTypeBefore: r.oil_type_before,
    oilTypeAfter: r.oil_type_after,
    ...whereAndWhen(r),
    reason: r.reason,
    operator: r.operator,
  };
}

/** A stored hull cleaning row as the API gives it. */
export function toHullCleaningRecord(r: Selectable<HullCleaningRecordsTable>): HullCleaningRecord {
  return {
    ...recordMeta(r),
    kind: r.kind as HullCleaningRecord['kind'],
    place: r.place,
    ...whereAndWhen(r),
    remark: r.remark,
  };
}
