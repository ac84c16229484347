import { type Equipment, equipments } from '@ecohelm/domain';
import { z } from 'zod';
import { alarmLimitMessages } from './messages.ts';

/**
 * Alert states after IEC 62923-1 (bridge alert management): an alert sounds until it is silenced
 * (for a while) or acknowledged; once its condition is gone it waits, rectified, for an acknowledgement
 * unless it was acknowledged already, and then it is cleared.
 */
export const alarmStates = [
  'active_unacknowledged',
  'active_silenced',
  'active_acknowledged',
  'rectified_unacknowledged',
  'cleared',
] as const;
export const alarmStateSchema = z.enum(alarmStates);
export type AlarmState = z.infer<typeof alarmStateSchema>;

/** IEC 62923-1 priorities (no emergency alarms here): alarm > warning > caution. */
export const alarmPriorities = ['alarm', 'warning', 'caution'] as const;
export const alarmPrioritySchema = z.enum(alarmPriorities);
export type AlarmPriority = z.infer<typeof alarmPrioritySchema>;

/** Event types of the message center (SPEC §2 "Message center"). */
export const alarmCategories = [
  'equipmentAlarm',
  'focWarning',
  'equipmentAssessment',
  'energyDistribution',
] as const;
export const alarmCategorySchema = z.enum(alarmCategories);
export type AlarmCategory = z.infer<typeof alarmCategorySchema>;

/** What raised an alarm: a channel limit, a lost signal, ECA proximity, a consumption or load check. */
export const alarmConditions = [
  'highhigh',
  'high',
  'low',
  'lowlow',
  'signal_lost',
  'eca_warning',
  'eca_changeover',
  'foc_high',
  'low_load',
  'boilers_parallel',
  /** An engine's energy assessment is worse than in the period before (or serious). */
  'rating_worsened',
  /** The store's disk is nearly full: ingest pauses so records can still be saved. */
  'storage_low',
] as const;
export const alarmConditionSchema = z.enum(alarmConditions);
export type AlarmCondition = z.infer<typeof alarmConditionSchema>;

export const alarmEquipmentSchema = z.enum(equipments);

/** Equipment groups of the alarm statistics pie (SPEC §2 Overview: main engine, generator, boiler). */
export const alarmStatGroups = ['me', 'ge', 'boiler'] as const;
export type AlarmStatGroup = (typeof alarmStatGroups)[number];

/** The equipment of each statistics group, which the message center also offers as a filter. */
export const alarmGroupEquipment: Record<AlarmStatGroup, readonly Equipment[]> = {
  me: ['me'],
  ge: ['ge1', 'ge2', 'ge3'],
  boiler: ['boiler1', 'boiler2'],
};

/** The message-center filter on equipment: a group (`ge` = all generators) or one unit. */
export const alarmEquipmentFilterSchema = z.enum([...equipments, 'ge', 'boiler']);
export type AlarmEquipmentFilter = z.infer<typeof alarmEquipmentFilterSchema>;

/** The equipment a message-center filter means: a group's units, or the one unit. */
export function equipmentOfAlarmFilter(filter: AlarmEquipmentFilter): readonly Equipment[] {
  return filter === 'ge' || filter === 'boiler' ? alarmGroupEquipment[filter] : [filter];
}

/** The equipment with alarm limits, in the catalogue's order: all but the console's computer (only its disk alarm). */
export const alarmEquipmentOrder: readonly Equipment[] = equipments.filter((e) => e !== 'system');

/** The message center's equipment filter: the catalogue's equipment in order, each group before its first unit. */
export const alarmEquipmentFilters: readonly AlarmEquipmentFilter[] = equipments.flatMap(
  (e): AlarmEquipmentFilter[] => (e === 'ge1' ? ['ge', e] : e === 'boiler1' ? ['boiler', e] : [e]),
);

const isoTime = z.iso.datetime();

