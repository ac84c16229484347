import { alarmCategories, alarmHistoryResponseSchema, ecaResponseSchema } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmsRepository } from '../src/features/alarms/alarms.repository.ts';
import { TelemetryRepository } from '../src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';
import { VesselSimulator } from '../src/simulator/simulator.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

/** A fresh simulated history gives the console alarms of every kind, acknowledged and cleared (issue 26). */
describe('alarms of the simulated history', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ url, headers: t.auth });

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    const telemetry = new TelemetryService(new TelemetryRepository(t.testStore.store));
    await telemetry.init();
    const sim = new VesselSimulator({
      voyages: t.services.voyages,
      records: t.services.records,
      history: telemetry,
      live: { write: async () => undefined },
      historyDays: 150,
      progress: () => undefined,
      alarms: new AlarmsRepository(t.testStore.store.db),
    });
    await sim.start({ live: false });
  }, 600_000);
  afterAll(() => t?.close());

  it('lists events of the four message-center types, each acknowledged at a console and cleared', async () => {
    for (const category of alarmCategories) {
      const res = alarmHistoryResponseSchema.parse(
        (await get(`/api/v1/alarms/history?category=${category}&pageSize=200`)).json(),
      );
      expect(res.total, category).toBeGreaterThan(0);
      for (const a of res.items) {
        expect(a.state).toBe('cleared');
        expect(a.acknowledgedBy).toMatch(/^(BRIDGE|ECR)-01$/);
        expect(Date.parse(a.acknowledgedAt!)).toBeGreaterThan(Date.parse(a.raisedAt));
        expect(Date.parse(a.clearedAt!)).toBeGreaterThan(Date.parse(a.acknowledgedAt!));
      }
    }
    const me = alarmHistoryResponseSchema.parse((await get('/api/v1/alarms/history?equipment=me')).json());
    expect(me.total).toBeGreaterThan(0);
  });

  it('gives the ECA monitor its warnings before the zones the ship entered', async () => {
    const eca = ecaResponseSchema.parse((await get('/api/v1/eca')).json());
    expect(eca.alarms.length).toBeGreaterThan(0);
    expect(new Set(eca.alarms.map((a) => a.type))).toEqual(new Set(['eca_warning', 'eca_changeover']));
    // The 10 nm warning sounds about 48 min before the entry at 12.5 kn, the 2 nm tip about 10 min before.
    const warning = eca.alarms.find((a) => a.type === 'eca_warning')!;
    const minutes = (Date.parse(warning.clearedAt!) - Date.parse(warning.raisedAt)) / 60_000;
    expect(minutes).toBeGreaterThan(40);
    expect(minutes).toBeLessThan(55);
  });
});
