import { z } from 'zod';
import { speedMessages } from './messages.ts';

const isoTime = z.iso.datetime();

export { speedMessages };

/** SPEC §3 ship status: 1 Maneuver, 2 Underway, 3 Anchored, 4 Drifiting (spelt so), 5 Other. */
export const shipStatusValues = [1, 2, 3, 4, 5] as const;
/** SPEC §3 loading status: 1 Laden, 2 Ballasted, 3 Non-laden. */
export const loadingStatusValues = [1, 2, 3] as const;

/** PUT /api/v1/speed/condition — what the crew sets. */
export const shipConditionInputSchema = z.object({
  shipStatus: z.union(shipStatusValues.map((v) => z.literal(v))),
  loadingStatus: z.union(loadingStatusValues.map((v) => z.literal(v))),
  cargoT: z.number().min(0, speedMessages.cargoNegative).max(500_000),
  /**
   * The crew confirm a condition that contradicts the live speed, revolutions or draughts (a sensor they know is
   * wrong); without it such a condition is refused at its field.
   */
  confirmed: z.boolean().optional(),
});
export type ShipConditionInput = z.infer<typeof shipConditionInputSchema>;

export const shipConditionSchema = shipConditionInputSchema.extend({
  /** `crew` when set on board; `derived` from the ship's motion and draught when nobody has set it. */
  source: z.enum(['crew', 'derived']),
  setAt: isoTime.nullable(),
  setBy: z.string().nullable(),
});
export type ShipCondition = z.infer<typeof shipConditionSchema>;

const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);

export const waypointSchema = z.object({
  name: z.string().max(80),
  lat,
  lon,
  /** Speed limits of the leg that ends here (RTZ leg speedMin/speedMax), kn. */
  speedMinKn: z.number().min(0).max(40).nullable(),
  speedMaxKn: z.number().min(0).max(40).nullable(),
});
export type Waypoint = z.infer<typeof waypointSchema>;

export const specialPointSchema = z.object({
  name: z.string().min(1).max(80),
  lat,
  lon,
  remark: z.string().max(300),
  /** A planned stop on the way (canal convoy, waiting at anchor), h: the speed plan leaves this time out. */
  stayH: z.number().min(0).max(2000).nullable(),
});
export type SpecialPoint = z.infer<typeof specialPointSchema>;

/**
 * PUT /api/v1/speed/plan — the voyage plan. ETD/ETA are estimated, RTD/RTA the requested (required) times of
 * departure and arrival (the berth window the speed advice arrives by; IMO just-in-time terms).
 */
export const voyagePlanInputSchema = z
  .object({
    voyageNo: z.string().min(1).max(20),
    departurePort: z.string().min(1).max(80),
    destination: z.string().min(1).max(80),
    etd: isoTime,
    rtd: isoTime.nullable(),
    eta: isoTime,
    rta: isoTime,
    waypoints: z.array(waypointSchema).max(500),
    specialPoints: z.array(specialPointSchema).max(100),
  })
  .superRefine((p, ctx) => {
    if (p.waypoints.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['waypoints'], message: speedMessages.waypointsTooFew });
    }
    if (Date.parse(p.eta) <= Date.parse(p.etd)) {
      ctx.addIssue({ code: 'custom', path: ['eta'], message: speedMessages.etaBeforeEtd });
    }
  });
export type VoyagePlanInput = z.infer<typeof voyagePlanInputSchema>;

export const voyagePlanSchema = z.object({
  voyageNo: z.string(),
  departurePort: z.string(),
  destination: z.string(),
  etd: isoTime,
  rtd: isoTime.nullable(),
  eta: isoTime,
  rta: isoTime,
  waypoints: z.array(waypointSchema),
  specialPoints: z.array(specialPointSchema),
  source: z.enum(['simulator', 'crew', 'rtz']),
  updatedAt: isoTime,
  updatedBy: z.string().nullable(),
});
export type VoyagePlan = z.infer<typeof voyagePlanSchema>;

/** Weather at one place and time, in the units a bridge reads: kn, m, s, degrees (from; current: towards). */
export const weatherPointSchema = z.object({
  windKn: z.number(),
  windFromDeg: z.number(),
  waveHsM: z.number(),
  waveFromDeg: z.number(),
  swellHsM: z.number(),
  swellPeriodS: z.number().nullable(),
  swellFromDeg: z.number(),
  currentKn: z.number(),
  currentSetDeg: z.number(),
});
export type WeatherPoint = z.infer<typeof weatherPointSchema>;

/** Where weather comes from: the ship's sensors (real time), an imported GRIB file, the simulator, or nowhere. */
export const forecastSourceSchema = z.enum(['measured', 'grib', 'simulated', 'none']);
export type ForecastSource = z.infer<typeof forecastSourceSchema>;

