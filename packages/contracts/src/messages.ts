import type { PlausibilityCode } from '@ecohelm/domain';
import { rangeMessages } from './range.ts';

/**
 * The messages the contracts give when they refuse an input, in English word for word: each area's schemas check
 * with them, the server sends them, and the console translates them by their text (apps/web/src/lib/contract-messages.ts).
 * Plain strings without the schemas, so that a page that only shows a refusal does not load zod
 * (`@ecohelm/contracts/messages`); the package's index exports each with its area.
 */

/** Validation messages of alarm-limit settings (English; the web translates them). */
export const alarmLimitMessages = {
  lowBelowHigh: 'The low limit must be below the high limit',
  lowlowBelowLow: 'The low-low limit must not be above the low limit',
  highBelowHighhigh: 'The high limit must not be above the high-high limit',
  outOfRange: "The limit must be inside the channel's valid range",
  hysteresis: 'The hysteresis must be between 0 and half of the valid range',
  number: 'Please enter a number',
} as const;

export const complianceMessages = {
  unknownShip: 'No ship of the fleet has that id',
  duplicateShip: 'A ship is listed twice',
} as const;

/** The query's messages, shown word for word in English and translated by the console. */
export const consumptionMessages = rangeMessages;

/** The messages of the ECA settings and zones, shown word for word in English and translated by the console. */
export const ecaMessages = {
  tipBelowWarning: 'The tip distance must be below the warning distance.',
  untilBeforeFrom: 'The last day must not be before the first day.',
  badRange: 'These positions do not bound an area.',
  fromTooEarly: 'No emission control area was in force before 19 May 2005 (MARPOL Annex VI).',
  nameLength: 'Please enter a name of at most 32 characters.',
} as const;

export const equipmentMessages = {
  loadsIncreasing: 'Give the shop-test loads in increasing order, each once.',
  tooFewPoints: 'Give at least three shop-test points.',
} as const;

/** SPEC §5 required prompts and §8 messages, word for word; the web app translates them by these keys. */
export const fillingMessages = {
  departureFuel: 'Please enter the departure fuel amount',
  fuelAmount: 'Please enter the fuel amount',
  longitude: 'Please enter the longitude',
  latitude: 'Please enter the latitude',
  departureData: 'Please enter the departure data',
  departureBallast: 'Please enter the departure ballast capacity',
  departureTime: 'Please enter the departure time',
  arrivalTime: 'Please enter the arrival time',
  startTime: 'Please enter the start time',
  endCargo: 'Please enter the end cargo weight',
  endAnchorTime: 'Please enter the end anchor time (UTC+8)',
  endDriftTime: 'Please enter the end drift time (UTC+8)',
  bunkerTime: 'Please enter the bunkering time',
  bargeTime: 'Please enter the barge-out time',
  portName: 'Please enter the port name',
  voyageNumber: 'Please enter the voyage number',
  voyageDistance: 'Please enter the voyage distance',
  regimes: 'Please select EU MRV or IMO DCS',
  fuelType: 'Please select the fuel type',
  quantity: 'Please enter the quantity',
  nonNegative: 'Please enter a number not less than 0',
  maxLength: 'Please enter at most 32 characters',
  essentialError: 'Essential info error, please check again.',
  abnormal: 'Abnormal info existed, do you want to go back to modify?',
  selectData: 'Please select data',
  reportType:
    'The data type is incorrect. Only data types such as departure, end of anchorage, and end of drift can be reported',
  fillShipFirst: 'Please fill in the ship basic information page before adding, whether to jump?',
  deleteConfirm: 'Do you really want to delete this column?',
  added: 'Successfully added',
  modified: 'Modify successfully',
  reported: 'Report successfully',
} as const;

export const fleetMessages = {
  notShore: 'The fleet pages are on a shore server only',
  unknownShip: 'The shore has heard nothing from that ship',
  consoleReadOnly: "The shore's copy of a ship is read only: the crew's entries are made on board",
  consoleNoLive: "The shore's copy of a ship has no live stream: it receives the ship's hourly rollups",
} as const;

/** Start of the 400 message for a file that cannot be read as GRIB2; the decoder's detail follows. */
export const GRIB_DAMAGED_MESSAGE = 'This is not a GRIB2 file or it is damaged';

