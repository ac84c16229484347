/**
 * Build-time script: closes the ECA boundary lines of `data/eca-zones.geojson` along the coast of
 * Natural Earth land 50 m (public domain, npm `world-atlas`) and writes `data/eca-polygons.json`.
 * Run: `node packages/domain/scripts/build-eca-polygons.ts` (from the repo root). The runtime library
 * reads only the generated file, so it needs neither package.
 *
 * A line is never closed by joining its last vertex to its first: each legal line's end is snapped
 * to the coastline (nearest point for the Appendix VII lines, whose end-points lie on the coast by
 * definition; along the line for the parallels and meridians of the North Sea, Baltic and
 * Mediterranean definitions, whose end-points in the source are approximate), and the ring is
 * closed by walking the land polygon's coast between the snapped points, in the direction that
 * passes the given sea-side landmark.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';

type Pt = [number, number];
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const dataDir = join(here, '..', 'data');
const zonesFile = JSON.parse(readFileSync(join(dataDir, 'eca-zones.geojson'), 'utf8'));
const topo = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8'));
// biome-ignore lint/suspicious/noExplicitAny: TopoJSON typing of the land object is loose.
const land = feature(topo, topo.objects.land) as any;
const rings: Pt[][] = [];
for (const f of land.features ?? [land]) {
  const g = f.geometry;
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  for (const p of polys) rings.push(p[0]);
}

const cosLat = (lat: number) => Math.cos((lat * Math.PI) / 180);
function planar(a: Pt, b: Pt): number {
  return Math.hypot((a[0] - b[0]) * cosLat((a[1] + b[1]) / 2), a[1] - b[1]);
}

interface Snap {
  ring: number;
  seg: number; // point lies on segment seg..seg+1
  t: number;
  pt: Pt;
}

function nearestOnRing(p: Pt, onlyRing?: number): Snap {
  let best: Snap & { d: number } = { ring: -1, seg: -1, t: 0, pt: p, d: Number.POSITIVE_INFINITY };
  rings.forEach((r, ri) => {
    if (onlyRing !== undefined && ri !== onlyRing) return;
    const k = cosLat(p[1]);
    for (let i = 0; i < r.length - 1; i++) {
      const a = r[i]!;
      const b = r[i + 1]!;
      const ax = a[0] * k;
      const bx = b[0] * k;
      const px = p[0] * k;
      const dx = bx - ax;
      const dy = b[1] - a[1];
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (p[1] - a[1]) * dy) / len2));
      const q: Pt = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
      const d = planar(p, q);
      if (d < best.d) best = { ring: ri, seg: i, t, pt: q, d };
    }
  });
  return best;
}

function segIntersect(p: Pt, q: Pt, a: Pt, b: Pt): number | null {
  const r = [q[0] - p[0], q[1] - p[1]];
  const s = [b[0] - a[0], b[1] - a[1]];
  const den = r[0]! * s[1]! - r[1]! * s[0]!;
  if (den === 0) return null;
  const t = ((a[0] - p[0]) * s[1]! - (a[1] - p[1]) * s[0]!) / den;
  const u = ((a[0] - p[0]) * r[1]! - (a[1] - p[1]) * r[0]!) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : null;
}

/** Snaps `end` by moving along the line (from `prev` through `end`, ±reach degrees) to the coast crossing nearest `end`. */
function snapAlong(prev: Pt, end: Pt, reach = 0.6): Snap {
  const len = planar(prev, end);
  const ux = (end[0] - prev[0]) / len;
  const uy = (end[1] - prev[1]) / len;
  const p: Pt = [end[0] - ux * reach, end[1] - uy * reach];
  const q: Pt = [end[0] + ux * reach, end[1] + uy * reach];
  let best: Snap & { d: number } = { ring: -1, seg: -1, t: 0, pt: end, d: Number.POSITIVE_INFINITY };
  rings.forEach((r, ri) => {
    for (let i = 0; i < r.length - 1; i++) {
      const t = segIntersect(p, q, r[i]!, r[i + 1]!);
      if (t === null) continue;
      const pt: Pt = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
      const d = planar(pt, end);
      if (d < best.d) {
        const a = r[i]!;
        const b = r[i + 1]!;
        const segLen = planar(a, b);
        best = { ring: ri, seg: i, t: segLen === 0 ? 0 : planar(a, pt) / segLen, pt, d };
      }
    }
  });
  // The 50 m coast can miss a parallel that just touches a headland (the Skaw): take the nearest coast point.
  // Snap to the nearest coast vertex (the headland tip) so the line does not graze the coast edge.
  if (best.ring < 0) {
    const near = nearestOnRing(end);
    const r = rings[near.ring]!;
    const seg = near.t < 0.5 ? near.seg : near.seg + 1;
    return { ring: near.ring, seg: seg % (r.length - 1), t: 0, pt: r[seg]! };
  }
  return best;
}

