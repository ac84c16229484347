import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { type LonLat, Track } from './geo.ts';

type Ring = number[][];
interface Poly {
  rings: Ring[];
  bbox: [number, number, number, number];
}

/** Natural Earth land polygons (world-atlas, public domain) for the "stays at sea" tests. */
export function loadLand(scale: '50m' | '110m' = '50m'): Poly[] {
  const require = createRequire(import.meta.url);
  const topo = JSON.parse(
    readFileSync(require.resolve(`world-atlas/land-${scale}.json`), 'utf8'),
  ) as Topology;
  const land = feature(topo, topo.objects.land as GeometryCollection);
  const polys: Poly[] = [];
  const features = 'features' in land ? land.features : [land];
  for (const f of features) {
    const g = f.geometry;
    const list = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    for (const rings of list) {
      let x0 = 180;
      let y0 = 90;
      let x1 = -180;
      let y1 = -90;
      for (const [x, y] of rings[0] ?? []) {
        x0 = Math.min(x0, x!);
        x1 = Math.max(x1, x!);
        y0 = Math.min(y0, y!);
        y1 = Math.max(y1, y!);
      }
      polys.push({ rings, bbox: [x0, y0, x1, y1] });
    }
  }
  return polys;
}

function inRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function onLand(land: Poly[], p: LonLat): boolean {
  const [x, y] = p;
  for (const poly of land) {
    const [x0, y0, x1, y1] = poly.bbox;
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    if (inRing(x, y, poly.rings[0]!) && !poly.rings.slice(1).some((h) => inRing(x, y, h))) return true;
  }
  return false;
}

/** Points every `stepNm` along a track that fall on land, skipping `skipEndsNm` at each end (berths). */
export function landHits(land: Poly[], points: readonly LonLat[], stepNm = 1, skipEndsNm = 0): LonLat[] {
  const track = new Track(points);
  const hits: LonLat[] = [];
  for (let d = skipEndsNm; d <= track.lengthNm - skipEndsNm; d += stepNm) {
    const { pos } = track.at(d);
    if (onLand(land, pos)) hits.push(pos);
  }
  return hits;
}
