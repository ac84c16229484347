import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../src/features/sync/sync.link.ts';
import { freePort, waitFor } from './peers.ts';
import { createTestApp } from './stores.ts';
import { startShipSync } from './sync-rig.ts';

describe('sync link pieces', () => {
  it('caps the sending rate with a token bucket of one second', async () => {
    let now = 0;
    const bucket = new TokenBucket(64, () => now);
    const sleep = async (ms: number) => {
      now += ms;
    };
    // 64 kbit/s is 8,000 bytes a second: the first second's worth goes at once, then 8,000 bytes a second.
    for (let i = 0; i < 10; i++) await bucket.take(4_000, sleep);
    expect(now).toBe(4_000);
    // A message larger than the bucket waits for a full bucket, and the next ones pay for it.
    await bucket.take(20_000, sleep);
    await bucket.take(1, sleep);
    expect(now).toBeGreaterThanOrEqual(4_000 + 1_000 + 1_500);
  });

  it('keeps trying a shore that does not answer, says so, and stops at once', async () => {
    const t = await createTestApp('sqlite');
    const port = await freePort();
    const link = startShipSync(`nats://127.0.0.1:${port}`, t);
    try {
      const status = await waitFor(
        async () => {
          const s = await link.service.status();
          return s.error ? s : undefined;
        },
        5_000,
        'the error',
      );
      expect(status).toMatchObject({ role: 'ship', connected: false, lastContactAt: null });
      const stopping = Date.now();
      await link.stop();
      expect(Date.now() - stopping).toBeLessThan(2_000);
    } finally {
      await link.stop();
      await t.close();
    }
  });

  it('with sync not configured, says so and connects nowhere', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect(t.config.sync).toBeUndefined();
      const res = await t.app.inject({ url: '/api/v1/sync', headers: t.auth });
      expect(res.json()).toMatchObject({ role: 'off', connected: false, backlog: { count: 0 } });
      expect(await t.testStore.store.db.selectFrom('sync_items').selectAll().execute()).toEqual([]);
      const decide = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sync/reviews',
        headers: t.auth,
        payload: { shipId: '1', recordId: 'x', decision: 'verified' },
      });
      expect(decide.statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});
