/**
 * The voyage ledger (`node bench/ledger.bench.ts`, part of `npm run bench`).
 *
 * 400 days of the simulator's history (ECOHELM_BENCH_LEDGER_DAYS) are written to a SQLite store and its voyage events
 * turned into filling records, as a new ship's console does. The bench then measures, median of 15 each:
 * - `buildLedger` alone on those records (one core, CPU time);
 * - the IMO DCS report of the year through the app when a record has just changed (the ledger built anew: the
 *   records read and checked, the ledger built, the year summed) and when nothing changed (the ledger cached);
 * - the CII statistics by voyage through the app, cached.
 * Budget (issue #24): the year's ledger of 400 days builds in < 500 ms.
 */
import { buildLedger } from '@ecohelm/domain';
import { ledgerEventOf, ledgerRecordsOf } from '../apps/server/src/features/ledger/ledger.service.ts';
import { prefillFillingRecords } from '../apps/server/src/simulator/prefill-filling.ts';
import { simulateHistory } from '../apps/server/test/sim-history.ts';
import { createTestApp } from '../apps/server/test/stores.ts';

const DAYS = Number(process.env.ECOHELM_BENCH_LEDGER_DAYS ?? 400);
const RUNS = 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

const t = await createTestApp('sqlite');
const now = Date.now();
const w0 = performance.now();
await simulateHistory(t, now, DAYS);
const { voyages, ships, filling, records } = t.services;
const prefilled = await prefillFillingRecords({ voyages, ships, filling, records });
const setupS = (performance.now() - w0) / 1000;
const stored = await filling.checked();
const year = new Date(now).getUTCFullYear();

// buildLedger alone: 100 builds a run (one is well under a millisecond), CPU time per build.
const build: number[] = [];
let legs = 0;
const events = ledgerRecordsOf(stored).map(ledgerEventOf);
for (let i = 0; i < RUNS + 3; i++) {
  const c0 = cpuMs();
  for (let k = 0; k < 100; k++) legs = buildLedger(events, { serviceSpeedKn: 13.5 }).legs.length;
  if (i >= 3) build.push((cpuMs() - c0) / 100);
}

const get = async (url: string) => {
  const w = performance.now();
  const res = await t.app.inject({ url, headers: t.auth });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return performance.now() - w;
};
const report = `/api/v1/reports?regime=imo_dcs&year=${year}`;
const statistics = `/api/v1/cii/statistics?dimension=voyage&unit=month&year=${year}`;
// A record changed: a crew note on the latest departure, saved through the API (the ledger's key changes).
const departure = stored.filter((r) => r.kind === 'departure').at(-1)!;
const cold: number[] = [];
const warm: number[] = [];
const cii: number[] = [];
await get(report);
for (let i = 0; i < RUNS; i++) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/filling/records/${departure.id}`,
    headers: t.auth,
    payload: {
      record: {
        kind: departure.kind,
        ...departure.data,
        eventTime: departure.eventTime,
        voyageNumber: departure.voyageNumber,
        regimes: departure.regimes,
        remark: `bench ${i}`,
      },
    },
  });
  if (res.statusCode !== 200) throw new Error(`update: ${res.statusCode} ${res.body.slice(0, 300)}`);
  cold.push(await get(report));
  warm.push(await get(report));
  cii.push(await get(statistics));
}
await t.close();

const f = (ms: number) => ms.toFixed(2);
console.log(
  `${DAYS} days of simulator history, ${prefilled.created} filling records, ${legs} passages (setup ${setupS.toFixed(0)} s)`,
);
console.log('| measure | median ms |');
console.log('| --- | --- |');
console.log(`| buildLedger alone (CPU per build) | ${f(median(build))} |`);
console.log(
  `| DCS report of ${year}, a record just changed (records read and checked, ledger built) | ${f(median(cold))} |`,
);
console.log(`| DCS report of ${year}, ledger cached | ${f(median(warm))} |`);
console.log(`| CII statistics by voyage, ledger cached | ${f(median(cii))} |`);
const ok = median(cold) < 500;
console.log(ok ? 'ledger budget (< 500 ms): met' : 'ledger budget (< 500 ms): NOT met');
process.exit(ok ? 0 : 1);
