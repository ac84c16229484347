/**
 * Particulars of the simulated Supramax bulk carrier (typical figures of methods README §2 "Reference ships",
 * MAN "Propulsion Trends in Bulk Carriers"; hull form of the Lab021 reference curves).
 */
export const VESSEL = {
  name: 'ECOHELM PIONEER',
  imo: '9812345',
  mmsi: '477123400',
  deadweightT: 57_000,
  lengthOverallM: 190,
  lengthWaterlineM: 185,
  beamM: 32.26,
  /** Transverse projected area above water in ballast (Lab021 particulars), m². */
  transverseAreaM2: 1508.4,
  /** Summer load line draught and normal ballast mean draught, m. */
  ladenDraftM: 11.9,
  ballastDraftM: 7.3,
  /** Main engine: 6-cylinder two-stroke, SMCR. */
  meMcrKw: 8200,
  meMcrRpm: 122,
  meSfocBase: 167,
  propellerPitchM: 4.55,
  /** Three diesel generators, rated electrical output. */
  geRatedKw: 600,
  geSfocBase: 190,
  /** Tank capacities, t. */
  hfoCapacityT: 1900,
  mgoCapacityT: 500,
  /** Lower calorific values (MEPC.364(79)), MJ/kg. */
  lcvHfo: 40.2,
  lcvMgo: 42.7,
} as const;

/**
 * The hull's hidden trim optimum (m, positive by the stern) at a mean draught: 1.2 m by the stern in ballast,
 * falling to 0.05 m at the laden draught. Tests recover it from the simulated history.
 */
export const trimOptimumM = (draftM: number): number =>
  1.2 - (1.15 * (draftM - VESSEL.ballastDraftM)) / (VESSEL.ladenDraftM - VESSEL.ballastDraftM);

/** Extra power for sailing off the optimum trim: +2.5 % per (metre off)², a full hull's order (methods README §4). */
export const trimPowerFactor = (trimM: number, draftM: number): number =>
  1 + 0.025 * (trimM - trimOptimumM(draftM)) ** 2;
