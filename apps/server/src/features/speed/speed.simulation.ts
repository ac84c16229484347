import { type RpmSimulation, speedMessages, type VoyagePlan } from '@ecohelm/contracts';
import { HOUR_MS, heldPowerThenPlanVoyage, legsAtFirstRpm, powerAtRpm } from '@ecohelm/domain';
import { validationFailed } from '../../platform/errors.ts';
import { round } from './speed.live.ts';
import { CF_HFO } from './speed.optimisation.ts';
import { type CiiYearEnd, roundCii, type Worked } from './speed.types.ts';

/**
 * The rpm simulation: the crew's rpm held while the plan holds its first rpm, then the plan's speeds, so at the
 * advised rpm the simulation arrives when the macro plan does; with fuel, CO2, arrival against the RTA and the
 * year-end CII.
 */
export async function simulateRpm(
  plan: VoyagePlan,
  worked: Worked,
  rpm: number,
  cii: CiiYearEnd,
): Promise<RpmSimulation> {
  const { model, ship } = worked;
  if (!(rpm >= model.minRpm && rpm <= model.maxRpm)) {
    const message = `${speedMessages.rpmOutOfRange} (${model.minRpm}–${model.maxRpm} rpm)`;
    throw validationFailed(message, [{ path: 'query.rpm', message }]);
  }
  const powerKw = powerAtRpm(ship, rpm);
  const planLegs = worked.optimum?.legs;
  const heldLegs = planLegs ? legsAtFirstRpm(planLegs) : worked.legs.length;
  const sailed = heldPowerThenPlanVoyage(ship, worked.legs, powerKw, planLegs, heldLegs);
  if (!sailed || sailed.legs.length === 0) {
    throw validationFailed(speedMessages.rpmOutOfRange, [
      { path: 'query.rpm', message: speedMessages.rpmOutOfRange },
    ]);
  }
  const first = sailed.legs[0]!;
  const arrivalMs = worked.startMs + (sailed.hours + worked.stayH) * HOUR_MS;
  const distanceNm = worked.route.reduce((a, l) => a + l.distanceNm, 0);
  let yearEnd: RpmSimulation['cii'] = null;
  try {
    const r = await cii.yearEndWithPassage([{ distanceNm, fuelT: sailed.fuelT, endMs: arrivalMs }]);
    yearEnd = { year: r.year, ...roundCii(r.outcomes[0]!) };
  } catch {
    yearEnd = null;
  }
  return {
    rpm,
    powerKw: round(powerKw, 0),
    loadPct: round((powerKw / ship.mcrKw) * 100, 1),
    stwKn: round(first.stwKn, 2),
    sogKn: round(first.sogKn, 2),
    fuelTPerDay: round((first.fuelT / first.hours) * 24, 2),
    fuelT: round(sailed.fuelT, 2),
    co2T: round(sailed.fuelT * CF_HFO, 1),
    hours: round(sailed.hours, 2),
    arrival: new Date(arrivalMs).toISOString(),
    againstRtaH: round((arrivalMs - Date.parse(plan.rta)) / HOUR_MS, 2),
    heldUntil: planLegs && heldLegs < worked.legs.length ? heldUntilIso(worked, sailed.legs, heldLegs) : null,
    cii: yearEnd,
    model,
  };
}

/** When the simulation's held rpm gives way to the plan's: the end of the last held leg. */
function heldUntilIso(w: Worked, sailed: readonly { hours: number }[], heldLegs: number): string {
  let t = w.startMs;
  for (let i = 0; i < heldLegs; i++)
    t += (sailed[i]!.hours + (i < heldLegs - 1 ? w.stayAfter[i]! : 0)) * HOUR_MS;
  return new Date(t).toISOString();
}
