import { randomUUID } from 'node:crypto';
import type {
  EcaAlarm,
  EcaResponse,
  EcaSettings,
  EcaSettingsInfo,
  EcaZoneInput,
  EcaZoneRings,
  EcaZoneStatusDto,
} from '@ecohelm/contracts';
import {
  CHANNEL,
  circleRing,
  closedRing,
  ECA_ZONES,
  type EcaStatus,
  HOUR_MS,
  msToKnots,
  zoneRing,
} from '@ecohelm/domain';
import { notFound, validationFailed } from '../../platform/errors.ts';
import type { AlarmsService } from '../alarms/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import { type EcaGeofence, toCustomZone } from './eca.geofence.ts';
import type { EcaRepository } from './eca.repository.ts';

const STALE_MS = 120_000;
const LAT = CHANNEL.lat;
const LON = CHANNEL.lon;
const SOG = CHANNEL.sog;
const COG = CHANNEL.cog;
/** An alarm's course is replayed at this step to find the closest approach and the shortest time. */
const REPLAY_STEP_MS = 10 * 60_000;
const REPLAY_MAX_STEPS = 150;

/**
 * The ECA monitor: where the ship is against every zone (legal and the crew's), the last day's track, the watch
 * settings, the crew's zones and the ECA alarms with the closest approach and the shortest time of each.
 */
export class EcaService {
  readonly #telemetry: TelemetryService;
  readonly #alarms: AlarmsService;
  readonly #repo: EcaRepository;
  readonly #geofence: EcaGeofence;
  readonly #now: () => number;

  constructor(deps: {
    telemetry: TelemetryService;
    alarms: AlarmsService;
    repo: EcaRepository;
    geofence: EcaGeofence;
    now?: () => number;
  }) {
    this.#telemetry = deps.telemetry;
    this.#alarms = deps.alarms;
    this.#repo = deps.repo;
    this.#geofence = deps.geofence;
    this.#now = deps.now ?? Date.now;
  }

