import type { VoyagePlan, VoyageStatistics } from '@ecohelm/contracts';
import { co2FactorTPerT, HOUR_MS, msToKnots } from '@ecohelm/domain';
import type { TelemetryService } from '../telemetry/index.ts';
import { AUX_FUEL, CH, round } from './speed.live.ts';
import { CF_HFO } from './speed.optimisation.ts';
import { routeLengthNm } from './speed.route-legs.ts';

/** CO2 per tonne of the ship's gas oil (MEPC.364(79) C_F). */
const CF_MGO = co2FactorTPerT('diesel_gas_oil');

/** The voyage so far from its departure: distance, hours, average speed, fuel by kind and CO2, against the plan. */
export async function voyageStatistics(
  telemetry: TelemetryService,
  plan: VoyagePlan,
  now: number,
): Promise<VoyageStatistics> {
  const departed = plan.rtd ?? plan.etd;
  const from = Date.parse(departed);
  const planned = {
    distanceNm: round(routeLengthNm(plan.waypoints), 1),
    hours: round((Date.parse(plan.eta) - Date.parse(plan.etd)) / HOUR_MS, 2),
    avgSpeedKn: 0,
  };
  planned.avgSpeedKn = round(planned.distanceNm / Math.max(0.1, planned.hours), 2);
  if (now <= from) {
    return {
      voyageNo: plan.voyageNo,
      departedAt: null,
      distanceNm: 0,
      hours: 0,
      avgSogKn: null,
      fuelT: { hfo: 0, mgo: 0 },
      co2T: 0,
      fuelPerNmKg: null,
      plan: planned,
    };
  }
  const [sog, hfo, mgo, ...aux] = await Promise.all(
    [CH.sog, CH.meHfo, CH.meMgo, ...AUX_FUEL].map((c) => telemetry.rollupMeans('1m', c, from, now)),
  );
  const sumOf = (s: { v: Float64Array }, scale: number) => {
    let a = 0;
    for (let i = 0; i < s.v.length; i++) a += s.v[i]! * scale;
    return a;
  };
  // Minute means: m/s over a minute is msToKnots(v)/60 nm; kg/s over a minute is 60 kg.
  const distanceNm = sumOf(sog!, msToKnots(1) / 60);
  const meHfo = sumOf(hfo!, 60 / 1000);
  const meMgo = sumOf(mgo!, 60 / 1000);
  const auxT = aux.reduce((a, s) => a + sumOf(s, 60 / 1000), 0);
  // Generators and boilers burn the main engine's mix (as in the energy reports).
  const share = meHfo + meMgo > 0 ? meHfo / (meHfo + meMgo) : 1;
  const hfoT = meHfo + auxT * share;
  const mgoT = meMgo + auxT * (1 - share);
  const hours = (now - from) / HOUR_MS;
  const fuel = hfoT + mgoT;
  return {
    voyageNo: plan.voyageNo,
    departedAt: new Date(from).toISOString(),
    distanceNm: round(distanceNm, 1),
    hours: round(hours, 2),
    avgSogKn: hours > 0 ? round(distanceNm / hours, 2) : null,
    fuelT: { hfo: round(hfoT, 2), mgo: round(mgoT, 2) },
    co2T: round(hfoT * CF_HFO + mgoT * CF_MGO, 1),
    fuelPerNmKg: distanceNm > 1 ? round((fuel * 1000) / distanceNm, 1) : null,
    plan: planned,
  };
}
