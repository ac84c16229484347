/**
 * Test data shared by the server tests (apps/server/test) and the browser tests (e2e and the web page tests): a valid
 * ship, its start info, information-filling records, the other records and entries the crew makes (bunker, oil
 * change, hull cleaning, ECA areas) and the server's answers built on them, typed by the contracts so a change of the
 * API shows up in all of them at once.
 */
import type {
  BunkerRecordInput,
  EcaZoneInput,
  HullCleaningRecord,
  HullCleaningRecordInput,
  OilChangeRecordInput,
  ShipInput,
  StartInfo,
  StartInfoInput,
  Voyage,
} from '@ecohelm/contracts';
import type { FillingRecord } from '@ecohelm/domain';

type Json = Record<string, unknown>;

/** A complete, valid ship (IMO 9074729 has a correct check digit). */
export const validShip = (): ShipInput => ({
  mmsi: '413000001',
  imoNumber: '9074729',
  nameEn: 'ECO HELM',
  nameZh: '生态舵',
  shipType: 'bulk_carrier',
  flagState: 'China',
  deadweightT: 82_000,
  grossTonnage: 44_000,
  serviceSpeedKn: 14,
  fuelTypes: [
    { fuelType: 'ls_hfo', maxCapacityT: 2_500 },
    { fuelType: 'mdo_mgo', maxCapacityT: 400 },
  ],
  consumptionMethod: 'bdn',
});

/** The opening stock of 2025: 720 t of HFO on board at the year's beginning; `over` replaces any field. */
export const startInfo = (over: Partial<StartInfoInput> = {}): StartInfoInput => ({
  changeType: 'year_beginning',
  startTime: '2025-01-01T00:00:00Z',
  robs: [{ fuelType: 'ls_hfo', robT: 720 }],
  ...over,
});

/** A filling record's fuel with HFO only: `robT` t on board, and `consumedT` t burnt when given. */
export const hfoOnly = (robT: number, consumedT?: number): Json[] => [
  { fuelType: 'ls_hfo', robT, ...(consumedT === undefined ? {} : { consumedT }) },
];

/** A departure from Rotterdam with 900 t of HFO on board; `over` replaces any field. */
export const departure = (over: Json = {}): Json => ({
  kind: 'departure',
  voyageNumber: '2301',
  regimes: ['eu_mrv', 'imo_dcs'],
  portNameEn: 'Rotterdam',
  eventTime: '2025-03-02T08:00:00Z',
  cargoT: 70_000,
  ballastT: 0,
  fuel: [{ fuelType: 'ls_hfo', robT: 900, consumedT: 5 }],
  ...over,
});

/** An arrival at Rotterdam after 300 nm with 700 t of HFO left; `over` replaces any field. */
export const arrival = (over: Json = {}): Json => ({
  kind: 'arrival',
  voyageNumber: '2301',
  regimes: ['eu_mrv', 'imo_dcs'],
  portNameEn: 'Rotterdam',
  eventTime: '2025-03-01T08:00:00Z',
  distanceNm: 300,
  cargoT: 70_000,
  fuel: [{ fuelType: 'ls_hfo', robT: 700 }],
  ...over,
});

const both = { regimes: ['eu_mrv', 'imo_dcs'] };
const fuel = (hfo: number, mdo: number) => [
  { fuelType: 'ls_hfo', robT: hfo },
  { fuelType: 'mdo_mgo', robT: mdo },
];
const port = (nameEn: string, nameZh: string, portInEea: boolean) => ({
  portNameEn: nameEn,
  portNameZh: nameZh,
  portInEea,
});

/**
 * A small reporting year: Rotterdam → Shanghai (outgoing, 50 %), Shanghai → Hamburg (incoming, 50 %, with a
 * bunkering in Shanghai), Hamburg at berth (100 %, shore power), Hamburg → Antwerp (intra-EEA, 100 %),
 * optionally with an anchorage on the way, and a last departure from Antwerp. Every ROB adds up.
 */