export const forecastHorizonSchema = z.object({
  /** 0 (real time), 24, 48, 96 h. */
  hours: z.number().int(),
  time: isoTime,
  lat: z.number(),
  lon: z.number(),
  source: forecastSourceSchema,
  weather: weatherPointSchema.nullable(),
});

/** One leg of the macro optimisation, from waypoint `from` to `to`. */
export const speedLegSchema = z.object({
  from: z.string(),
  to: z.string(),
  distanceNm: z.number(),
  courseDeg: z.number(),
  /** Advised speed through water and over ground, kn; shaft rpm and power. */
  stwKn: z.number(),
  sogKn: z.number(),
  rpm: z.number(),
  powerKw: z.number(),
  fuelT: z.number(),
  /** Arrival at the leg's end, ISO. */
  eta: isoTime,
  weather: weatherPointSchema,
  rough: z.boolean(),
});
export type SpeedLeg = z.infer<typeof speedLegSchema>;

export const ciiOutcomeSchema = z.object({
  attainedCii: z.number(),
  rating: z.enum(['A', 'B', 'C', 'D', 'E']),
});

/** The ship's own speed–power model and how well it fits its history. */
export const speedModelSchema = z.object({
  /** `history` when fitted on the last weeks under way; `trial` on the sea-trial/shop-test curves. */
  basis: z.enum(['history', 'trial']),
  /** Calm-water power against the reference curve (fouling and model error), 1 = the curve. */
  powerFactor: z.number(),
  /** Propeller law factor (heavy running > 1). */
  heavyRunning: z.number(),
  /** Hours of history the fit used. */
  hours: z.number().int(),
  /** Coefficient of determination and mean absolute error of the predicted shaft power, %. */
  r2: z.number().nullable(),
  mapePct: z.number().nullable(),
  draftM: z.number(),
  auxTPerDay: z.number(),
  minRpm: z.number(),
  maxRpm: z.number(),
});
export type SpeedModel = z.infer<typeof speedModelSchema>;

export const speedAdviceSchema = z.object({
  rpm: z.number(),
  stwKn: z.number(),
  /** When to apply it: now, or when the next leg starts. */
  applyAt: isoTime,
  currentRpm: z.number().nullable(),
  /** Within ±1 rpm of the advice. */
  optimized: z.boolean().nullable(),
  /** What the advice rests on (indicator modal). */
  basis: z.object({
    remainingNm: z.number(),
    /** Sailing hours left for the required arrival, after the planned stops (`stayH`). */
    hoursToRta: z.number(),
    stayH: z.number(),
    legs: z.number().int(),
    forecastSource: forecastSourceSchema,
    roughLegs: z.number().int(),
    floorKn: z.number(),
  }),
  /** The crew's last decision on an advice, if any in the last 12 hours. */
  adjustment: z
    .object({
      decision: z.enum(['accept', 'override']),
      rpm: z.number(),
      reason: z.string(),
      at: isoTime,
      by: z.string().nullable(),
    })
    .nullable(),
});

export const macroOptimisationSchema = z.object({
  legs: z.array(speedLegSchema),
  optimised: z.object({ fuelT: z.number(), co2T: z.number(), hours: z.number(), eta: isoTime }),
  constant: z
    .object({ stwKn: z.number(), fuelT: z.number(), co2T: z.number(), hours: z.number(), eta: isoTime })
    .nullable(),
  savingT: z.number().nullable(),
  savingCo2T: z.number().nullable(),
  onTime: z.boolean(),
  earlyHours: z.number(),
  lateHours: z.number(),
  /** V_CII*, kn, and whether it kept the plan faster than the required time needed. */
  floorKn: z.number(),
  floorBinds: z.boolean(),
  roughLegsHeld: z.boolean(),
  /** Year-end CII with the plan and with the constant speed, or why it is not available. */
  cii: z
    .object({
      year: z.number().int(),
      optimised: ciiOutcomeSchema,
      constant: ciiOutcomeSchema.nullable(),
    })
    .nullable(),
  ciiUnavailable: z.string().nullable(),
});
export type MacroOptimisation = z.infer<typeof macroOptimisationSchema>;

export const voyageStatisticsSchema = z.object({
  voyageNo: z.string(),
  departedAt: isoTime.nullable(),
  distanceNm: z.number(),
  hours: z.number(),
  avgSogKn: z.number().nullable(),
  fuelT: z.object({ hfo: z.number(), mgo: z.number() }),
  co2T: z.number(),
  fuelPerNmKg: z.number().nullable(),
  plan: z.object({
    distanceNm: z.number(),
    hours: z.number(),
    avgSpeedKn: z.number(),
  }),
});
export type VoyageStatistics = z.infer<typeof voyageStatisticsSchema>;

