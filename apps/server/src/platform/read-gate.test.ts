import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerReadGate } from './read-gate.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server whose reads take `ms` and count how many run at once; the gate holds them to `slots`. */
async function gatedServer(slots: number, ms = 30) {
  const app = Fastify();
  const gate = registerReadGate(app, slots);
  let running = 0;
  let most = 0;
  const slow = async () => {
    running++;
    most = Math.max(most, running);
    await sleep(ms);
    running--;
    return { ok: true };
  };
  app.get('/api/v1/slow', slow);
  app.post('/api/v1/slow', slow);
  app.get('/api/v1/telemetry/live', slow);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, gate, origin, most: () => most };
}

describe('the read gate', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('answers every read, running no more than its slots at once', async () => {
    const s = await gatedServer(2);
    close = () => s.app.close();
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => fetch(`${s.origin}/api/v1/slow`).then((r) => r.status)),
    );
    expect(answers).toEqual(Array(9).fill(200));
    expect(s.most()).toBe(2);
    expect(s.gate.queued()).toBe(0);
  });

  it('never holds back writes or the live stream', async () => {
    // Each held half a second: all six overlap even when a busy machine opens their connections tens of ms apart
    // (at 30 ms one had finished before the last began, once in a full test run).
    const s = await gatedServer(1, 500);
    close = () => s.app.close();
    await Promise.all([
      ...Array.from({ length: 3 }, () => fetch(`${s.origin}/api/v1/slow`, { method: 'POST' })),
      ...Array.from({ length: 3 }, () => fetch(`${s.origin}/api/v1/telemetry/live`)),
    ]);
    expect(s.most()).toBe(6);
  });

  it('hands on the slot of a client that went away', async () => {
    const s = await gatedServer(1, 100);
    close = () => s.app.close();
    const gone = new AbortController();
    const abandoned = fetch(`${s.origin}/api/v1/slow`, { signal: gone.signal }).catch(() => 'aborted');
    await sleep(20);
    gone.abort();
    expect(await abandoned).toBe('aborted');
    const answers = await Promise.all([fetch(`${s.origin}/api/v1/slow`), fetch(`${s.origin}/api/v1/slow`)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    // Had the gate kept the abandoned read's slot, these two would wait forever (the test's timeout).
    expect(s.gate.queued()).toBe(0);
  });
});
