import { z } from 'zod';
import { fillingMessages } from './messages.ts';
import { fuelTypeIds, TEXT_LIMIT } from './ship.ts';
import { passageEvents } from './voyages.ts';

/** The eight record kinds behind the add flow's six modals (anchorage and drift have a start and an end). */
export const fillingKinds = [...passageEvents, 'barge_out'] as const;
export const fillingKindSchema = z.enum(fillingKinds);
export type FillingKind = z.infer<typeof fillingKindSchema>;

/** SPEC §4: only departure, end of anchorage and end of drift records may be reported. */
export const reportableKinds = [
  'departure',
  'anchorage_end',
  'drift_end',
] as const satisfies readonly FillingKind[];
export const isReportableKind = (kind: FillingKind): boolean =>
  (reportableKinds as readonly FillingKind[]).includes(kind);

/** The two reporting regimes a record belongs to (a record in an EU port usually belongs to both). */
export const regimes = ['eu_mrv', 'imo_dcs'] as const;
export const regimeSchema = z.enum(regimes);
export type Regime = z.infer<typeof regimeSchema>;

/** Submit status (SPEC §4) with `draft`: saved, not yet checked clean by the crew; counts as not submitted. */
export const fillingStatuses = ['draft', 'not_submitted', 'submitted'] as const;
export type FillingStatus = (typeof fillingStatuses)[number];

/** Filter states of the list (SPEC §4). */
export const fillingFilters = ['all', 'error', 'warning', 'not_submitted', 'submitted'] as const;
export const fillingFilterSchema = z.enum(fillingFilters);
export type FillingFilter = z.infer<typeof fillingFilterSchema>;

export { fillingMessages };

const nonNeg = (error: string = fillingMessages.nonNegative) =>
  z.number({ error }).min(0, { error: fillingMessages.nonNegative });
const shortText = (error: string) =>
  z.string({ error }).trim().min(1, { error }).max(TEXT_LIMIT, { error: fillingMessages.maxLength });
const optText = () => z.string().trim().max(TEXT_LIMIT, { error: fillingMessages.maxLength }).nullish();
const time = (error: string) => z.iso.datetime({ error, offset: true });
const longitude = z
  .number({ error: fillingMessages.longitude })
  .min(-180, { error: fillingMessages.longitude })
  .max(180, { error: fillingMessages.longitude });
const latitude = z
  .number({ error: fillingMessages.latitude })
  .min(-90, { error: fillingMessages.latitude })
  .max(90, { error: fillingMessages.latitude });

/**
 * One row of the editable fuel table: remaining on board at the event and, optionally, the amount
 * consumed since the previous event (at berth for a departure, on passage for an arrival, during
 * anchorage or drift for their ends). Tonnes; kWh for electric energy.
 */
export const fuelAmountRowSchema = z.object({
  fuelType: z.enum(fuelTypeIds, { error: fillingMessages.fuelType }),
  robT: nonNeg(fillingMessages.fuelAmount),
  consumedT: nonNeg().nullish(),
});
export type FuelAmountRow = z.infer<typeof fuelAmountRowSchema>;

const uniqueFuel = <T extends { fuelType: string }>(rows: T[]) =>
  new Set(rows.map((r) => r.fuelType)).size === rows.length;

const fuelTable = (error: string) =>
  z
    .array(fuelAmountRowSchema, { error })
    .min(1, { error })
    .refine(uniqueFuel, { error: 'Each fuel type can be entered once' });

export const bunkerRowSchema = z.object({
  fuelType: z.enum(fuelTypeIds, { error: fillingMessages.fuelType }),
  quantityT: z.number({ error: fillingMessages.quantity }).positive({ error: fillingMessages.quantity }),
  sulphurPct: z.number().min(0).max(5).nullish(),
  viscosityCst: z.number().min(0).max(1000).nullish(),
  isoGrade: optText(),
  bdnNumber: optText(),
});
export type BunkerRow = z.infer<typeof bunkerRowSchema>;