  async report(): Promise<EcaResponse> {
    const now = this.#now();
    const latest = await this.#telemetry.latest([LAT, LON, SOG, COG]);
    const fresh = (c: string) => {
      const v = latest.get(c);
      return v && now - v.t <= STALE_MS ? v.value : undefined;
    };
    const lat = fresh(LAT);
    const lon = fresh(LON);
    const sog = fresh(SOG);
    const cog = fresh(COG);
    const position =
      lat === undefined || lon === undefined
        ? null
        : {
            latitude: lat,
            longitude: lon,
            sogKn: sog === undefined ? null : msToKnots(sog),
            cogDeg: cog === undefined ? null : (cog * 180) / Math.PI,
          };
    const status = position
      ? this.#geofence.status({
          lat: position.latitude,
          lon: position.longitude,
          at: now,
          ...(position.sogKn !== null ? { sogKn: position.sogKn } : {}),
          ...(position.cogDeg !== null ? { cogDeg: position.cogDeg } : {}),
        })
      : null;
    const zones = this.#zones(status, now);
    const [lats, lons] = await Promise.all([
      this.#telemetry.rollupMeans('1h', LAT, now - 24 * HOUR_MS, now),
      this.#telemetry.rollupMeans('1h', LON, now - 24 * HOUR_MS, now),
    ]);
    const lonAt = new Map<number, number>();
    for (let i = 0; i < lons.t.length; i++) lonAt.set(lons.t[i]!, lons.v[i]!);
    const track: [number, number][] = [];
    for (let i = 0; i < lats.t.length; i++) {
      const x = lonAt.get(lats.t[i]!);
      if (x !== undefined) track.push([x, lats.v[i]!]);
    }
    if (position) track.push([position.longitude, position.latitude]);
    const nearestId = status?.nearest?.id;
    return {
      at: new Date(now).toISOString(),
      position,
      state: status?.state ?? 'normal',
      changeOverTip: status?.changeOverTip ?? false,
      insideZoneIds: [...(status?.insideZoneIds ?? [])],
      nearest: zones.find((z) => z.id === nearestId) ?? null,
      zones,
      track,
      settings: this.#geofence.settings,
      customZones: [...this.#geofence.customZones],
      alarms: await this.#alarmHistory(now),
    };
  }

  /** Every zone: evaluated ones with inside, distance and time; the others with why not (not in force, watched). */
  #zones(status: EcaStatus | null, now: number): EcaZoneStatusDto[] {
    const watched = this.#geofence.settings.watchedZoneIds;
    const custom = new Set(this.#geofence.customZones.map((z) => z.id));
    const all = [
      ...ECA_ZONES.map((z) => ({ id: z.id, name: z.name, geofenced: z.geofenced })),
      ...this.#geofence.customZones.map((z) => ({ id: z.id, name: z.name, geofenced: true })),
    ];
    const evaluated = new Map((status?.zones ?? []).map((z) => [z.id, z]));
    const customInForce = (id: string) => {
      const z = this.#geofence.customZones.find((c) => c.id === id)!;
      const day = new Date(now).toISOString().slice(0, 10);
      return z.from <= day && (z.until === null || day <= z.until);
    };
    return all.map((z) => {
      const e = evaluated.get(z.id);
      const legal = ECA_ZONES.find((x) => x.id === z.id);
      const inForce = e
        ? true
        : custom.has(z.id)
          ? customInForce(z.id)
          : (legal?.soxPeriods.some((p) => Date.parse(`${p.from}T00:00:00Z`) <= now) ?? false);
      return {
        id: z.id,
        name: z.name,
        custom: custom.has(z.id),
        watched: watched === null || watched.includes(z.id),
        geofenced: z.geofenced,
        inForce,
        sulphurLimitPercent: e?.sulphurLimitPercent ?? null,
        inside: e ? e.inside : null,
        distanceNm: e ? e.distanceToBoundaryNm : null,
        hoursToBoundary: e?.hoursToBoundary ?? null,
      };
    });
  }

  /** The ECA alarms, newest first, each replayed over its course for the closest approach and shortest time. */
  async #alarmHistory(now: number): Promise<EcaAlarm[]> {
    const lists = await Promise.all(
      (['eca_warning', 'eca_changeover'] as const).map((condition) =>
        this.#alarms.history({ condition, page: 1, pageSize: 50 }, ''),
      ),
    );
    const alarms = lists
      .flatMap((l) => l.items)
      .sort((a, b) => b.raisedAt.localeCompare(a.raisedAt))
      .slice(0, 50);
    return Promise.all(
      alarms.map(async (a) => {
        const from = Date.parse(a.raisedAt);
        const to = a.clearedAt ? Date.parse(a.clearedAt) : now;
        const { minDistanceNm, shortestHours } = await this.#replay(from, Math.max(from + 60_000, to));
        return {
          id: a.id,
          type: a.condition as EcaAlarm['type'],
          raisedAt: a.raisedAt,
          latestUpdate: a.updatedAt,
          clearedAt: a.clearedAt,
          state: a.state,
          minDistanceNm: minDistanceNm ?? a.value,
          shortestHours,
        };
      }),
    );
  }

  async #replay(
    from: number,
    to: number,
  ): Promise<{ minDistanceNm: number | null; shortestHours: number | null }> {
    const step = Math.max(REPLAY_STEP_MS, Math.ceil((to - from) / REPLAY_MAX_STEPS / 60_000) * 60_000);
    const series = await Promise.all(
      [LAT, LON, SOG, COG].map((c) => this.#telemetry.rollupMeans('1m', c, from, to + 60_000)),
    );
    const at = series.map((s) => {
      const m = new Map<number, number>();
      for (let i = 0; i < s.t.length; i++) m.set(s.t[i]! * 1000, s.v[i]!);
      return m;
    });
    let minDistanceNm: number | null = null;
    let shortestHours: number | null = null;
    for (let t = Math.floor(from / 60_000) * 60_000; t <= to; t += step) {
      const [lat, lon, sog, cog] = at.map((m) => m.get(t));
      if (lat === undefined || lon === undefined) continue;
      const s = this.#geofence.status({
        lat,
        lon,
        at: t,
        ...(sog !== undefined ? { sogKn: msToKnots(sog) } : {}),
        ...(cog !== undefined ? { cogDeg: (cog * 180) / Math.PI } : {}),
      });
      if (s.insideZoneIds.length > 0) continue;
      const d = s.nearest?.distanceToBoundaryNm;
      if (d !== undefined && (minDistanceNm === null || d < minDistanceNm)) minDistanceNm = d;
      const h = s.soonest?.hoursToBoundary;
      if (h !== null && h !== undefined && (shortestHours === null || h < shortestHours)) shortestHours = h;
    }
    return { minDistanceNm, shortestHours };
  }

  /** The legal zones' boundaries for the map. */
  rings(): EcaZoneRings {
    return {
      zones: ECA_ZONES.filter((z) => z.geofenced).map((z) => ({
        id: z.id,
        name: z.name,
        ring: zoneRing(z.id) ?? [],
      })),
    };
  }

  async addZone(input: EcaZoneInput, by: string | null): Promise<EcaResponse['customZones'][number]> {
    const ring =
      input.kind === 'position'
        ? circleRing(input.latitude, input.longitude, input.radiusNm)
        : closedRing(input.positions.map((p) => [p.longitude, p.latitude] as const));
    const data =
      input.kind === 'position'
        ? { latitude: input.latitude, longitude: input.longitude, radiusNm: input.radiusNm, ring }
        : { ring };
    const row = {
      id: `custom-${randomUUID().slice(0, 8)}`,
      kind: input.kind,
      name: input.name,
      sulphur_limit: input.sulphurLimitPercent,
      valid_from: input.from,
      valid_until: input.until,
      data: JSON.stringify(data),
      created_at: new Date(this.#now()).toISOString(),
      created_by: by,
    };
    await this.#repo.insertZone(row);
    await this.#geofence.load();
    return toCustomZone(row);
  }

  async deleteZone(id: string): Promise<void> {
    if (!(await this.#repo.deleteZone(id))) throw notFound('No such control area of the crew.');
    await this.#geofence.load();
  }

  async saveSettings(input: EcaSettings, by: string | null): Promise<EcaSettingsInfo> {
    const known = new Set([...ECA_ZONES.map((z) => z.id), ...this.#geofence.customZones.map((z) => z.id)]);
    const unknown = (input.watchedZoneIds ?? []).filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw validationFailed(
        'Unknown zones.',
        unknown.map((id) => ({ path: 'body.watchedZoneIds', message: `There is no zone '${id}'.` })),
      );
    }
    const updatedAt = new Date(this.#now()).toISOString();
    await this.#repo.insertSettings({ value: JSON.stringify(input), updatedAt, updatedBy: by });
    await this.#geofence.load();
    return this.#geofence.settings;
  }
}
