import { jobsResponseSchema } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './stores.ts';

describe('background jobs of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const jobs = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: t.auth });
    expect(res.statusCode).toBe(200);
    return jobsResponseSchema.parse(res.json()).jobs;
  };

  it('declares every background job in one registry, with its schedule, and none runs before the process starts them', async () => {
    const list = await jobs();
    expect(list.map((j) => j.name)).toEqual(
      expect.arrayContaining([
        'equipment.assessment',
        'speed.advice',
        'telemetry.prune',
        'users.session-prune',
        'weather.grib-folder',
      ]),
    );
    for (const j of list) {
      expect(j.schedule).toMatch(/^[\d*/,-]+( [\d*/,-]+){4,5}$/);
      expect(j).toMatchObject({ runs: 0, failures: 0, lastRunAt: null, running: false });
    }
  });

  it('keeps a run: when, how long, and that it succeeded', async () => {
    await t.services.jobs.runNow('telemetry.prune');
    await t.services.jobs.runNow('equipment.assessment');
    const byName = new Map((await jobs()).map((j) => [j.name, j]));
    for (const name of ['telemetry.prune', 'equipment.assessment']) {
      const j = byName.get(name)!;
      expect(j.runs).toBe(1);
      expect(j.failures).toBe(0);
      expect(j.lastError).toBeNull();
      expect(Date.parse(j.lastRunAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(j.lastDurationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('asks for a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs' });
    expect(res.statusCode).toBe(401);
  });
});