export const bargeRowSchema = z.object({
  fuelType: z.enum(fuelTypeIds, { error: fillingMessages.fuelType }),
  quantityT: z.number({ error: fillingMessages.quantity }).positive({ error: fillingMessages.quantity }),
});
export type BargeRow = z.infer<typeof bargeRowSchema>;

const common = {
  voyageNumber: shortText(fillingMessages.voyageNumber),
  regimes: z
    .array(regimeSchema, { error: fillingMessages.regimes })
    .min(1, { error: fillingMessages.regimes }),
  remark: z.string().trim().max(200).nullish(),
};

const position = { longitude, latitude };
const optPosition = { longitude: longitude.nullish(), latitude: latitude.nullish() };

/** The variants of the voyage information filling record (SPEC §3); `eventTime` is UTC on the wire. */
export const fillingVariants = {
  departure: z.object({
    kind: z.literal('departure'),
    ...common,
    portNameEn: shortText(fillingMessages.portName),
    portNameZh: optText(),
    /** Port under an EEA Member State's jurisdiction (EU MRV/ETS voyage classification). */
    portInEea: z.boolean().nullish(),
    eventTime: time(fillingMessages.departureTime),
    cargoT: nonNeg(fillingMessages.departureData),
    ballastT: nonNeg(fillingMessages.departureBallast),
    fuel: fuelTable(fillingMessages.departureFuel),
    shorePowerKwh: nonNeg().nullish(),
    ...optPosition,
  }),
  arrival: z.object({
    kind: z.literal('arrival'),
    ...common,
    portNameEn: shortText(fillingMessages.portName),
    portNameZh: optText(),
    portInEea: z.boolean().nullish(),
    eventTime: time(fillingMessages.arrivalTime),
    distanceNm: nonNeg(fillingMessages.voyageDistance),
    cargoT: nonNeg().nullish(),
    ballastT: nonNeg().nullish(),
    fuel: fuelTable(fillingMessages.fuelAmount),
    ...optPosition,
  }),
  anchorage_start: z.object({
    kind: z.literal('anchorage_start'),
    ...common,
    eventTime: time(fillingMessages.startTime),
    ...position,
    cargoT: nonNeg().nullish(),
    purpose: optText(),
    fuel: z.array(fuelAmountRowSchema).refine(uniqueFuel).default([]),
  }),
  anchorage_end: z.object({
    kind: z.literal('anchorage_end'),
    ...common,
    eventTime: time(fillingMessages.endAnchorTime),
    ...position,
    cargoT: nonNeg(fillingMessages.endCargo),
    fuel: fuelTable(fillingMessages.fuelAmount),
  }),
  drift_start: z.object({
    kind: z.literal('drift_start'),
    ...common,
    eventTime: time(fillingMessages.startTime),
    ...position,
    cargoT: nonNeg().nullish(),
    fuel: z.array(fuelAmountRowSchema).refine(uniqueFuel).default([]),
  }),
  drift_end: z.object({
    kind: z.literal('drift_end'),
    ...common,
    eventTime: time(fillingMessages.endDriftTime),
    ...position,
    cargoT: nonNeg(fillingMessages.endCargo),
    distanceNm: nonNeg().nullish(),
    fuel: fuelTable(fillingMessages.fuelAmount),
  }),
  bunkering: z.object({
    kind: z.literal('bunkering'),
    ...common,
    eventTime: time(fillingMessages.bunkerTime),
    portNameEn: optText(),
    bunkers: z
      .array(bunkerRowSchema, { error: fillingMessages.quantity })
      .min(1, { error: fillingMessages.quantity }),
  }),
  barge_out: z.object({
    kind: z.literal('barge_out'),
    ...common,
    eventTime: time(fillingMessages.bargeTime),
    barges: z
      .array(bargeRowSchema, { error: fillingMessages.quantity })
      .min(1, { error: fillingMessages.quantity }),
  }),
} as const;

