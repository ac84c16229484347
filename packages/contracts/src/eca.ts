import { ringProblems } from '@ecohelm/domain';
import { z } from 'zod';
import { ecaMessages } from './messages.ts';

const isoTime = z.iso.datetime();
const day = z.iso.date();

export { ecaMessages };

/** The earliest day an emission control area can be in force: MARPOL Annex VI entered into force on 19 May 2005. */
export const ECA_EARLIEST_DAY = '2005-05-19';

/** PUT /api/v1/eca/settings — the watch: warning and tip distances (SPEC 10 nm and 2 nm) and the zones watched. */
export const ecaSettingsSchema = z
  .object({
    warningDistanceNm: z.number().min(1).max(100),
    tipDistanceNm: z.number().min(0.5).max(50),
    /** Ids of the zones watched; null: all, including zones added later. */
    watchedZoneIds: z.array(z.string().min(1).max(64)).max(200).nullable(),
  })
  .superRefine((s, ctx) => {
    if (s.tipDistanceNm >= s.warningDistanceNm) {
      ctx.addIssue({ code: 'custom', path: ['tipDistanceNm'], message: ecaMessages.tipBelowWarning });
    }
  });
export type EcaSettings = z.infer<typeof ecaSettingsSchema>;
export const ecaSettingsInfoSchema = ecaSettingsSchema.and(
  z.object({ updatedAt: isoTime.nullable(), updatedBy: z.string().nullable() }),
);
export type EcaSettingsInfo = z.infer<typeof ecaSettingsInfoSchema>;

const position = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
const zoneCommon = {
  name: z.string().trim().min(1).max(32, { error: ecaMessages.nameLength }),
  sulphurLimitPercent: z.number().min(0).max(3.5),
  from: day.refine((d) => d >= ECA_EARLIEST_DAY, { error: ecaMessages.fromTooEarly }),
  until: day.nullable(),
};

/** POST /api/v1/eca/zones — a control area the crew adds: a position with a radius, or a range of positions. */
export const ecaZoneInputSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('position'),
      ...zoneCommon,
      ...position.shape,
      radiusNm: z.number().min(0.5).max(200),
    }),
    z.object({ kind: z.literal('range'), ...zoneCommon, positions: z.array(position).min(3).max(200) }),
  ])
  .superRefine((v, ctx) => {
    if (v.until !== null && v.until < v.from) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: ecaMessages.untilBeforeFrom });
    }
    if (v.kind === 'range') {
      for (const problem of ringProblems(v.positions.map((p) => [p.longitude, p.latitude] as const))) {
        ctx.addIssue({ code: 'custom', path: ['positions'], message: `${ecaMessages.badRange} ${problem}` });
      }
    }
  });
export type EcaZoneInput = z.infer<typeof ecaZoneInputSchema>;

export const ecaCustomZoneSchema = z.object({
  id: z.string(),
  kind: z.enum(['position', 'range']),
  name: z.string(),
  sulphurLimitPercent: z.number(),
  from: day,
  until: day.nullable(),
  /** Position zones: centre and radius. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radiusNm: z.number().nullable(),
  /** The boundary, [lon, lat] pairs, closed. */
  ring: z.array(z.tuple([z.number(), z.number()])),
  createdAt: isoTime,
  createdBy: z.string().nullable(),
});
export type EcaCustomZone = z.infer<typeof ecaCustomZoneSchema>;

export const ecaZoneStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  custom: z.boolean(),
  watched: z.boolean(),
  geofenced: z.boolean(),
  inForce: z.boolean(),
  sulphurLimitPercent: z.number().nullable(),
  inside: z.boolean().nullable(),
  distanceNm: z.number().nullable(),
  hoursToBoundary: z.number().nullable(),
});
export type EcaZoneStatusDto = z.infer<typeof ecaZoneStatusSchema>;

/** An ECA alarm (SPEC §3): its type, latest update, the closest the ship came and the shortest time to the boundary. */
export const ecaAlarmSchema = z.object({
  id: z.number().int(),
  type: z.enum(['eca_warning', 'eca_changeover']),
  raisedAt: isoTime,
  latestUpdate: isoTime,
  clearedAt: isoTime.nullable(),
  state: z.string(),
  minDistanceNm: z.number().nullable(),
  shortestHours: z.number().nullable(),
});
export type EcaAlarm = z.infer<typeof ecaAlarmSchema>;

/** GET /api/v1/eca — the watch now: position, status by zone, the last day's track, the alarms. */
export const ecaResponseSchema = z.object({
  at: isoTime,
  position: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      sogKn: z.number().nullable(),
      cogDeg: z.number().nullable(),
    })
    .nullable(),
  state: z.enum(['normal', 'warning']),
  changeOverTip: z.boolean(),
  insideZoneIds: z.array(z.string()),
  nearest: ecaZoneStatusSchema.nullable(),
  zones: z.array(ecaZoneStatusSchema),
  /** Hourly positions of the last 24 h, [lon, lat]. */
  track: z.array(z.tuple([z.number(), z.number()])),
  settings: ecaSettingsInfoSchema,
  customZones: z.array(ecaCustomZoneSchema),
  alarms: z.array(ecaAlarmSchema),
});
export type EcaResponse = z.infer<typeof ecaResponseSchema>;

/** GET /api/v1/eca/zones — the boundaries of the legal zones for the map, [lon, lat] rings. */
export const ecaZoneRingsSchema = z.object({
  zones: z.array(
    z.object({ id: z.string(), name: z.string(), ring: z.array(z.tuple([z.number(), z.number()])) }),
  ),
});
export type EcaZoneRings = z.infer<typeof ecaZoneRingsSchema>;