/** The settings' messages, shown word for word in English and translated by the console. */
export const loadMessages = {
  maxBelowMin: 'The maximum load must be above the minimum load.',
  priorityTaken: 'Each priority level can be given to one generator only.',
  setsIncomplete: 'Give the settings of G/E 1, G/E 2 and G/E 3 once each.',
  reserveTooLarge: 'The reserve cannot be larger than what the generators can carry together.',
  noneAvailable: 'At least one generator must be available.',
} as const;

/**
 * Why an entry is refused as impossible (docs/regulations.md, "Plausibility at entry"): one fixed sentence per
 * rule of `@ecohelm/domain`'s plausibility, so the console translates it by its text; the server may add the
 * figures after it in brackets ("… capacity. (1,900 t)").
 */
export const plausibilityMessages = {
  leg_too_fast: 'The distance cannot be sailed in the time since the departure.',
  leg_without_distance: 'More than 24 h under way needs a distance of at least 1 nm.',
  leg_without_time: 'A distance needs time under way after the departure.',
  stay_zero_length: 'The end cannot be at the same time as its start.',
  before_build_date: "The date is before the ship's build date.",
  in_future: 'The date is more than a day in the future.',
  above_capacity: "The quantity is above the ship's tank capacity for this fuel.",
  rob_mismatch: 'The ROB does not follow from the last ROB + bunkered − consumed.',
} as const satisfies Record<PlausibilityCode, string>;

/** The spec's messages (SPEC §5), word for word; the web app translates them by these keys. */
export const shipMessages = {
  mmsi: 'Please enter the correct MMSI number',
  imoNumber: 'Please enter the correct IMO number',
  nameEn: 'Please enter the correct name of the ship',
  nameZh: 'Please enter the correct Chinese name of the ship',
  flagState: 'Please enter the correct flag state name',
  deadweight: 'Please enter the correct deadweight of the ship',
  fuelTypes: 'Please select the type of fuel to use',
  maxLength: 'Please enter at most 32 characters',
  positive: 'Please enter a positive number',
  capacity: 'Please enter the maximum capacity',
  duplicateFuel: 'Each fuel type can be selected once',
  methodOther: 'Please describe the collection method',
  dateOrder: 'The end date must not be before the start date',
  date: 'Please enter a valid date',
  changeType: 'Please select the change type',
  startTime: 'Please enter the start time',
} as const;

/** The speed page's messages, shown word for word in English and translated by the console. */
export const speedMessages = {
  etaBeforeNow: 'The ETA must be later than now.',
  rtaBeforeNow: 'The RTA must be later than now.',
  etaBeforeEtd: 'The ETA must be later than the ETD.',
  waypointsTooFew: 'A voyage plan needs at least two waypoints.',
  cargoNegative: 'The cargo loaded cannot be negative.',
  cargoAboveDeadweight: 'The cargo loaded cannot be more than the ship’s deadweight.',
  rpmOutOfRange: 'The RPM must be within the engine’s range.',
  reasonRequired: 'Give a reason for not following the advice.',
  rtzInvalid: 'This is not a valid RTZ route file.',
  noPlan: 'There is no voyage plan yet.',
  statusMoving:
    'The ship is moving, so it cannot be anchored: check the status, or confirm it if the speed sensor is wrong.',
  statusEngineTurning:
    'The main engine is turning, so the ship is not drifting: check the status, or confirm it if the sensor is wrong.',
  loadingDeep:
    'The draughts say the ship is loaded, not in ballast or empty: check the loading status, or confirm it if the draught sensors are wrong.',
  loadingLight:
    'The draughts say the ship is light, not laden: check the loading status, or confirm it if the draught sensors are wrong.',
  cargoVsDraught:
    'The cargo does not match the draughts: check the cargo, or confirm it if the draught sensors are wrong.',
} as const;

export const syncMessages = {
  unknownShip: 'The shore has no such ship',
  commentRequired: 'A record returned for correction needs a comment',
  notShore: 'Only a shore server decides on records',
  unknownRecord: 'The shore has no such record of that ship',
} as const;

/** The messages of the account forms, shown word for word in English and translated by the console. */
export const userMessages = {
  badUsername: 'Use 3 to 32 characters: lower-case letters, digits, dot, dash or underscore.',
  shortPassword: 'The password needs at least 10 characters.',
  nameTaken: 'This user name is taken.',
  badLogin: 'The user name or password is wrong.',
  tooManyAttempts: 'Too many failed logins. Please wait before trying again.',
  lastAdmin: 'The last active admin cannot be disabled or lose the admin role.',
  wrongPassword: 'The current password is wrong.',
  samePassword: 'The new password must differ from the current one.',
} as const;
