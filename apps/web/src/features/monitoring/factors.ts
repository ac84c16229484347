import type { MonitoringUnit } from '@ecohelm/contracts';
import { CHANNEL } from '@ecohelm/domain';

/** A key factor of a unit: a catalogue channel, its label key under `monitoring.factors` and its digits. */
export interface KeyFactor {
  key: string;
  channel: string;
  digits: number;
  /** Number interpolated into the label (cylinder). */
  n?: number;
  /**
   * `now`: the server's figure of the set now (GET /api/v1/monitoring/:unit `now`, the computation the load page
   * shows too) instead of the live channel.
   */
  source?: 'now';
}

const me: KeyFactor[] = [
  { key: 'revolutions', channel: CHANNEL.meRev, digits: 1 },
  { key: 'engineLoad', channel: CHANNEL.meLoad, digits: 1 },
  { key: 'shaftPower', channel: CHANNEL.mePower, digits: 0 },
  { key: 'shaftTorque', channel: CHANNEL.meTorque, digits: 0 },
  { key: 'fuelHfo', channel: CHANNEL.meFuelHfo, digits: 1 },
  { key: 'fuelMgo', channel: CHANNEL.meFuelMgo, digits: 1 },
  { key: 'fuelRack', channel: CHANNEL.meRack, digits: 1 },
  { key: 'scavengeAirPressure', channel: CHANNEL.meScav, digits: 2 },
  { key: 'turbocharger', channel: CHANNEL.meTc, digits: 0 },
  { key: 'exhaustAfterTc', channel: CHANNEL.meExhTc, digits: 1 },
  ...Array.from({ length: 6 }, (_, i) => ({
    key: 'cylinderExhaust',
    channel: `propulsion.main.cylinders.${i + 1}.exhaustTemperature`,
    digits: 1,
    n: i + 1,
  })),
  { key: 'coolantTemperature', channel: CHANNEL.meJwTemp, digits: 1 },
  { key: 'oilPressure', channel: CHANNEL.meLoPress, digits: 2 },
];

const generator = (n: 1 | 2 | 3): KeyFactor[] => {
  const base = `electrical.generators.ge${n}`;
  return [
    { key: 'running', channel: `${base}.running`, digits: 0 },
    { key: 'realPower', channel: `${base}.realPower`, digits: 0 },
    { key: 'fuel', channel: `${base}.fuel.massFlow`, digits: 1 },
    // SFOC at ISO LCV from the meter, power and fuel: the load page's figure (not the sensor's as-burned SFOC).
    { key: 'sfocIso', channel: `${base}.sfoc`, digits: 1, source: 'now' },
    { key: 'exhaust', channel: `${base}.exhaustTemperature`, digits: 1 },
  ];
};

const boiler = (n: 1 | 2): KeyFactor[] => {
  const base = `steam.boilers.boiler${n}`;
  return [
    { key: 'running', channel: `${base}.running`, digits: 0 },
    { key: 'steamPressure', channel: `${base}.steamPressure`, digits: 2 },
    { key: 'fuel', channel: `${base}.fuel.massFlow`, digits: 1 },
  ];
};

/** The live key factors of each monitored unit (catalogue channels, shown in their display units). */
export const KEY_FACTORS: Record<MonitoringUnit, KeyFactor[]> = {
  me,
  ge1: generator(1),
  ge2: generator(2),
  ge3: generator(3),
  boiler1: boiler(1),
  boiler2: boiler(2),
};
