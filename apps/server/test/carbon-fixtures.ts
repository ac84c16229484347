import type { ShipInput } from '@ecohelm/contracts';
import type { TestApp } from './stores.ts';

/** A complete, valid ship (IMO 9074729 has a correct check digit). */
export const validShip = (): ShipInput => ({
  mmsi: '413000001',
  imoNumber: '9074729',
  nameEn: 'ECO HELM',
  nameZh: '生态舵',
  shipType: 'bulk_carrier',
  flagState: 'China',
  deadweightT: 82_000,
  grossTonnage: 44_000,
  serviceSpeedKn: 14,
  fuelTypes: [
    { fuelType: 'ls_hfo', maxCapacityT: 2_500 },
    { fuelType: 'mdo_mgo', maxCapacityT: 400 },
  ],
  consumptionMethod: 'bdn',
});

/** A logged-in viewer (no write permissions), for 403 cases. */
export async function viewerAuth(t: TestApp): Promise<{ authorization: string }> {
  const device = await t.services.sessions.registerDevice({
    code: 'VIEWER-01',
    name: 'Viewer',
    role: 'viewer',
    secret: 'viewer-secret',
  });
  const { token } = await t.services.sessions.issueToken(device.id, 'device');
  return { authorization: `Bearer ${token}` };
}

export const departure = (over: Record<string, unknown> = {}) => ({
  kind: 'departure',
  voyageNumber: '2301',
  regimes: ['eu_mrv', 'imo_dcs'],
  portNameEn: 'Rotterdam',
  eventTime: '2025-03-02T08:00:00Z',
  cargoT: 70_000,
  ballastT: 0,
  fuel: [{ fuelType: 'ls_hfo', robT: 900, consumedT: 5 }],
  ...over,
});

export const arrival = (over: Record<string, unknown> = {}) => ({
  kind: 'arrival',
  voyageNumber: '2301',
  regimes: ['eu_mrv', 'imo_dcs'],
  portNameEn: 'Rotterdam',
  eventTime: '2025-03-01T08:00:00Z',
  distanceNm: 300,
  cargoT: 70_000,
  fuel: [{ fuelType: 'ls_hfo', robT: 700 }],
  ...over,
});
