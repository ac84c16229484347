import { DAY_MS, MINUTE_MS } from '@ecohelm/domain';
import type { SimEvent, SimRecord } from './events.ts';
import type { StaySegment } from './plan.ts';

/** A bunkering planned for a port stay: when the barge pumps, in minutes of the stay, and how fast. */
export interface Bunkering {
  startMin: number;
  endMin: number;
  hfoKgPerMin: number;
  mgoKgPerMin: number;
}

/** Where the ship stands when a stay with a bunker call begins; the plan's BDN records and event go to its lists. */
export interface BunkeringContext {
  t: number;
  segDuration: number;
  robHfoKg: number;
  robMgoKg: number;
  pos: readonly [number, number];
  voyageIndex: number;
  records: SimRecord[];
  events: SimEvent[];
}

/**
 * The bunkering of a stay: HFO in Singapore below 1,650 t (to 1,750 t), gas oil below 380 t there or 330 t
 * elsewhere (to 450 t); one BDN record per fuel and a `bunkering` event, pumped from three hours into the stay.
 */
export function planBunkering(seg: StaySegment, at: BunkeringContext): Bunkering | undefined {
  const atSingapore = seg.port === 'SGSIN';
  const hfoT = atSingapore && at.robHfoKg < 1_650_000 ? Math.round((1_750_000 - at.robHfoKg) / 1000) : 0;
  const mgoT =
    at.robMgoKg < (atSingapore ? 380_000 : 330_000) ? Math.round((450_000 - at.robMgoKg) / 1000) : 0;
  if (hfoT <= 0 && mgoT <= 0) return undefined;
  const startMin = 180;
  const endMin = Math.min(at.segDuration - 60, startMin + (hfoT > 0 ? 600 : 240));
  const start = at.t + startMin * MINUTE_MS;
  const end = at.t + endMin * MINUTE_MS;
  const n = Math.floor(at.t / DAY_MS);
  const supplier = atSingapore
    ? ['Global Energy Singapore', 'Sinanju Tankers', 'Equatorial Marine Fuel'][n % 3]!
    : 'Bomin Bunker Oil Rotterdam';
  const place = seg.place;
  for (const [fuel, q, tank, s] of [
    ['ls_hfo', hfoT, '3P/3S', 0.48],
    ['mdo_mgo', mgoT, '5C', 0.08],
  ] as const) {
    if (q <= 0) continue;
    at.records.push({
      kind: 'bunker',
      port: place,
      fuelType: fuel,
      quantityT: q,
      supplier,
      startTime: start,
      endTime: end,
      tankNumber: tank,
      sulphurPct: s,
      bdnNumber: `${seg.port}-${new Date(start).toISOString().slice(0, 10).replaceAll('-', '')}-${fuel === 'ls_hfo' ? 'F' : 'G'}`,
    });
  }
  at.events.push({
    type: 'bunkering',
    t: start,
    lat: at.pos[1],
    lon: at.pos[0],
    port: seg.port,
    place,
    voyageIndex: at.voyageIndex,
    data: { hfoT, mgoT, supplier, endTime: new Date(end).toISOString() },
  });
  const minutes = endMin - startMin;
  return { startMin, endMin, hfoKgPerMin: (hfoT * 1000) / minutes, mgoKgPerMin: (mgoT * 1000) / minutes };
}
