import type { MonitoringUnit } from '@ecohelm/contracts';
import { CHANNEL } from '@ecohelm/domain';

/**
 * A key factor of a unit: a catalogue channel and its label key under `monitoring.factors` (the live value comes with
 * its unit and decimals).
 */
export interface KeyFactor {
  key: string;
  channel: string;
  /** Number interpolated into the label (cylinder). */
  n?: number;
  /**
   * `now`: the server's figure of the set now (GET /api/v1/monitoring/:unit `now`, the computation the load page
   * shows too) instead of the live channel.
   */
  source?: 'now';
}

const me: KeyFactor[] = [
  { key: 'revolutions', channel: CHANNEL.meRev },
  { key: 'engineLoad', channel: CHANNEL.meLoad },
  { key: 'shaftPower', channel: CHANNEL.mePower },
  { key: 'shaftTorque', channel: CHANNEL.meTorque },
  { key: 'fuelHfo', channel: CHANNEL.meFuelHfo },
  { key: 'fuelMgo', channel: CHANNEL.meFuelMgo },
  { key: 'fuelRack', channel: CHANNEL.meRack },
  { key: 'scavengeAirPressure', channel: CHANNEL.meScav },
  { key: 'turbocharger', channel: CHANNEL.meTc },
  { key: 'exhaustAfterTc', channel: CHANNEL.meExhTc },
  ...Array.from({ length: 6 }, (_, i) => ({
    key: 'cylinderExhaust',
    channel: `propulsion.main.cylinders.${i + 1}.exhaustTemperature`,
    n: i + 1,
  })),
  { key: 'coolantTemperature', channel: CHANNEL.meJwTemp },
  { key: 'oilPressure', channel: CHANNEL.meLoPress },
];

const generator = (n: 1 | 2 | 3): KeyFactor[] => {
  const base = `electrical.generators.ge${n}`;
  return [
    { key: 'running', channel: `${base}.running` },
    { key: 'realPower', channel: `${base}.realPower` },
    { key: 'fuel', channel: `${base}.fuel.massFlow` },
    // SFOC at ISO LCV from the meter, power and fuel: the load page's figure (not the sensor's as-burned SFOC).
    { key: 'sfocIso', channel: `${base}.sfoc`, source: 'now' },
    { key: 'exhaust', channel: `${base}.exhaustTemperature` },
  ];
};

const boiler = (n: 1 | 2): KeyFactor[] => {
  const base = `steam.boilers.boiler${n}`;
  return [
    { key: 'running', channel: `${base}.running` },
    { key: 'steamPressure', channel: `${base}.steamPressure` },
    { key: 'fuel', channel: `${base}.fuel.massFlow` },
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
