/** The IMO DCS data set from the ship particulars (the voyage ledger gives the year's totals: features/ledger). */
import type { Ship } from '@ecohelm/contracts';
import { type aggregatePeriod, dcsReport, type EngineInfo } from '@ecohelm/domain';

/** Engines of DCS Appendix IX from the ship particulars: the main engine and each auxiliary engine. */
function enginesOf(ship: Ship): EngineInfo[] {
  const engines: EngineInfo[] = [];
  if (ship.mainEnginePowerKw) engines.push({ kind: 'main', ratedPowerKw: ship.mainEnginePowerKw });
  const aux = ship.auxEnginePowerKw;
  if (aux)
    for (let i = 0; i < (ship.auxEngineCount ?? 1); i++)
      engines.push({ kind: 'auxiliary', ratedPowerKw: aux });
  return engines;
}

/** The IMO DCS data set of a year from the ship particulars and the year's totals (one mapping for every page). */
export function dcsReportOf(
  ship: Ship,
  year: number,
  totals: ReturnType<typeof aggregatePeriod>,
): ReturnType<typeof dcsReport> {
  return dcsReport({
    ship: {
      imoNumber: ship.imoNumber,
      shipType: ship.shipType,
      grossTonnage: ship.grossTonnage ?? 0,
      netTonnage: ship.netTonnage ?? 0,
      deadweightT: ship.deadweightT,
      engines: enginesOf(ship),
      attainedEedi: ship.attainedEedi ?? null,
      attainedEexi: ship.attainedEexi ?? null,
      iceClass: ship.iceClass ?? null,
    },
    year,
    totals,
    method:
      ship.consumptionMethod === 'other' ? (ship.consumptionMethodOther ?? 'other') : ship.consumptionMethod,
  });
}