/**
 * Where the 50 m coast lies seaward of an Appendix VII end-point (e.g. at the US/Mexico border),
 * the line crosses the coast before its last vertex: cut it at the first crossing, walking from the
 * sea towards the end-point (within 0.5°), so the ring stays simple. Returns the crossing and how
 * many vertices before it to keep (in the walking order).
 */
function firstCrossingToward(line: Pt[]): { snap: Snap; keep: number } | null {
  const end = line[line.length - 1]!;
  for (let k = 0; k < line.length - 1; k++) {
    const p = line[k]!;
    const q = line[k + 1]!;
    if (planar(p, end) > 0.5 && planar(q, end) > 0.5) continue;
    let best: { snap: Snap; t: number } | null = null;
    rings.forEach((r, ri) => {
      for (let i = 0; i < r.length - 1; i++) {
        const t = segIntersect(p, q, r[i]!, r[i + 1]!);
        if (t === null || (best && t >= best.t)) continue;
        const pt: Pt = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
        if (planar(pt, end) > 0.5) continue;
        const segLen = planar(r[i]!, r[i + 1]!);
        best = { t, snap: { ring: ri, seg: i, t: segLen === 0 ? 0 : planar(r[i]!, pt) / segLen, pt } };
      }
    });
    if (best) return { snap: (best as { snap: Snap }).snap, keep: k + 1 };
  }
  return null;
}

/** Coast path from snap `a` to snap `b` along their ring, in the direction passing nearer `via`. */
function coastPath(a: Snap, b: Snap, via: Pt): Pt[] {
  if (a.ring !== b.ring) throw new Error(`coast path between rings ${a.ring} and ${b.ring}`);
  const r = rings[a.ring]!;
  const n = r.length - 1; // closed ring: last = first
  const forward: Pt[] = [];
  for (let i = (a.seg + 1) % n; ; i = (i + 1) % n) {
    forward.push(r[i]!);
    if (i === b.seg) break;
  }
  const backward: Pt[] = [];
  for (let i = a.seg; ; i = (i - 1 + n) % n) {
    backward.push(r[i]!);
    if (i === (b.seg + 1) % n) break;
  }
  const minDist = (path: Pt[]) => Math.min(...path.map((p) => planar(p, via)));
  return minDist(forward) <= minDist(backward) ? forward : backward;
}

type Piece = { kind: 'legal'; coords: Pt[]; snap: 'nearest' | 'along' | 'none' } | { kind: 'coast'; via: Pt };

interface Built {
  ring: Pt[];
  legal: number[];
}

