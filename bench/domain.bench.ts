// Domain benchmarks: CII over 10,000 voyages and ECA position checks per second (one core).
// Run: `node bench/domain.bench.ts` (Node 24, type stripping) or `npm run bench`.
// Each figure is the median of several runs after a warm-up.
import { calculateCii, ecaStatus } from '@ecohelm/domain';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VOYAGES = 10_000;
const ECA_CHECKS = Number(process.env.BENCH_ECA_CHECKS ?? 20_000);

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const rnd = lcg(42);
const shipTypes = ['bulk_carrier', 'tanker', 'container_ship', 'general_cargo_ship', 'lng_carrier'];
const voyages = Array.from({ length: VOYAGES }, (_, i) => ({
  shipType: shipTypes[i % shipTypes.length]!,
  dwt: 10_000 + Math.floor(rnd() * 200_000),
  year: 2023 + (i % 8),
  distanceNm: 200 + rnd() * 8000,
  fuelTonnes: { hfo: 10 + rnd() * 800, diesel_gas_oil: rnd() * 50, lng: i % 5 === 4 ? rnd() * 500 : 0 },
}));

// CPU time of the main thread, ms (one core): on a shared, loaded machine wall time measures the run
// queue, not the code. Wall time is printed too.
const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
let wallCii = 0;
let wallEca = 0;

function benchCii(): number {
  const t0 = cpuMs();
  let sink = 0;
  const w0 = performance.now();
  for (const v of voyages) sink += calculateCii(v).attainedCii;
  wallCii = performance.now() - w0;
  const ms = cpuMs() - t0;
  if (!Number.isFinite(sink)) throw new Error('bad CII');
  return ms;
}

// Positions: half spread over the world's oceans, half near ECA boundaries (the costly case).
const prnd = lcg(7);
const near: [number, number][] = [
  [37, -124],
  [40, -71],
  [28, -92],
  [21, -157],
  [18, -66],
  [56, 3],
  [57, 11],
  [38, 5],
  [36, -5.7],
  [50, -5],
];
const positions = Array.from({ length: ECA_CHECKS }, (_, i) => {
  if (i % 2 === 0) return { lat: -60 + prnd() * 130, lon: -180 + prnd() * 360 };
  const [la, lo] = near[i % near.length]!;
  return { lat: la + (prnd() - 0.5) * 6, lon: lo + (prnd() - 0.5) * 6 };
});
const AT = Date.parse('2026-06-01T00:00:00Z');

function benchEca(): number {
  const t0 = cpuMs();
  let inside = 0;
  const w0 = performance.now();
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    const s = ecaStatus({ lat: p.lat, lon: p.lon, at: AT, sogKn: 12, cogDeg: (i * 37) % 360 });
    inside += s.insideZoneIds.length;
  }
  wallEca = performance.now() - w0;
  const ms = cpuMs() - t0;
  if (inside < 0) throw new Error('unreachable');
  return ms;
}

benchCii();
benchEca();
const ciiMs = median(Array.from({ length: RUNS }, benchCii));
const ecaMs = median(Array.from({ length: RUNS }, benchEca));
const ecaPerS = (ECA_CHECKS / ecaMs) * 1000;

const rows: [string, string, string][] = [
  [
    'CII over 10,000 voyages (calculateCii each)',
    `${ciiMs.toFixed(1)} ms`,
    `main-thread CPU time, median of ${RUNS} (last wall ${wallCii.toFixed(1)} ms)`,
  ],
  [
    `ECA checks per second (ecaStatus, all zones, SOG/COG; ${ECA_CHECKS.toLocaleString('en')} positions)`,
    `${Math.round(ecaPerS).toLocaleString('en')} /s`,
    `main-thread CPU time, median of ${RUNS} (last wall ${Math.round((ECA_CHECKS / wallEca) * 1000).toLocaleString('en')} /s); target ≥ 100,000 /s ${ecaPerS >= 100_000 ? 'met' : 'NOT met'}`,
  ],
];
const w = [0, 1, 2].map((c) =>
  Math.max(...rows.map((r) => r[c]!.length), ['benchmark', 'result', 'note'][c]!.length),
);
const line = (r: string[]) => `| ${r.map((x, i) => x.padEnd(w[i]!)).join(' | ')} |`;
console.log(line(['benchmark', 'result', 'note']));
console.log(`|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