export const navigationNowSchema = z.object({
  at: isoTime.nullable(),
  stale: z.boolean(),
  sogKn: z.number().nullable(),
  stwKn: z.number().nullable(),
  windKn: z.number().nullable(),
  windFromDeg: z.number().nullable(),
  draftForeM: z.number().nullable(),
  draftAftM: z.number().nullable(),
  draftPortM: z.number().nullable(),
  draftStarboardM: z.number().nullable(),
  courseDeg: z.number().nullable(),
  heelDeg: z.number().nullable(),
  trimM: z.number().nullable(),
  rateOfTurnDegMin: z.number().nullable(),
  rpm: z.number().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type NavigationNow = z.infer<typeof navigationNowSchema>;

export const rpmSimulationSchema = z.object({
  rpm: z.number(),
  powerKw: z.number(),
  loadPct: z.number(),
  stwKn: z.number(),
  sogKn: z.number(),
  fuelTPerDay: z.number(),
  fuelT: z.number(),
  co2T: z.number(),
  hours: z.number(),
  arrival: isoTime,
  /** Hours after (+) or before (−) the RTA. */
  againstRtaH: z.number(),
  /**
   * The rpm is held until then (the end of the legs the plan sails at its first rpm), then the plan's speeds;
   * null: held to the destination (no plan to follow, or the plan keeps one rpm).
   */
  heldUntil: isoTime.nullable(),
  cii: ciiOutcomeSchema.extend({ year: z.number().int() }).nullable(),
  model: speedModelSchema,
});
export type RpmSimulation = z.infer<typeof rpmSimulationSchema>;

/** GET /api/v1/speed — the speed optimisation page. */
export const speedResponseSchema = z.object({
  generatedAt: isoTime,
  navigation: navigationNowSchema,
  condition: shipConditionSchema,
  plan: voyagePlanSchema.nullable(),
  /** Distance to go and the advised speed and ETA of the plan. */
  progress: z
    .object({
      distanceToGoNm: z.number(),
      advisedSpeedKn: z.number(),
      advisedEta: isoTime,
    })
    .nullable(),
  model: speedModelSchema,
  advice: speedAdviceSchema.nullable(),
  macro: macroOptimisationSchema.nullable(),
  forecast: z.array(forecastHorizonSchema),
  statistics: voyageStatisticsSchema.nullable(),
  /**
   * The rpm simulation the page opens on (`openingSimulationRpm`: the advised rpm, else the engine's, else the middle
   * of the model's range), as `GET /api/v1/speed/simulate` answers it; null without a plan, once arrived, or when
   * that rpm is outside the model's range.
   */
  simulation: rpmSimulationSchema.nullable(),
  /** Why there is no advice (no plan, at berth, arrived). */
  noAdviceReason: z.enum(['no_plan', 'not_under_way', 'arrived']).nullable(),
});
export type SpeedResponse = z.infer<typeof speedResponseSchema>;

/** GET /api/v1/speed/history — advised against actual rpm and the crew's decisions. */
export const speedHistoryQuerySchema = z.object({
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
});
export const speedHistorySchema = z.object({
  points: z.array(
    z.object({ t: isoTime, advisedRpm: z.number().nullable(), actualRpm: z.number().nullable() }),
  ),
  adjustments: z.array(
    z.object({
      at: isoTime,
      decision: z.enum(['accept', 'override']),
      rpm: z.number(),
      advisedRpm: z.number().nullable(),
      reason: z.string(),
      by: z.string().nullable(),
    }),
  ),
});
export type SpeedHistory = z.infer<typeof speedHistorySchema>;

/** POST /api/v1/speed/adjustments — the crew accepts the advice or runs another rpm, with a reason. */
export const speedAdjustmentInputSchema = z
  .object({
    decision: z.enum(['accept', 'override']),
    rpm: z.number().min(0).max(300),
    reason: z.string().max(300),
  })
  .superRefine((a, ctx) => {
    if (a.decision === 'override' && a.reason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: speedMessages.reasonRequired });
    }
  });
export type SpeedAdjustmentInput = z.infer<typeof speedAdjustmentInputSchema>;

/** GET /api/v1/speed/slip — apparent slip now and its trend. */
export const slipQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const slipResponseSchema = z.object({
  pitchM: z.number(),
  now: z
    .object({ slipPct: z.number(), stwKn: z.number(), rpm: z.number(), theoreticalKn: z.number() })
    .nullable(),
  points: z.array(z.object({ t: isoTime, slipPct: z.number(), stwKn: z.number(), rpm: z.number() })),
  meanPct: z.number().nullable(),
});
export type SlipResponse = z.infer<typeof slipResponseSchema>;

/** GET /api/v1/speed/simulate?rpm= — what an rpm gives to the destination. */
export const rpmSimulationQuerySchema = z.object({ rpm: z.coerce.number() });

/** POST /api/v1/speed/plan/rtz — an ECDIS route (RTZ, IEC 61174) as text. */
export const rtzImportSchema = z.object({
  fileName: z.string().max(200),
  xml: z.string().min(1).max(5_000_000),
});
export type RtzImport = z.infer<typeof rtzImportSchema>;