export const alarmSchema = z.object({
  id: z.number().int(),
  /** Stable key of the condition (`limit:<channel>:high`, `eca:warning`, ...). */
  key: z.string(),
  category: alarmCategorySchema,
  condition: alarmConditionSchema,
  equipment: alarmEquipmentSchema,
  /** Catalogue channel where the alarm is about one. */
  channel: z.string().nullable(),
  priority: alarmPrioritySchema,
  state: alarmStateSchema,
  /** True once left unacknowledged past the escalation time (a warning then became an alarm). */
  escalated: z.boolean(),
  raisedAt: isoTime,
  updatedAt: isoTime,
  acknowledgedAt: isoTime.nullable(),
  /** Code of the device that acknowledged. */
  acknowledgedBy: z.string().nullable(),
  clearedAt: isoTime.nullable(),
  silencedUntil: isoTime.nullable(),
  /** The value that raised it and the limit crossed, in the channel's display unit. */
  value: z.number().nullable(),
  limit: z.number().nullable(),
  unit: z.string().nullable(),
  /** Whether the asking device has read it. */
  read: z.boolean(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmEventTypes = [
  'raised',
  'silenced',
  'resounded',
  'acknowledged',
  'rectified',
  'returned',
  'escalated',
  'cleared',
] as const;

/** One stored transition of an alarm: what, when, from where and by which device. */
export const alarmEventSchema = z.object({
  id: z.number().int(),
  alarmId: z.number().int(),
  at: isoTime,
  event: z.enum(alarmEventTypes),
  fromState: alarmStateSchema.nullable(),
  toState: alarmStateSchema,
  /** `engine` for evaluated transitions, `device` for a crew action. */
  source: z.enum(['engine', 'device']),
  deviceCode: z.string().nullable(),
  value: z.number().nullable(),
});
export type AlarmEvent = z.infer<typeof alarmEventSchema>;

/** GET /api/v1/alarms/active — every alarm not yet cleared, newest first. */
export const activeAlarmsResponseSchema = z.object({
  items: z.array(alarmSchema),
  /** Alarms of the last 30 days the asking device has not read, cleared ones included. */
  unread: z.number().int(),
  /** The same count by category (a category with none is left out); `unread` is their sum. */
  unreadByCategory: z.partialRecord(alarmCategorySchema, z.number().int()),
  serverTime: isoTime,
});
export type ActiveAlarmsResponse = z.infer<typeof activeAlarmsResponseSchema>;

/** GET /api/v1/alarms/history — alarms raised in [from, to), filtered, a page at a time. */
export const alarmHistoryQuerySchema = z.object({
  from: isoTime.optional(),
  to: isoTime.optional(),
  equipment: alarmEquipmentFilterSchema.optional(),
  category: alarmCategorySchema.optional(),
  condition: alarmConditionSchema.optional(),
  state: alarmStateSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type AlarmHistoryQuery = z.infer<typeof alarmHistoryQuerySchema>;

export const alarmHistoryResponseSchema = z.object({
  items: z.array(alarmSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AlarmHistoryResponse = z.infer<typeof alarmHistoryResponseSchema>;

export const alarmIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/v1/alarms/:id/events — the complete transition history of one alarm. */
export const alarmEventsResponseSchema = z.object({ items: z.array(alarmEventSchema) });

/** POST /api/v1/alarms/:id/silence — silences the audible signal; it re-sounds after `seconds` if still unacknowledged. */
export const alarmSilenceRequestSchema = z.object({
  seconds: z.number().int().min(5).max(600).default(30),
});
export type AlarmSilenceRequest = z.infer<typeof alarmSilenceRequestSchema>;

/** POST /api/v1/alarms/read — marks the given alarms (or all, when `ids` is absent) read for the asking device. */
export const alarmReadRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).max(500).optional(),
});
export const alarmReadResponseSchema = z.object({ unread: z.number().int() });

/** GET /api/v1/alarms/statistics?from&to — alarms raised per equipment group (SPEC: M/E, G/E, boiler pie). */
export const alarmStatisticsQuerySchema = z.object({ from: isoTime.optional(), to: isoTime.optional() });
export type AlarmStatisticsQuery = z.infer<typeof alarmStatisticsQuerySchema>;
export const alarmStatisticsResponseSchema = z.object({
  from: isoTime,
  to: isoTime,
  items: z.array(z.object({ group: z.enum(alarmStatGroups), count: z.number().int() })),
  total: z.number().int(),
});
export type AlarmStatisticsResponse = z.infer<typeof alarmStatisticsResponseSchema>;

export { alarmLimitMessages };

const limitValue = z.number({ error: alarmLimitMessages.number }).finite().nullable();

/** Alarm limits of one channel in its display unit; null leaves a limit off. */
export const alarmLimitValuesSchema = z.object({
  lowlow: limitValue,
  low: limitValue,
  high: limitValue,
  highhigh: limitValue,
});
export type AlarmLimitValues = z.infer<typeof alarmLimitValuesSchema>;

/** The ordering rules of limits: low-low ≤ low < high ≤ high-high (any may be absent). */
export function alarmLimitOrderIssues(v: AlarmLimitValues): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const lowest = v.low ?? v.lowlow;
  const highest = v.high ?? v.highhigh;
  if (v.lowlow !== null && v.low !== null && v.lowlow > v.low) {
    issues.push({ path: 'lowlow', message: alarmLimitMessages.lowlowBelowLow });
  }
  if (v.high !== null && v.highhigh !== null && v.high > v.highhigh) {
    issues.push({ path: 'high', message: alarmLimitMessages.highBelowHighhigh });
  }
  if (lowest !== null && highest !== null && lowest >= highest) {
    issues.push({ path: v.low !== null ? 'low' : 'lowlow', message: alarmLimitMessages.lowBelowHigh });
  }
  return issues;
}

/** PUT /api/v1/alarms/limits/:channel — display units; the server also checks the channel's valid range. */
export const alarmLimitInputSchema = alarmLimitValuesSchema
  .extend({
    /** Dead band a value must return inside the limit before the alarm rectifies (display unit). */
    hysteresis: z
      .number({ error: alarmLimitMessages.number })
      .min(0, { error: alarmLimitMessages.hysteresis }),
    /** Seconds a limit must stay crossed (and back) before the alarm changes; stops flapping. */
    delaySeconds: z.number().int().min(0).max(3600),
    enabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    for (const issue of alarmLimitOrderIssues(v)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type AlarmLimitInput = z.infer<typeof alarmLimitInputSchema>;

export const alarmLimitParamsSchema = z.object({ channel: z.string().min(1).max(100) });

export const alarmLimitSettingSchema = z.object({
  channel: z.string(),
  equipment: alarmEquipmentSchema,
  label: z.string(),
  unit: z.string(),
  /** Valid range of the channel in the display unit. */
  range: z.tuple([z.number(), z.number()]),
  limits: alarmLimitValuesSchema,
  defaults: alarmLimitValuesSchema,
  hysteresis: z.number(),
  delaySeconds: z.number().int(),
  enabled: z.boolean(),
  /** When the crew last changed it; null for the catalogue defaults. */
  updatedAt: isoTime.nullable(),
  updatedBy: z.string().nullable(),
});
export type AlarmLimitSetting = z.infer<typeof alarmLimitSettingSchema>;

export const alarmLimitSettingsResponseSchema = z.object({ items: z.array(alarmLimitSettingSchema) });
export type AlarmLimitSettingsResponse = z.infer<typeof alarmLimitSettingsResponseSchema>;
