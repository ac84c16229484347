import { z } from 'zod';

/** The monitored units (SPEC §2 "Monitoring": M/E, G/E 1–3, boilers 1 and 2). */
export const monitoringUnits = ['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2'] as const;
export const monitoringUnitSchema = z.enum(monitoringUnits);
export type MonitoringUnit = z.infer<typeof monitoringUnitSchema>;

export const monitoringParamsSchema = z.object({ unit: monitoringUnitSchema });

const isoTime = z.iso.datetime();

/** Running or stopped now, and the running hours accumulated over the stored history. */
export const monitoringStatusSchema = z.object({
  /** Null when the store holds no sample of the unit's running signal. */
  running: z.boolean().nullable(),
  /** Time of the newest running-signal sample. */
  lastSampleAt: isoTime.nullable(),
  /** Hours run, summed from the hourly rollups of the running signal. */
  runningHours: z.number(),
  /** Hours the unit ran in the curve window (last 24 h). */
  runningHoursWindow: z.number(),
  /** First hour of stored history the running hours count from. */
  countedFrom: isoTime.nullable(),
});
export type MonitoringStatus = z.infer<typeof monitoringStatusSchema>;

/** One shop-test reference point, load in % of rated power, SFOC in g/kWh at ISO conditions. */
export const sfocReferencePointSchema = z.object({ loadPct: z.number(), sfocGPerKwh: z.number() });

/** One measured hour: mean load and fuel flow of an hour the engine ran throughout, SFOC at ISO LCV. */
export const sfocMeasuredPointSchema = z.object({
  /** Hour start. */
  t: isoTime,
  loadPct: z.number(),
  powerKw: z.number(),
  fuelKgPerH: z.number(),
  sfocGPerKwh: z.number(),
  /** Shop-test SFOC at the same load, for the deviation. */
  referenceSfocGPerKwh: z.number(),
  deviationPct: z.number(),
});
export type SfocMeasuredPoint = z.infer<typeof sfocMeasuredPointSchema>;

export const sfocCurveSchema = z.object({
  ratedPowerKw: z.number(),
  /** The shop-test record's points. */
  reference: z.array(sfocReferencePointSchema),
  /** The fitted reference curve (parabola through the shop-test points), every 5 % of load. */
  referenceCurve: z.array(sfocReferencePointSchema),
  referenceSource: z.string(),
  measured: z.array(sfocMeasuredPointSchema),
});
export type SfocCurve = z.infer<typeof sfocCurveSchema>;

/** One hour of a boiler's day: mean steam pressure, mean fuel flow and the share of the hour it fired. */
export const boilerHourSchema = z.object({
  t: isoTime,
  steamPressureBar: z.number().nullable(),
  fuelKgPerH: z.number().nullable(),
  runningShare: z.number().nullable(),
});
export type BoilerHour = z.infer<typeof boilerHourSchema>;

/**
 * A generator set now (the latest readings, at most 2 minutes old): power, load, the fuel meter and the SFOC at
 * ISO LCV of the fuel burnt. G/E monitoring and the load assistant show this same object.
 */
export const generatorNowSchema = z.object({
  t: isoTime,
  running: z.boolean(),
  powerKw: z.number(),
  loadPct: z.number(),
  fuelKgPerH: z.number().nullable(),
  sfocGPerKwh: z.number().nullable(),
  /** LCV of the fuel the set burns now (the main engine's fuel mix), MJ/kg. */
  lcvMjPerKg: z.number(),
});
export type GeneratorNowDto = z.infer<typeof generatorNowSchema>;

/** GET /api/v1/monitoring/:unit — status, running hours and the fuel-efficiency curve of one unit. */
export const monitoringResponseSchema = z.object({
  unit: monitoringUnitSchema,
  /** The curve window: the last 24 hours in whole hours, [from, to). */
  from: isoTime,
  to: isoTime,
  status: monitoringStatusSchema,
  /** Engines (M/E, G/E): SFOC against load with the shop-test curve; null for boilers. */
  sfoc: sfocCurveSchema.nullable(),
  /** Boilers: steam pressure and fuel flow over the day; null for engines. */
  boiler: z.array(boilerHourSchema).nullable(),
  /** Generators: the set now (null without fresh readings); absent for the main engine and boilers. */
  now: generatorNowSchema.nullable().optional(),
});
export type MonitoringResponse = z.infer<typeof monitoringResponseSchema>;
