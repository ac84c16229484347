import { type FillingKind, type FillingRecord, fillingRecordInputSchema } from '@ecohelm/contracts';
import type { Dayjs } from 'dayjs';
import { fromShipTime, toShipTime } from '../../lib/ship-time';

/** The add flow's six modals; anchorage and drift each hold a start and an end. */
export const fillingModals = [
  'departure',
  'arrival',
  'anchorage',
  'drift',
  'bunkering',
  'barge_out',
] as const;
export type FillingModal = (typeof fillingModals)[number];

export const modalOf = (kind: FillingKind): FillingModal =>
  kind.startsWith('anchorage') ? 'anchorage' : kind.startsWith('drift') ? 'drift' : (kind as FillingModal);

export const kindsOf = (modal: FillingModal): FillingKind[] =>
  modal === 'anchorage'
    ? ['anchorage_start', 'anchorage_end']
    : modal === 'drift'
      ? ['drift_start', 'drift_end']
      : [modal];

export type InputKind = 'text' | 'number' | 'switch';
export interface FillingField {
  name: string;
  /** i18n key under `filling.fields`. */
  label: string;
  kind: InputKind;
  required?: boolean;
}

const n = (name: string, label: string, required = false): FillingField => ({
  name,
  label,
  kind: 'number',
  required,
});
const s = (name: string, label: string, required = false): FillingField => ({
  name,
  label,
  kind: 'text',
  required,
});

/** Label of the event time per kind (SPEC §5 prompt names). */
export const timeLabel: Record<FillingKind, string> = {
  departure: 'departureTime',
  arrival: 'arrivalTime',
  anchorage_start: 'startTime',
  anchorage_end: 'endAnchorTime',
  drift_start: 'startTime',
  drift_end: 'endDriftTime',
  bunkering: 'bunkerTime',
  barge_out: 'bargeTime',
};

/** Fields of each kind besides voyage number, regimes, time, tables and remark (SPEC §3). */
export const kindFields: Record<FillingKind, FillingField[]> = {
  departure: [
    s('portNameEn', 'portNameEn', true),
    s('portNameZh', 'portNameZh'),
    { name: 'portInEea', label: 'portInEea', kind: 'switch' },
    n('cargoT', 'departureCargo', true),
    n('ballastT', 'departureBallast', true),
    n('shorePowerKwh', 'shorePowerKwh'),
    n('longitude', 'longitude'),
    n('latitude', 'latitude'),
  ],
  arrival: [
    s('portNameEn', 'portNameEn', true),
    s('portNameZh', 'portNameZh'),
    { name: 'portInEea', label: 'portInEea', kind: 'switch' },
    n('distanceNm', 'distanceNm', true),
    n('cargoT', 'arrivalCargo'),
    n('ballastT', 'arrivalBallast'),
    n('longitude', 'longitude'),
    n('latitude', 'latitude'),
  ],
  anchorage_start: [
    n('longitude', 'longitude', true),
    n('latitude', 'latitude', true),
    n('cargoT', 'startCargo'),
    s('purpose', 'purpose'),
  ],
  anchorage_end: [
    n('longitude', 'longitude', true),
    n('latitude', 'latitude', true),
    n('cargoT', 'endCargo', true),
  ],
  drift_start: [
    n('longitude', 'longitude', true),
    n('latitude', 'latitude', true),
    n('cargoT', 'startCargo'),
  ],
  drift_end: [
    n('longitude', 'longitude', true),
    n('latitude', 'latitude', true),
    n('cargoT', 'endCargo', true),
    n('distanceNm', 'driftDistanceNm'),
  ],
  bunkering: [s('portNameEn', 'portNameEn')],
  barge_out: [],
};

/** Which editable table a kind has, and its label. */
export const tableOf: Record<
  FillingKind,
  { name: 'fuel' | 'bunkers' | 'barges'; label: string; required: boolean }
> = {
  departure: { name: 'fuel', label: 'departureFuel', required: true },
  arrival: { name: 'fuel', label: 'arrivalFuel', required: true },
  anchorage_start: { name: 'fuel', label: 'fuelAmount', required: false },
  anchorage_end: { name: 'fuel', label: 'fuelAmount', required: true },
  drift_start: { name: 'fuel', label: 'fuelAmount', required: false },
  drift_end: { name: 'fuel', label: 'fuelAmount', required: true },
  bunkering: { name: 'bunkers', label: 'bunkers', required: true },
  barge_out: { name: 'barges', label: 'barges', required: true },
};

export type FillingFormValues = Record<string, unknown> & { kind: FillingKind; eventTime?: Dayjs | null };

/** A stored (or locally drafted) record as form values; times in ship time. */
export function recordToForm(
  data: Record<string, unknown>,
  kind: FillingKind,
  offset: number,
): FillingFormValues {
  return {
    regimes: ['eu_mrv', 'imo_dcs'],
    ...data,
    kind,
    eventTime: toShipTime(typeof data.eventTime === 'string' ? data.eventTime : null, offset) ?? null,
  };
}

/** Form values in the contract's shape: UTC time, no empty rows, null for empty optional fields. */
export function formToRecord(values: FillingFormValues, offset: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === '') continue;
    out[k] = v;
  }
  out.eventTime = fromShipTime(values.eventTime ?? null, offset);
  if (out.eventTime === undefined) delete out.eventTime;
  for (const table of ['fuel', 'bunkers', 'barges']) {
    if (Array.isArray(out[table])) {
      out[table] = (out[table] as Record<string, unknown>[])
        .filter((r) => r && Object.values(r).some((v) => v !== undefined && v !== null && v !== ''))
        .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== '')));
    }
  }
  return out;
}

/** Validates the modal with the contract's schema — the same one the server uses. */
export const validateRecord = (values: FillingFormValues, offset: number) =>
  fillingRecordInputSchema.safeParse(formToRecord(values, offset));

export const isEditable = (r: FillingRecord) => r.status !== 'submitted';