function build(pieces: Piece[]): Built {
  const legalPieces = pieces.map((p, i) => ({ p, i })).filter((x) => x.p.kind === 'legal');
  const snapped = new Map<number, { coords: Pt[]; start: Snap | null; end: Snap | null }>();
  for (const { p, i } of legalPieces) {
    if (p.kind !== 'legal') continue;
    const c = p.coords.map((x) => [x[0], x[1]] as Pt);
    let start: Snap | null = null;
    let end: Snap | null = null;
    if (p.snap === 'nearest') {
      const s0 = firstCrossingToward([...c].reverse());
      if (s0) {
        c.splice(0, c.length - s0.keep, s0.snap.pt);
        start = s0.snap;
      } else start = nearestOnRing(c[0]!);
      const s1 = firstCrossingToward(c);
      if (s1) {
        c.splice(s1.keep, c.length - s1.keep, s1.snap.pt);
        end = s1.snap;
      } else end = nearestOnRing(c[c.length - 1]!);
    } else if (p.snap === 'along') {
      start = snapAlong(c[1]!, c[0]!);
      end = snapAlong(c[c.length - 2]!, c[c.length - 1]!);
    }
    if (start) c[0] = start.pt;
    if (end) c[c.length - 1] = end.pt;
    snapped.set(i, { coords: c, start, end });
  }
  const ring: Pt[] = [];
  const legal: number[] = [];
  const push = (pt: Pt, edgeLegal: boolean) => {
    if (ring.length > 0) legal.push(edgeLegal ? 1 : 0);
    ring.push(pt);
  };
  pieces.forEach((p, i) => {
    if (p.kind === 'legal') {
      const s = snapped.get(i)!;
      s.coords.forEach((pt, k) => {
        push(pt, k > 0);
      });
    } else {
      const prev = snapped.get((i - 1 + pieces.length) % pieces.length)!;
      const next = snapped.get((i + 1) % pieces.length)!;
      for (const pt of coastPath(prev.end!, next.start!, p.via)) push(pt, false);
    }
  });
  // Close: the edge from the last vertex to the first is coast when the ring ends with a coast piece.
  const lastIsCoast = pieces[pieces.length - 1]!.kind === 'coast';
  push(ring[0]!, !lastIsCoast);
  return { ring: ring.map(([x, y]) => [round(x), round(y)] as Pt), legal };
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;
// biome-ignore lint/suspicious/noExplicitAny: GeoJSON properties are free-form.
const byId = new Map<string, any>(zonesFile.features.map((f: any) => [f.properties.id, f]));
const lineOf = (id: string): Pt[] => byId.get(id).geometry.coordinates;

function soxPeriods(text: string | undefined): { from: string; sulphurLimitPercent: number }[] {
  const out: { from: string; sulphurLimitPercent: number }[] = [];
  for (const m of (text ?? '').matchAll(/(\d{4}-\d{2}-\d{2}) \((\d+\.\d+)%\)/g)) {
    out.push({ from: m[1]!, sulphurLimitPercent: Number(m[2]) });
  }
  return out;
}
const ecaLimit = zonesFile.sulphur_limits.inside_ECA_percent_m_m as number;
const ecaSince = /^\d{4}-\d{2}-\d{2}/.exec(
  JSON.parse(readFileSync(join(dataDir, 'fuel-type-mapping.json'), 'utf8')).sulphur_limits
    .inside_ECA_effective,
)![0];
const dateAfter = (text: string, re: RegExp) => re.exec(text)?.[1] ?? null;

const pac = byId.get('na_eca_pacific').properties;
const atl = byId.get('na_eca_atlantic_gulf').properties;
const car = byId.get('us_caribbean_eca').properties;
const med = byId.get('mediterranean_seca').properties;
const ns = byId.get('north_sea_eca').properties;
const bal = byId.get('baltic_sea_eca').properties;
const nor = byId.get('norwegian_sea_eca').properties;
const can = byId.get('canadian_arctic_eca').properties;
const nea = byId.get('north_east_atlantic_eca').properties;
const chn = byId.get('china_deca').properties;

const since = (d: string | null) => (d ? [{ from: d, sulphurLimitPercent: ecaLimit }] : []);
const descr = (p: Record<string, unknown>) =>
  String(p.definition ?? p.extent ?? p.geometry_note ?? p.kind ?? p.status ?? '');

const zones = [
  {
    id: 'na_eca_pacific',
    name: pac.name,
    parent: pac.parent,
    regulation: pac.regulation,
    description: descr(pac),
    soxPeriods: soxPeriods(pac.sox_effective),
    geofenced: true,
    closure: 'coast (Natural Earth land 50 m)',
    ...build([
      { kind: 'legal', coords: lineOf('na_eca_pacific'), snap: 'nearest' },
      { kind: 'coast', via: [-124.2, 43.0] },
    ]),
  },
  {
    id: 'na_eca_atlantic_gulf',
    name: atl.name,
    parent: atl.parent,
    regulation: atl.regulation,
    description: descr(atl),
    soxPeriods: soxPeriods(atl.sox_effective),
    geofenced: true,
    closure: 'coast (Natural Earth land 50 m)',
    ...build([
      { kind: 'legal', coords: lineOf('na_eca_atlantic_gulf'), snap: 'nearest' },
      { kind: 'coast', via: [-75.6, 35.2] },
    ]),
  },
  {
    id: 'na_eca_hawaii',
    name: byId.get('na_eca_hawaii').properties.name,
    parent: byId.get('na_eca_hawaii').properties.parent,
    regulation: byId.get('na_eca_hawaii').properties.regulation,
    description: byId.get('na_eca_hawaii').properties.kind,
    soxPeriods: soxPeriods(pac.sox_effective),
    geofenced: true,
    closure: 'official closed polygon',
    ring: byId.get('na_eca_hawaii').geometry.coordinates[0],
    legal: byId
      .get('na_eca_hawaii')
      .geometry.coordinates[0].slice(1)
      .map(() => 1),
  },
  {
    id: 'us_caribbean_eca',
    name: car.name,
    parent: null,
    regulation: car.regulation,
    description: car.kind,
    soxPeriods: soxPeriods(car.sox_effective),
    geofenced: true,
    closure: 'official closed polygon',
    ring: byId.get('us_caribbean_eca').geometry.coordinates[0],
    legal: byId
      .get('us_caribbean_eca')
      .geometry.coordinates[0].slice(1)
      .map(() => 1),
  },
  {
    id: 'north_sea_eca',
    name: ns.name,
    parent: null,
    regulation: byId.get('north_sea_boundary_62N').properties.regulation,
    description: ns.definition,
    soxPeriods: since(ecaSince),
    geofenced: true,
    closure: 'legal parallels/meridians snapped to and closed along the Natural Earth 50 m coast',
    ...build([
      {
        kind: 'legal',
        coords: [
          lineOf('north_sea_boundary_62N')[1]!,
          lineOf('north_sea_boundary_62N')[0]!,
          lineOf('north_sea_boundary_4W')[1]!,
        ],
        snap: 'along',
      },
      { kind: 'coast', via: [1.7, 52.6] },
      {
        kind: 'legal',
        coords: [
          lineOf('english_channel_boundary_5W')[0]!,
          lineOf('english_channel_boundary_5W')[1]!,
          lineOf('english_channel_boundary_48_30N')[1]!,
        ],
        snap: 'along',
      },
      { kind: 'coast', via: [4.6, 52.5] },
      { kind: 'legal', coords: lineOf('skaw_parallel_57_44_8N'), snap: 'along' },
      { kind: 'coast', via: [5.6, 58.9] },
    ]),
  },
  {
    id: 'baltic_sea_eca',
    name: bal.name,
    parent: null,
    regulation: 'MARPOL Annex VI reg. 14.3.1; Annex I reg. 1.11.2',
    description: bal.definition,
    soxPeriods: since(ecaSince),
    geofenced: true,
    closure: 'Skaw parallel snapped to and closed along the Natural Earth 50 m coast',
    ...build([
      { kind: 'legal', coords: lineOf('skaw_parallel_57_44_8N'), snap: 'along' },
      { kind: 'coast', via: [18.7, 54.6] },
    ]),
  },
  {
    id: 'mediterranean_seca',
    name: med.name,
    parent: null,
    regulation: byId.get('med_boundary_gibraltar_5_36W').properties.regulation,
    description: med.definition,
    soxPeriods: since(dateAfter(med.status, /0\.10% S applies from (\d{4}-\d{2}-\d{2})/)),
    geofenced: true,
    closure:
      'Gibraltar meridian and Bosphorus parallel snapped to and closed along the Natural Earth 50 m coast',
    ...build([
      { kind: 'legal', coords: lineOf('med_boundary_gibraltar_5_36W'), snap: 'along' },
      { kind: 'coast', via: [29.9, 31.3] },
      {
        kind: 'legal',
        coords: [lineOf('med_boundary_41N_black_sea')[1]!, lineOf('med_boundary_41N_black_sea')[0]!],
        snap: 'along',
      },
      { kind: 'coast', via: [5.0, 43.3] },
    ]),
  },
  ...[nor, can, nea, chn].map((p) => ({
    id: p.id,
    name: p.name,
    parent: null,
    regulation: p.regulation ?? p.status ?? null,
    description: [p.extent, p.definition, p.status, p.coordinates].filter(Boolean).join(' — '),
    soxPeriods:
      p.id === 'china_deca' || p.id === 'north_east_atlantic_eca'
        ? []
        : since(dateAfter(String(p.status), /SOx 0\.10% from (\d{4}-\d{2}-\d{2})/)),
    geofenced: false,
    closure: 'not geofenced: no published coordinates found',
    ring: null,
    legal: null,
  })),
];

writeFileSync(
  join(dataDir, 'eca-polygons.json'),
  `${JSON.stringify(
    {
      title: 'ECA polygons closed along the coast (generated by scripts/build-eca-polygons.ts; do not edit)',
      sources: [
        'eca-zones.geojson (MARPOL Annex VI Appendix VII vertices; Annex I/V area definitions)',
        'Natural Earth land 50 m, public domain, via npm world-atlas@2 land-50m.json',
      ],
      edge_note:
        'legal[i] = 1 when the edge from ring[i] to ring[i+1] is a legal (seaward) boundary, 0 when it is coast closure',
      zones,
    },
    null,
    0,
  )}\n`,
);
for (const z of zones)
  console.log(
    z.id,
    z.ring
      ? `${z.ring.length} vertices, ${z.legal?.filter((x: number) => x).length} legal edges`
      : 'not geofenced',
    JSON.stringify(z.soxPeriods),
  );
