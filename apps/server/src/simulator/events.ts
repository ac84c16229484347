import type { EventType } from './plan.ts';
import type { PortId } from './route.ts';

/** What the simulated ship does and files, as the simulator hands it to the product's services. */
export interface SimEvent {
  type: EventType;
  t: number;
  lat: number;
  lon: number;
  port: PortId | null;
  place: string | null;
  /** Index of the voyage (0 = the one under way at the origin); numbers are given by the caller. */
  voyageIndex: number;
  data: Record<string, string | number | boolean | null>;
}

export type SimRecord =
  | {
      kind: 'bunker';
      port: string;
      fuelType: 'ls_hfo' | 'mdo_mgo';
      quantityT: number;
      supplier: string;
      startTime: number;
      endTime: number;
      tankNumber: string;
      sulphurPct: number;
      bdnNumber: string;
    }
  | {
      kind: 'oil_change';
      equipment: string;
      oilTypeBefore: string;
      oilTypeAfter: string;
      lat: number;
      lon: number;
      startTime: number;
      endTime: number;
      reason: string;
      operator: string;
    }
  | {
      kind: 'hull_cleaning';
      place: string;
      lat: number;
      lon: number;
      startTime: number;
      endTime: number;
      remark: string;
    };