export function reportingYear(year: number, options: { anchorage?: boolean } = {}): Json[] {
  const at = (date: string) => `${year}-${date}Z`;
  const anchorage: Json[] = options.anchorage
    ? [
        {
          kind: 'anchorage_start',
          voyageNumber: `${year % 100}03`,
          ...both,
          eventTime: at('03-07T20:00:00'),
          longitude: 4.2,
          latitude: 52.1,
          fuel: fuel(1086, 77),
        },
        {
          kind: 'anchorage_end',
          voyageNumber: `${year % 100}03`,
          ...both,
          eventTime: at('03-08T02:00:00'),
          longitude: 4.2,
          latitude: 52.1,
          cargoT: 50_000,
          fuel: fuel(1085, 76.5),
        },
      ]
    : [];
  const v = (n: number) => `${year % 100}0${n}`;
  return [
    {
      kind: 'departure',
      voyageNumber: v(1),
      ...both,
      ...port('Rotterdam', '鹿特丹', true),
      eventTime: at('01-10T08:00:00'),
      cargoT: 70_000,
      ballastT: 0,
      fuel: fuel(900, 100),
    },
    {
      kind: 'arrival',
      voyageNumber: v(1),
      ...both,
      ...port('Shanghai', '上海', false),
      eventTime: at('02-05T08:00:00'),
      distanceNm: 10_000,
      cargoT: 70_000,
      fuel: fuel(500, 90),
    },
    {
      kind: 'bunkering',
      voyageNumber: v(1),
      ...both,
      eventTime: at('02-06T08:00:00'),
      portNameEn: 'Shanghai',
      bunkers: [{ fuelType: 'ls_hfo', quantityT: 1010 }],
    },
    {
      kind: 'departure',
      voyageNumber: v(2),
      ...both,
      ...port('Shanghai', '上海', false),
      eventTime: at('02-08T08:00:00'),
      cargoT: 60_000,
      ballastT: 0,
      fuel: fuel(1500, 88),
    },
    {
      kind: 'arrival',
      voyageNumber: v(2),
      ...both,
      ...port('Hamburg', '汉堡', true),
      eventTime: at('03-05T08:00:00'),
      distanceNm: 10_500,
      cargoT: 60_000,
      fuel: fuel(1100, 80),
    },
    {
      kind: 'departure',
      voyageNumber: v(3),
      ...both,
      ...port('Hamburg', '汉堡', true),
      eventTime: at('03-07T08:00:00'),
      cargoT: 50_000,
      ballastT: 0,
      fuel: fuel(1090, 78),
      shorePowerKwh: 5_000,
    },
    ...anchorage,
    {
      kind: 'arrival',
      voyageNumber: v(3),
      ...both,
      ...port('Antwerp', '安特卫普', true),
      eventTime: at('03-08T12:00:00'),
      distanceNm: 320,
      cargoT: 50_000,
      fuel: fuel(1080, 76),
    },
    {
      kind: 'departure',
      voyageNumber: v(4),
      ...both,
      ...port('Antwerp', '安特卫普', true),
      eventTime: at('03-10T08:00:00'),
      cargoT: 40_000,
      ballastT: 0,
      fuel: fuel(1075, 75),
    },
  ];
}

/**
 * A stay as the domain's filling record, for server tests that compute a report by hand, apart from the server's
 * mapping: a departure of voyage `voyageNumber`, arrived and left `at`, with `robT` the [HFO, MDO/MGO] on board on
 * arrival and on departure, after `distanceNm` with `departureCargoT` aboard; `over` adds or replaces any field.
 */
export function domainStay(
  id: string,
  voyageNumber: string,
  at: [arrivalUtc: string, departureUtc: string],
  robT: [arrival: [number, number], departure: [number, number]],
  over: Partial<FillingRecord> = {},
): FillingRecord {
  const [[hfoIn, mgoIn], [hfoOut, mgoOut]] = robT;
  return {
    id,
    type: 'departure',
    voyageNumber,
    arrivalUtc: at[0],
    departureUtc: at[1],
    distanceNm: 0,
    robArrivalT: { ls_hfo: hfoIn, mdo_mgo: mgoIn },
    robDepartureT: { ls_hfo: hfoOut, mdo_mgo: mgoOut },
    ...over,
  };
}

