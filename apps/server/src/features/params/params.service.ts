import type { FuelStatisticsResponse, TrackQuery, TrackResponse } from '@ecohelm/contracts';
import { CHANNEL, channelById, consumers, displayUnitOf, HOUR_MS, msToKnots } from '@ecohelm/domain';
import { validationFailed } from '../../platform/errors.ts';
import type { ConsumptionService } from '../consumption/index.ts';
import { TelemetryService } from '../telemetry/index.ts';
import type { VoyageService } from '../voyages/index.ts';

const LAT = CHANNEL.lat;
const LON = CHANNEL.lon;
const SOG = CHANNEL.sog;
/** Points of a track, whatever its length: a year of minutes is read as buckets of about 4 h. */
const TRACK_POINTS = 2000;

/**
 * Parameter analysis: where the ship went in a range, coloured by a channel, with its port calls; and the fuel of
 * the range per day and per mile.
 */
export class ParamsService {
  readonly #telemetry: TelemetryService;
  readonly #voyages: VoyageService;
  readonly #consumption: ConsumptionService;

  constructor(deps: {
    telemetry: TelemetryService;
    voyages: VoyageService;
    consumption: ConsumptionService;
  }) {
    this.#telemetry = deps.telemetry;
    this.#voyages = deps.voyages;
    this.#consumption = deps.consumption;
  }

  async track(query: TrackQuery): Promise<TrackResponse> {
    const def = channelById(query.channel);
    if (!def) {
      throw validationFailed('Unknown channel.', [
        { path: 'querystring.channel', message: 'There is no such channel.' },
      ]);
    }
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    const [lat, lon, value] = await Promise.all(
      [LAT, LON, query.channel].map((c) => this.#telemetry.trend(c, from, to, TRACK_POINTS)),
    );
    const display = TelemetryService.trendToDisplay(value!);
    const lonAt = new Map(lon!.points.map((p) => [p.t, p.mean]));
    const valueAt = new Map(display.points.map((p) => [p.t, p.mean]));
    const points = lat!.points.flatMap((p) => {
      const x = lonAt.get(p.t);
      return x === undefined
        ? []
        : [{ t: new Date(p.t).toISOString(), lat: p.mean, lon: x, value: valueAt.get(p.t) ?? null }];
    });
    const events = await this.#voyages.listEvents({
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      type: ['arrival', 'departure'],
      limit: 2000,
    });
    const portCalls: TrackResponse['portCalls'] = [];
    for (const e of [...events].sort((a, b) => a.time.localeCompare(b.time))) {
      if (e.type === 'arrival') {
        portCalls.push({
          port: e.port,
          place: e.place,
          arrival: e.time,
          departure: null,
          lat: e.latitude,
          lon: e.longitude,
        });
      } else {
        const open = portCalls.at(-1);
        if (open && open.departure === null) open.departure = e.time;
      }
    }
    const sog = await this.#telemetry.rollupMeans('1h', SOG, from, to);
    let distanceNm = 0;
    for (let i = 0; i < sog.t.length; i++) distanceNm += msToKnots(Math.max(0, sog.v[i]!));
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      channel: query.channel,
      unit: displayUnitOf(def),
      bucketSeconds: lat!.bucketMs / 1000,
      points,
      portCalls,
      distanceNm,
    };
  }

  async fuel(query: { from: string; to: string }): Promise<FuelStatisticsResponse> {
    const from = Math.floor(Date.parse(query.from) / HOUR_MS) * HOUR_MS;
    const to = Math.ceil(Date.parse(query.to) / HOUR_MS) * HOUR_MS;
    const [d, sog] = await Promise.all([
      this.#consumption.distribution(from, to),
      this.#telemetry.rollupMeans('1h', SOG, from, to),
    ]);
    let distanceNm = 0;
    for (let i = 0; i < sog.t.length; i++) distanceNm += msToKnots(Math.max(0, sog.v[i]!));
    const fuelT = d.total.fuelT;
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      hours: d.hours,
      distanceNm,
      fuelT,
      co2T: d.total.co2T,
      byFuel: Object.entries(d.byFuel)
        .map(([fuelClass, f]) => ({ fuelClass, fuelT: f.fuelT, co2T: f.co2T }))
        .sort((a, b) => b.fuelT - a.fuelT),
      byConsumer: consumers.map((consumer) => ({ consumer, fuelT: d.byConsumer[consumer].fuelT })),
      tPerDay: d.hours > 0 ? (fuelT / d.hours) * 24 : null,
      kgPerNm: distanceNm > 1 ? (fuelT * 1000) / distanceNm : null,
      co2GPerNm: distanceNm > 1 ? (d.total.co2T * 1e6) / distanceNm : null,
    };
  }
}
