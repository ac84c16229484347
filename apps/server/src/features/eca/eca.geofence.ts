import {
  type EcaCustomZone,
  type EcaSettings,
  type EcaSettingsInfo,
  ecaSettingsSchema,
} from '@ecohelm/contracts';
import {
  type CustomZone,
  customZone,
  ECA_CHANGEOVER_TIP_DISTANCE_NM,
  ECA_WARNING_DISTANCE_NM,
  type EcaStatus,
  type EcaStatusInput,
  ecaStatus,
  type Geofence,
} from '@ecohelm/domain';
import type { EcaCustomZonesTable } from '../../db/tables/eca.ts';
import { absentAsNull } from '../../platform/nullable.ts';
import type { EcaRepository } from './eca.repository.ts';

export const DEFAULT_ECA_SETTINGS: EcaSettings = {
  warningDistanceNm: ECA_WARNING_DISTANCE_NM,
  tipDistanceNm: ECA_CHANGEOVER_TIP_DISTANCE_NM,
  watchedZoneIds: null,
};

/** A stored zone as the API shows it. */
export function toCustomZone(r: EcaCustomZonesTable): EcaCustomZone {
  const data = JSON.parse(r.data) as {
    latitude?: number;
    longitude?: number;
    radiusNm?: number;
    ring: [number, number][];
  };
  return {
    id: r.id,
    kind: r.kind as EcaCustomZone['kind'],
    name: r.name,
    sulphurLimitPercent: r.sulphur_limit,
    from: r.valid_from,
    until: r.valid_until,
    ...absentAsNull(data, ['latitude', 'longitude', 'radiusNm']),
    ring: data.ring,
    createdAt: r.created_at,
    createdBy: r.created_by,
  };
}

/**
 * The ship's ECA watch: the legal zones and the crew's, the zones watched and the distances. The alarms and the
 * overview ask it; a change of zones or settings applies to their next question.
 */
export class EcaGeofence implements Geofence {
  readonly #repo: EcaRepository;
  #zones: CustomZone[] = [];
  #stored: EcaCustomZone[] = [];
  #settings: EcaSettingsInfo = { ...DEFAULT_ECA_SETTINGS, updatedAt: null, updatedBy: null };

  constructor(repo: EcaRepository) {
    this.#repo = repo;
  }

  /** Reads the stored zones and settings. */
  async load(): Promise<void> {
    this.#stored = (await this.#repo.listZones()).map(toCustomZone);
    this.#zones = this.#stored.map((z) =>
      customZone({
        id: z.id,
        name: z.name,
        sulphurLimitPercent: z.sulphurLimitPercent,
        from: z.from,
        until: z.until,
        ring: z.ring,
      }),
    );
    const row = await this.#repo.latestSettings();
    const parsed = row ? ecaSettingsSchema.safeParse(JSON.parse(row.value)) : undefined;
    this.#settings =
      row && parsed?.success
        ? { ...parsed.data, updatedAt: row.updatedAt, updatedBy: row.updatedBy }
        : { ...DEFAULT_ECA_SETTINGS, updatedAt: null, updatedBy: null };
  }

  get settings(): EcaSettingsInfo {
    return this.#settings;
  }

  get customZones(): readonly EcaCustomZone[] {
    return this.#stored;
  }

  get warningNm(): number {
    return this.#settings.warningDistanceNm;
  }

  get tipNm(): number {
    return this.#settings.tipDistanceNm;
  }

  status(input: EcaStatusInput): EcaStatus {
    const watched = this.#settings.watchedZoneIds;
    return ecaStatus(input, {
      customZones: this.#zones,
      watched: watched ? new Set(watched) : null,
      warningNm: this.warningNm,
      tipNm: this.tipNm,
    });
  }
}
