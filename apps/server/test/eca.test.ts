import { ecaResponseSchema } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecaCircle } from '../../../testing/factories.ts';
import { call, expectRefusedAt, get } from './http.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

// Off Qingdao, outside every legal zone; the crew's area is centred 20 nm south of the ship.
const SHIP = { latitude: 36.2, longitude: 120.6 };
const CENTRE = { latitude: SHIP.latitude - 20 / 60, longitude: SHIP.longitude };
const iso = (t: number) => new Date(t).toISOString();

describe.each(storeKinds)('ECA monitor on %s', (kind) => {
  let t: TestApp;
  const eca = async () => ecaResponseSchema.parse((await get(t, '/api/v1/eca')).json());
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = t.auth) =>
    call(t, method, url, payload, headers);
  /** The crew's area around CENTRE: 12 nm, 0.1 % sulphur from 2026 on; `over` replaces any field. */
  const crewArea = (over: Parameters<typeof ecaCircle>[0]) =>
    send('POST', '/api/v1/eca/zones', ecaCircle({ ...CENTRE, ...over }));
  /** The ship steaming south at 12 kn towards the area, a sample every 5 s for `seconds`. */
  const sail = (from: number, seconds: number) =>
    send('POST', '/api/v1/ingest/signalk', {
      context: 'vessels.self',
      updates: Array.from({ length: seconds / 5 }, (_, i) => ({
        timestamp: iso(from + i * 5000),
        values: [
          { path: 'navigation.position', value: SHIP },
          { path: 'navigation.speedOverGround', value: (12 * 1852) / 3600 },
          { path: 'navigation.courseOverGroundTrue', value: Math.PI },
        ],
      })),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('lists every zone with the ship outside them all, far from any legal boundary', async () => {
    expect((await sail(Date.now() + 60_000, 30)).statusCode).toBe(200);
    const body = await eca();
    expect(body.position?.latitude).toBeCloseTo(SHIP.latitude, 9);
    expect(body.state).toBe('normal');
    expect(body.zones.find((z) => z.id === 'north_sea_eca')?.distanceNm).toBeGreaterThan(3000);
    expect(body.zones.find((z) => z.id === 'china_deca')?.geofenced).toBe(false);
    expect(body.settings).toMatchObject({ warningDistanceNm: 10, tipDistanceNm: 2, watchedZoneIds: null });
    expect(body.track.length).toBeGreaterThan(0);
  });

  it('refuses a range that crosses itself and dates in the wrong order, at the fields', async () => {
    const bowtie = await send('POST', '/api/v1/eca/zones', {
      kind: 'range',
      name: 'Crossed',
      sulphurLimitPercent: 0.1,
      from: '2026-01-01',
      until: null,
      positions: [
        { latitude: 35, longitude: 120 },
        { latitude: 36, longitude: 121 },
        { latitude: 35, longitude: 121 },
        { latitude: 36, longitude: 120 },
      ],
    });
    expectRefusedAt(
      bowtie,
      'body.positions',
      'These positions do not bound an area. the boundary crosses itself (side 1 and side 3)',
    );
    const dates = await crewArea({ name: 'Backwards', from: '2026-06-01', until: '2026-01-01' });
    expectRefusedAt(dates, 'body.until', 'The last day must not be before the first day.');
    expect((await send('POST', '/api/v1/eca/zones', { kind: 'circle' })).statusCode).toBe(400);
    expect((await eca()).customZones).toEqual([]);
  });

  it('takes a crew area into the geofence at once: the monitor, the overview and an ECA alarm', async () => {
    const added = await crewArea({ name: 'Qingdao port control area' });
    expect(added.statusCode).toBe(201);
    const zone = added.json();
    expect(zone.ring).toHaveLength(73);
    const body = await eca();
    expect(body.state).toBe('warning');
    expect(body.nearest?.id).toBe(zone.id);
    expect(body.nearest?.distanceNm).toBeCloseTo(8, 1);
    // 8 nm at 12 kn, heading straight at it.
    expect(body.nearest?.hoursToBoundary).toBeCloseTo(8 / 12, 2);
    const overview = (await get(t, '/api/v1/overview?period=day')).json();
    expect(overview.eca.nearestZone).toBe('Qingdao port control area');
    // The alarm watch raises the ECA warning on the next positions.
    await sail(Date.now() + 120_000, 30);
    const history = await eca();
    const alarm = history.alarms.find((a) => a.type === 'eca_warning');
    expect(alarm).toBeDefined();
    expect(alarm!.minDistanceNm).toBeCloseTo(8, 0);
  });

  it('keeps the crew distances and zones watched, refusing a tip beyond the warning', async () => {
    const bad = await send('PUT', '/api/v1/eca/settings', {
      warningDistanceNm: 5,
      tipDistanceNm: 6,
      watchedZoneIds: null,
    });
    expectRefusedAt(bad, 'body.tipDistanceNm', 'The tip distance must be below the warning distance.');
    const unknown = await send('PUT', '/api/v1/eca/settings', {
      warningDistanceNm: 10,
      tipDistanceNm: 2,
      watchedZoneIds: ['atlantis'],
    });
    expect(unknown.statusCode).toBe(400);
    const viewer = await viewerAuth(t);
    expect(
      (
        await send(
          'PUT',
          '/api/v1/eca/settings',
          { warningDistanceNm: 5, tipDistanceNm: 2, watchedZoneIds: null },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    const ok = await send('PUT', '/api/v1/eca/settings', {
      warningDistanceNm: 5,
      tipDistanceNm: 2,
      watchedZoneIds: null,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().updatedBy).toBe('TEST-01');
    // 8 nm is outside a 5 nm warning.
    expect((await eca()).state).toBe('normal');
    const custom = (await eca()).customZones[0]!;
    await send('PUT', '/api/v1/eca/settings', {
      warningDistanceNm: 10,
      tipDistanceNm: 2,
      watchedZoneIds: ['north_sea_eca', 'baltic_sea_eca'],
    });
    const unwatched = await eca();
    expect(unwatched.zones.find((z) => z.id === custom.id)?.watched).toBe(false);
    expect(unwatched.state).toBe('normal');
  });

  it('removes a crew area; the legal ones cannot be removed', async () => {
    const body = await eca();
    const id = body.customZones[0]!.id;
    expect((await send('DELETE', `/api/v1/eca/zones/${id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/v1/eca/zones/${id}`)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/v1/eca/zones/north_sea_eca')).statusCode).toBe(404);
    expect((await eca()).customZones).toEqual([]);
    const rings = (await get(t, '/api/v1/eca/zones')).json();
    expect(rings.zones.find((z: { id: string }) => z.id === 'north_sea_eca').ring.length).toBeGreaterThan(
      100,
    );
  });
});
