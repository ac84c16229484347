import { consumptionResponseSchema } from '@ecohelm/contracts';
import { fuelChannels } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumptionService } from '../src/features/consumption/consumption.service.ts';
import { expectRefusedAt, get } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const DAY = 86_400_000;

describe('consumption distribution on simulated history', () => {
  let t: TestApp;
  const now = Date.parse('2026-06-01T00:00:00Z');
  const service = () => new ConsumptionService(t.services.telemetry, t.services.voyages, () => now);

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    await simulateHistory(t, now, 40);
  }, 300_000);
  afterAll(() => t?.close());

  it('gives every kilogram the meters measured to its consumer, the same as the minutes add up to', async () => {
    const from = now - 14 * DAY;
    const body = consumptionResponseSchema.parse(
      await service().report({ from: new Date(from).toISOString(), to: new Date(now).toISOString() }),
    );
    const c = body.current;
    expect(c.hours).toBe(14 * 24);
    // Independent sum for the main engine, whose meters the simulator writes every minute: one-minute means × 60 s.
    let minutesKg = 0;
    for (const m of fuelChannels.filter((f) => f.equipment === 'me')) {
      for (const r of await t.services.telemetry.rollups('1m', m.id, from, now))
        minutesKg += (r.sum / r.n) * 60;
    }
    const me = c.byConsumer.find((x) => x.consumer === 'me')!.fuelT;
    expect(Math.abs(me - minutesKg / 1000) / me).toBeLessThan(0.002);
    const byConsumer = c.byConsumer.reduce((s, x) => s + x.fuelT, 0);
    const byMode = c.byMode.reduce((s, x) => s + x.fuelT, 0);
    const matrix = c.matrix.reduce((s, x) => s + x.fuelT, 0);
    for (const sum of [byConsumer, byMode, matrix]) expect(sum).toBeCloseTo(c.total.fuelT, 9);
    expect(c.byMode.reduce((s, x) => s + x.hours, 0)).toBe(c.hours);
    // CO2 between the C_F of MGO and HFO-class fuels; energy between 40 and 43 GJ/t.
    expect(c.total.co2T / c.total.fuelT).toBeGreaterThan(3.1);
    expect(c.total.co2T / c.total.fuelT).toBeLessThan(3.21);
    expect(c.total.energyGj / c.total.fuelT).toBeGreaterThan(39);
    expect(c.total.energyGj / c.total.fuelT).toBeLessThan(43.5);
  });

  it('places the main engine at sea and the generators everywhere, as the simulated voyages ran', async () => {
    const c = consumptionResponseSchema.parse(await service().report({})).current;
    expect(c.hours).toBe(30 * 24);
    const mode = (m: string) => c.byMode.find((x) => x.mode === m)!;
    expect(mode('sea_passage').hours).toBeGreaterThan(24 * 5);
    expect(mode('port').hours + mode('anchorage').hours).toBeGreaterThan(12);
    const me = (m: string) => c.matrix.find((x) => x.consumer === 'me' && x.mode === m)!.fuelT;
    const meTotal = c.byConsumer.find((x) => x.consumer === 'me')!.fuelT;
    // The main engine stops at the berth and at anchor; at sea it burns most of the ship's fuel.
    expect(me('port') + me('anchorage')).toBeLessThan(0.01 * meTotal);
    expect(me('sea_passage')).toBeGreaterThan(0.8 * meTotal);
    expect(meTotal).toBeGreaterThan(0.6 * c.total.fuelT);
    // The generators run in every mode the ship was in.
    for (const m of c.byMode.filter((x) => x.hours > 0)) {
      const ge = c.matrix.filter((x) => x.consumer.startsWith('ge') && x.mode === m.mode);
      expect(
        ge.reduce((s, x) => s + x.fuelT, 0),
        m.mode,
      ).toBeGreaterThan(0);
    }
  });

  it('compares with the period of the same length before', async () => {
    const body = consumptionResponseSchema.parse(
      await service().report({ from: '2026-05-25T00:00:00.000Z', to: '2026-06-01T00:00:00.000Z' }),
    );
    expect(body.previous.from).toBe('2026-05-18T00:00:00.000Z');
    expect(body.previous.to).toBe('2026-05-25T00:00:00.000Z');
    expect(body.previous.hours).toBe(7 * 24);
    expect(body.previous.total.fuelT).toBeGreaterThan(0);
  });

  it('refuses a range that ends before it starts, at the field', async () => {
    const res = await get(t, '/api/v1/consumption?from=2026-05-25T00:00:00.000Z&to=2026-05-20T00:00:00.000Z');
    expectRefusedAt(res, 'querystring.to', 'The end of the range must be after its start.');
    const ok = await get(t, '/api/v1/consumption');
    expect(ok.statusCode).toBe(200);
  });
});