/** A bunker delivery of 800 t of HFO at Singapore on 10 January 2025; `over` replaces any field. */
export const bunkerRecord = (over: Partial<BunkerRecordInput> = {}): BunkerRecordInput => ({
  port: 'Singapore',
  fuelType: 'ls_hfo',
  quantityT: 800,
  supplier: 'Test Bunkers',
  startTime: '2025-01-10T02:00:00.000Z',
  endTime: '2025-01-10T11:00:00.000Z',
  tankNumber: '3P',
  ...over,
});

/** The main engine's scheduled oil change (SAE 30 to SAE 40) on 10 January 2025; `over` replaces any field. */
export const oilChangeRecord = (over: Partial<OilChangeRecordInput> = {}): OilChangeRecordInput => ({
  equipment: 'ME',
  oilTypeBefore: 'SAE 30',
  oilTypeAfter: 'SAE 40',
  startTime: '2025-01-10T02:00:00.000Z',
  endTime: '2025-01-10T04:00:00.000Z',
  reason: 'Scheduled',
  operator: 'C/E',
  ...over,
});

type EcaCircleInput = Extract<EcaZoneInput, { kind: 'position' }>;

/** A crew's control area of 12 nm around 30° N 122° E, 0.1 % sulphur from 2026 on; `over` replaces any field. */
export const ecaCircle = (over: Partial<EcaCircleInput> = {}): EcaCircleInput => ({
  kind: 'position',
  name: 'Test zone',
  sulphurLimitPercent: 0.1,
  from: '2026-01-01',
  until: null,
  latitude: 30,
  longitude: 122,
  radiusNm: 12,
  ...over,
});

/** `hullCleaningRecord()` as the server answers it: stored as record 1, entered by the crew, without a position. */
export const storedHullCleaningRecord = (over: Partial<HullCleaningRecord> = {}): HullCleaningRecord => ({
  id: 1,
  source: 'crew',
  createdAt: '2026-01-11T13:00:00.000Z',
  kind: 'hull_cleaning',
  ...hullCleaningRecord(),
  latitude: null,
  longitude: null,
  ...over,
});

/** The year-beginning start information as the server answers it: 850 t of HFO on board at Qingdao. */
export const storedStartInfo = (over: Partial<StartInfo> = {}): StartInfo => ({
  id: 's1',
  changeType: 'year_beginning',
  startTime: '2025-01-01T00:00:00.000Z',
  portNameEn: 'Qingdao',
  robs: [{ fuelType: 'ls_hfo', robT: 850 }],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

/**
 * A hull cleaning by divers at Singapore on 11 January 2026, its kind left to the server's default; `over` replaces
 * any field.
 */
export const hullCleaningRecord = (
  over: Partial<HullCleaningRecordInput> = {},
): Omit<HullCleaningRecordInput, 'kind'> & Partial<Pick<HullCleaningRecordInput, 'kind'>> => ({
  place: 'Singapore Eastern Anchorage',
  startTime: '2026-01-11T02:00:00.000Z',
  endTime: '2026-01-11T12:00:00.000Z',
  remark: 'Divers, light slime',
  ...over,
});

/**
 * Voyage 2301 from Singapore to Rotterdam, laden, as `GET /voyages` answers it: the current voyage (no end) without
 * legs, port calls or periods; `over` replaces any field.
 */
export const voyage = (over: Partial<Voyage> = {}): Voyage => ({
  voyageNumber: 2301,
  departurePort: 'Singapore',
  arrivalPort: 'Rotterdam',
  departureTime: '2025-01-10T12:00:00.000Z',
  arrivalTime: null,
  endTime: null,
  loadingStatus: 1,
  distanceNm: 0,
  legs: [],
  portCalls: [],
  periods: [],
  ...over,
});
