import {
  consumptionMethods,
  fuelTypeIds,
  type Ship,
  type ShipInput,
  shipSchema,
  shipTypes,
} from '@ecohelm/contracts';
import type { Dayjs } from 'dayjs';
import { fromDate, toDate } from '../../lib/ship-time';

export type FieldKind = 'text' | 'number' | 'integer' | 'date' | 'select';

export interface FieldSpec {
  name: keyof Ship & string;
  kind: FieldKind;
  required?: boolean;
  options?: readonly string[];
  /** i18n prefix of the option labels. */
  optionKey?: string;
}

/** The ship form's three tabs (SPEC §2) and every Ship field of SPEC §3 in them. */
export const shipTabs: { id: 'basic' | 'registration' | 'engineering'; fields: FieldSpec[] }[] = [
  {
    id: 'basic',
    fields: [
      { name: 'mmsi', kind: 'text', required: true },
      { name: 'imoNumber', kind: 'text', required: true },
      { name: 'nameEn', kind: 'text', required: true },
      { name: 'nameZh', kind: 'text' },
      { name: 'shipType', kind: 'select', required: true, options: shipTypes, optionKey: 'ship.shipTypes' },
      { name: 'flagState', kind: 'text', required: true },
      { name: 'shipyard', kind: 'text' },
      { name: 'buildDate', kind: 'date' },
      { name: 'deadweightT', kind: 'number', required: true },
      { name: 'grossTonnage', kind: 'number' },
      { name: 'netTonnage', kind: 'number' },
      { name: 'iceClass', kind: 'text' },
      { name: 'serviceSpeedKn', kind: 'number' },
    ],
  },
  {
    id: 'registration',
    fields: [
      { name: 'owner', kind: 'text' },
      { name: 'verifier', kind: 'text' },
      { name: 'managementCompany', kind: 'text' },
      { name: 'operationCompany', kind: 'text' },
      { name: 'operationMode', kind: 'text' },
      { name: 'operationStartDate', kind: 'date' },
      { name: 'operationEndDate', kind: 'date' },
      {
        name: 'consumptionMethod',
        kind: 'select',
        required: true,
        options: consumptionMethods,
        optionKey: 'ship.methods',
      },
      { name: 'consumptionMethodOther', kind: 'text' },
    ],
  },
  {
    id: 'engineering',
    fields: [
      { name: 'lengthM', kind: 'number' },
      { name: 'breadthM', kind: 'number' },
      { name: 'maxDraftM', kind: 'number' },
      { name: 'mainEngineModel', kind: 'text' },
      { name: 'mainEnginePowerKw', kind: 'number' },
      { name: 'mainEngineRpm', kind: 'number' },
      { name: 'auxEngineCount', kind: 'integer' },
      { name: 'auxEnginePowerKw', kind: 'number' },
      { name: 'boilerCount', kind: 'integer' },
      { name: 'attainedEedi', kind: 'number' },
      { name: 'attainedEexi', kind: 'number' },
    ],
  },
];

export const fuelOptions = fuelTypeIds;
const dateFields = ['buildDate', 'operationStartDate', 'operationEndDate'] as const;

/** Form values: dates as dayjs, everything else as in the contract. */
export type ShipFormValues = Omit<Partial<ShipInput>, (typeof dateFields)[number]> &
  Partial<Record<(typeof dateFields)[number], Dayjs | null>>;

export function shipToForm(ship: Partial<ShipInput> | null | undefined): ShipFormValues {
  const values: ShipFormValues = {
    consumptionMethod: 'bdn',
    fuelTypes: [],
    ...(ship ?? {}),
  } as ShipFormValues;
  for (const f of dateFields) values[f] = toDate(ship?.[f] ?? null) ?? null;
  return values;
}

/** Form values in the contract's shape (empty strings of optional text become null). */
export function formToShipInput(values: ShipFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const f of dateFields) out[f] = fromDate(values[f] ?? null);
  for (const [k, v] of Object.entries(out)) if (v === undefined) out[k] = null;
  out.fuelTypes = (values.fuelTypes ?? []).filter(Boolean);
  return out;
}

/** Validates the form with the contract's schema — the same one the server uses. */
export const validateShip = (values: ShipFormValues) => shipSchema.safeParse(formToShipInput(values));

/** Saved form values for local storage (dates as strings). */
export function formToStored(values: ShipFormValues): Partial<ShipInput> {
  const out = formToShipInput(values) as Partial<ShipInput>;
  return out;
}
