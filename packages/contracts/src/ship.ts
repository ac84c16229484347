import type { CiiShipType, ProductFuelId } from '@ecohelm/domain';
import { z } from 'zod';
import { shipMessages } from './messages.ts';

/** The product's 16 fuel types (SPEC §3), ids as in `@ecohelm/domain` PRODUCT_FUEL_IDS, SPEC order. */
export const fuelTypeIds = [
  'hs_hfo',
  'ls_hfo',
  'uls_hfo',
  'hs_lfo',
  'ls_lfo',
  'uls_lfo',
  'mdo_mgo',
  'riverboat',
  'lng',
  'lpg_propane',
  'lpg_butane',
  'methanol',
  'ethanol',
  'hydrogen',
  'ammonia',
  'electric',
] as const satisfies readonly ProductFuelId[];
export const fuelTypeIdSchema = z.enum(fuelTypeIds);
export type FuelTypeId = z.infer<typeof fuelTypeIdSchema>;

/** Ship types of MARPOL Annex VI reg. 2 as the CII tables name them, plus `other`. */
export const shipTypes = [
  'bulk_carrier',
  'gas_carrier',
  'tanker',
  'container_ship',
  'general_cargo_ship',
  'refrigerated_cargo_carrier',
  'combination_carrier',
  'lng_carrier',
  'ro_ro_cargo_ship_vehicle_carrier',
  'ro_ro_cargo_ship',
  'ro_ro_passenger_ship',
  'ro_ro_passenger_ship_hsc',
  'cruise_passenger_ship',
  'other',
] as const satisfies readonly (CiiShipType | 'other')[];
export const shipTypeSchema = z.enum(shipTypes);
export type ShipType = z.infer<typeof shipTypeSchema>;

/** Fuel consumption collection methods (SPEC §9: 1 BDN, 2 flow meters, 3 tank monitoring) and `other` with free text. */
export const consumptionMethods = ['bdn', 'flow_meter', 'tank_monitoring', 'other'] as const;
export const consumptionMethodSchema = z.enum(consumptionMethods);
export type ConsumptionMethodId = z.infer<typeof consumptionMethodSchema>;

/** Initial info change types (SPEC §3): what starts a reporting period for DCS/MRV. */
export const initialInfoChangeTypes = [
  'year_beginning',
  'company_change',
  'flag_state_change',
  'company_and_flag_state_change',
  'transfer_of_class',
  'newly_delivered',
] as const;
export const initialInfoChangeTypeSchema = z.enum(initialInfoChangeTypes);
export type InitialInfoChangeType = z.infer<typeof initialInfoChangeTypeSchema>;

export { shipMessages };

/** SPEC §5/§9: short text inputs accept at most 32 characters. */
export const TEXT_LIMIT = 32;

/**
 * IMO ship identification number: 7 digits whose last is the check digit, the last digit of
 * Σ dᵢ·(7−i) over the first six digits (weights 7,6,5,4,3,2). An `IMO` prefix is accepted.
 */
export function isValidImoNumber(value: string): boolean {
  const digits = value
    .trim()
    .replace(/^IMO\s*/i, '')
    .trim();
  if (!/^\d{7}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]);
}

const text = (max = TEXT_LIMIT) => z.string().trim().max(max, { error: shipMessages.maxLength });
const optText = (max = TEXT_LIMIT) => text(max).nullish();
const optPositive = () =>
  z.number({ error: shipMessages.positive }).positive({ error: shipMessages.positive }).nullish();
const dateOnly = z.iso.date({ error: shipMessages.date });

export const shipFuelTypeSchema = z.object({
  fuelType: z.enum(fuelTypeIds, { error: shipMessages.fuelTypes }),
  /** Maximum capacity of the ship's tanks for this fuel, tonnes (kWh for electric energy). */
  maxCapacityT: z.number({ error: shipMessages.capacity }).positive({ error: shipMessages.capacity }),
});
export type ShipFuelType = z.infer<typeof shipFuelTypeSchema>;