/** A complete filling record as the crew saves it (not a draft). The same schema validates the client form. */
export const fillingRecordInputSchema = z.discriminatedUnion('kind', [
  fillingVariants.departure,
  fillingVariants.arrival,
  fillingVariants.anchorage_start,
  fillingVariants.anchorage_end,
  fillingVariants.drift_start,
  fillingVariants.drift_end,
  fillingVariants.bunkering,
  fillingVariants.barge_out,
]);
export type FillingRecordInput = z.infer<typeof fillingRecordInputSchema>;
export type FillingRecordFormValues = z.input<typeof fillingRecordInputSchema>;

/** A draft keeps whatever the crew entered; only `kind` is required. */
export const fillingDraftInputSchema = z.looseObject({ kind: fillingKindSchema });

/** POST /api/v1/filling/records, PUT /api/v1/filling/records/:id, POST .../records/check. */
export const fillingSaveRequestSchema = z.object({
  draft: z.boolean().default(false),
  record: z.looseObject({ kind: fillingKindSchema }),
});
export type FillingSaveRequest = z.input<typeof fillingSaveRequestSchema>;
export const fillingCheckRequestSchema = fillingSaveRequestSchema.extend({
  id: z.string().max(64).optional(),
});
export type FillingCheckRequest = z.input<typeof fillingCheckRequestSchema>;

/** A problem found by the checks: `error` blocks reporting, `warning` asks the crew to look again. */
export const fillingIssueSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.enum([
    'required',
    'rob_mismatch',
    'rob_increase',
    'time_order',
    'time_future',
    'distance_implausible',
    'distance_slow',
    'fuel_not_on_ship',
    'over_capacity',
    'bunker_record_missing',
    'bunker_record_differs',
  ]),
  path: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FillingIssue = z.infer<typeof fillingIssueSchema>;
export type CheckState = 'ok' | 'warning' | 'error';

export const fillingCheckResponseSchema = z.object({
  checkState: z.enum(['ok', 'warning', 'error']),
  issues: z.array(fillingIssueSchema),
});
export type FillingCheckResponse = z.infer<typeof fillingCheckResponseSchema>;

/** A stored record: the entered fields (complete, or partial for a draft) plus status and check results. */
export const fillingRecordSchema = z.object({
  id: z.string(),
  kind: fillingKindSchema,
  status: z.enum(fillingStatuses),
  eventTime: z.string().nullable(),
  voyageNumber: z.string().nullable(),
  regimes: z.array(regimeSchema),
  data: z.record(z.string(), z.unknown()),
  checkState: z.enum(['ok', 'warning', 'error']),
  issues: z.array(fillingIssueSchema),
  /** Fuel consumed per fuel type since the previous fuel reading (entered, or derived from ROB), for DCS/MRV. */
  consumedT: z.record(z.string(), z.number()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
});
export type FillingRecord = z.infer<typeof fillingRecordSchema>;

export const fillingListQuerySchema = z.object({
  regime: regimeSchema.optional(),
  filter: fillingFilterSchema.default('all'),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type FillingListQuery = z.input<typeof fillingListQuerySchema>;

export const fillingListResponseSchema = z.object({
  records: z.array(fillingRecordSchema),
  counts: z.object({
    all: z.number(),
    error: z.number(),
    warning: z.number(),
    not_submitted: z.number(),
    submitted: z.number(),
  }),
});
export type FillingListResponse = z.infer<typeof fillingListResponseSchema>;

export const fillingReportRequestSchema = z.object({ ids: z.array(z.string().max(64)).max(1000) });
export const fillingReportResponseSchema = z.object({
  reported: z.number(),
  records: z.array(fillingRecordSchema),
});

/** `details.reason` of 409 answers, mapped by the UI to the spec's messages. */
export const fillingConflictReasons = [
  'ship_incomplete',
  'record_locked',
  'record_is_draft',
  'record_has_errors',
  /** A submitted record (in `details.dependent`) needs the record being deleted or changed as its start. */
  'record_required',
] as const;
export type FillingConflictReason = (typeof fillingConflictReasons)[number];