/** Every Ship field of SPEC §3, plus the engine figures IMO DCS appendix IX asks for. Also the form's schema. */
export const shipSchema = z
  .object({
    // Basic
    mmsi: z
      .string({ error: shipMessages.mmsi })
      .trim()
      .regex(/^\d{9}$/, { error: shipMessages.mmsi }),
    imoNumber: z
      .string({ error: shipMessages.imoNumber })
      .trim()
      .refine(isValidImoNumber, { error: shipMessages.imoNumber }),
    nameEn: z
      .string({ error: shipMessages.nameEn })
      .trim()
      .min(1, { error: shipMessages.nameEn })
      .max(TEXT_LIMIT, { error: shipMessages.nameEn })
      .regex(/^[A-Za-z0-9][A-Za-z0-9 .,'&()/-]*$/, { error: shipMessages.nameEn }),
    nameZh: z
      .string({ error: shipMessages.nameZh })
      .trim()
      .max(TEXT_LIMIT, { error: shipMessages.nameZh })
      .refine((v) => v === '' || /\p{Script=Han}/u.test(v), { error: shipMessages.nameZh })
      .nullish(),
    shipType: shipTypeSchema,
    shipyard: optText(),
    buildDate: dateOnly.nullish(),
    flagState: z
      .string({ error: shipMessages.flagState })
      .trim()
      .min(1, { error: shipMessages.flagState })
      .max(TEXT_LIMIT, { error: shipMessages.flagState })
      .regex(/^[\p{L}][\p{L} .,'()-]*$/u, { error: shipMessages.flagState }),
    deadweightT: z
      .number({ error: shipMessages.deadweight })
      .positive({ error: shipMessages.deadweight })
      .max(700_000, { error: shipMessages.deadweight }),
    grossTonnage: optPositive(),
    netTonnage: optPositive(),
    iceClass: optText(),
    serviceSpeedKn: z.number({ error: shipMessages.positive }).positive().max(60).nullish(),
    // Registration / operation
    verifier: optText(),
    owner: optText(),
    operationMode: optText(),
    managementCompany: optText(),
    operationCompany: optText(),
    operationStartDate: dateOnly.nullish(),
    operationEndDate: dateOnly.nullish(),
    fuelTypes: z
      .array(shipFuelTypeSchema, { error: shipMessages.fuelTypes })
      .min(1, { error: shipMessages.fuelTypes })
      .refine((rows) => new Set(rows.map((r) => r.fuelType)).size === rows.length, {
        error: shipMessages.duplicateFuel,
      }),
    consumptionMethod: consumptionMethodSchema,
    consumptionMethodOther: optText(),
    // Engineering
    lengthM: optPositive(),
    breadthM: optPositive(),
    maxDraftM: optPositive(),
    mainEngineModel: optText(),
    mainEnginePowerKw: optPositive(),
    mainEngineRpm: optPositive(),
    auxEngineCount: z.number().int().min(0).max(20).nullish(),
    auxEnginePowerKw: optPositive(),
    boilerCount: z.number().int().min(0).max(20).nullish(),
    attainedEedi: optPositive(),
    attainedEexi: optPositive(),
  })
  .superRefine((s, ctx) => {
    if (s.consumptionMethod === 'other' && !s.consumptionMethodOther?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['consumptionMethodOther'], message: shipMessages.methodOther });
    }
    if (s.operationStartDate && s.operationEndDate && s.operationEndDate < s.operationStartDate) {
      ctx.addIssue({ code: 'custom', path: ['operationEndDate'], message: shipMessages.dateOrder });
    }
  });
export type Ship = z.infer<typeof shipSchema>;
export type ShipInput = z.input<typeof shipSchema>;

/** GET /api/v1/ship — `ship` is null until the basic info has been saved once; `complete` gates filling. */
export const shipResponseSchema = z.object({
  ship: shipSchema.nullable(),
  complete: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type ShipResponse = z.infer<typeof shipResponseSchema>;

/** A fuel's remaining on board at a moment, tonnes (kWh for electric energy). */
export const fuelRobSchema = z.object({
  fuelType: fuelTypeIdSchema,
  robT: z.number({ error: shipMessages.positive }).min(0, { error: shipMessages.positive }),
});

/**
 * A start-info entry: the start of a reporting period (year beginning, change of company or flag,
 * transfer of class, delivery) with the fuel remaining on board then — the opening stock of the
 * BDN method for IMO DCS and EU MRV.
 */
export const startInfoInputSchema = z.object({
  changeType: z.enum(initialInfoChangeTypes, { error: shipMessages.changeType }),
  startTime: z.iso.datetime({ error: shipMessages.startTime }),
  portNameEn: optText(),
  company: optText(),
  flagState: optText(),
  robs: z.array(fuelRobSchema).default([]),
  remark: z.string().trim().max(200).nullish(),
});
export type StartInfoInput = z.input<typeof startInfoInputSchema>;
export const startInfoSchema = startInfoInputSchema.extend({
  id: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StartInfo = z.infer<typeof startInfoSchema>;
export const startInfoListSchema = z.object({ items: z.array(startInfoSchema) });
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
