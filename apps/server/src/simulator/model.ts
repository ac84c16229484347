import {
  apparentWind,
  calmWaterPowerKw,
  foulingFactor,
  knotsToMs,
  MINUTE_MS,
  msToKnots,
  propellerRpm,
  sfocForFuel,
  twoStrokeSfoc,
} from '@ecohelm/domain';
import { type Bunkering, planBunkering } from './bunkering.ts';
import { CH, CHANNEL_COUNT } from './channels.ts';
import { type EcaId, ecaAt } from './eca.ts';
import { engineConditionFactor } from './engine-condition.ts';
import type { SimEvent, SimRecord } from './events.ts';
import type { LonLat } from './geo.ts';
import { electricalDemandKw, type OperatingMode, runBoilers, runGenerators } from './machinery.ts';
import { passagePlan, type SimPassagePlan } from './passage-plan.ts';
import { type EventType, Plan, type SeaSegment, type Segment } from './plan.ts';
import { seaSpeedThroughWaterKn, writeMainEngine, writeWeather } from './propulsion.ts';
import { mulberry32, valueNoise } from './random.ts';
import { PORTS, type PortId } from './route.ts';
import { trimPowerFactor, VESSEL } from './vessel.ts';
import { depthAt, type Weather, weatherAt } from './weather.ts';

export { MINUTE_MS };

const DEG = Math.PI / 180;
const TWO_PI = 2 * Math.PI;

export type { SimEvent, SimRecord } from './events.ts';

interface EcaCrossings {
  /** Along-track distances where the ship enters an ECA. */
  entries: number[];
}

/**
 * The vessel, advanced one minute at a time. Everything is a function of (seed, origin): the same inputs give
 * the same minutes, events and records, so a restart can replay to "now" and continue. Physics per minute:
 * constant-power passage; speed through water solved from calm-water power (Lab021 curves at the current
 * draught) × fouling + wind and wave added power; SOG adds the current; fuel = power × SFOC(load).
 */
export class VesselModel {
  readonly seed: number;
  readonly originMs: number;
  readonly plan: Plan;
  /** Channel values (SI) of the current minute, indexed by `CH`. */
  readonly values = new Float64Array(CHANNEL_COUNT);
  /** Start of the current minute, epoch ms. */
  t: number;
  /** Events and records produced since the caller last drained them. */
  events: SimEvent[] = [];
  records: SimRecord[] = [];
  voyageIndex = 0;
  /** The ship's log: distance run over ground since the origin, nm. */
  logNm = 0;

  #trip = 0;
  #segIdx = 0;
  #seg: Segment;
  #segMin = 0;
  #segDuration = 0;
  #dist = 0;
  #pos: [number, number];
  #offset: [number, number] = [0, 0];
  #offsetFromNm = 0;
  #course = 0;
  #heading = 0;
  #draft = 7.8;
  #draftAtStart = 7.8;
  #mix = 0;
  #mixTarget = 0;
  #mixStartedAt = 0;
  #eca: EcaId | undefined;
  #crossings: EcaCrossings = { entries: [] };
  #robHfo: number;
  #robMgo: number;
  #cylOil = 18;
  #sysOil = 22;
  #lastCleaningMs: number;
  /** The live power management's start order of the generators (the crew's priorities); null: weekly lead. */
  generatorOrder: readonly number[] | null = null;
  #geHours = [0, 0, 0];
  #geHoursAtChange = [0, 0, 0];
  #bunkering: Bunkering | undefined;
  #powerSet = 0;
  #lastDepartureMs: number | undefined;
  readonly #cylOffsets: number[];

  constructor(options: { seed: number; originMs: number }) {
    this.seed = options.seed;
    this.originMs = Math.floor(options.originMs / MINUTE_MS) * MINUTE_MS;
    this.plan = new Plan(options.seed);
    const rnd = mulberry32(options.seed ^ 0x5eed);
    this.#robHfo = (900 + 300 * rnd()) * 1000;
    this.#robMgo = (200 + 100 * rnd()) * 1000;
    this.#lastCleaningMs = this.originMs - (110 + 60 * rnd()) * 86_400_000;
    this.#geHours = [rnd() * 1400, rnd() * 1400, rnd() * 1400];
    this.#geHoursAtChange = [0, 0, 0];
    this.#cylOffsets = Array.from({ length: 6 }, () => (rnd() - 0.5) * 14);
    this.t = this.originMs;
    this.#seg = this.plan.trip(0)[0]!;
    this.#pos = [PORTS.CNQDG.berth[0], PORTS.CNQDG.berth[1]];
    this.#course = 200 * DEG;
    this.#heading = this.#course;
    this.#enterSegment(true);
    this.#compute(true);
  }

  /**
   * Trim (m, by the stern) at the current minute: what the loading gives (2 m by the stern in ballast, 0.3 m
   * laden) plus the chief officer's ballast choice, which drifts over days within ±1.2 m.
   */
  get trimM(): number {
    const loading =
      2.0 - (1.7 * (this.#draft - VESSEL.ballastDraftM)) / (VESSEL.ladenDraftM - VESSEL.ballastDraftM);
    return loading + 1.2 * valueNoise(this.seed + 77, this.t / (2 * 86_400_000));
  }

  /** The voyage plan of the passage under way, or of the next one in port. */
  passagePlan(): SimPassagePlan | undefined {
    return passagePlan((k) => this.plan.trip(k), {
      t: this.t,
      trip: this.#trip,
      segIdx: this.#segIdx,
      dist: this.#dist,
      segMin: this.#segMin,
      segDuration: this.#segDuration,
      lastDepartureMs: this.#lastDepartureMs,
      voyageIndex: this.voyageIndex,
      seed: this.seed,
    });
  }

  /** Days since the hull was last cleaned, at the current minute. */
  get daysSinceCleaning(): number {
    return (this.t - this.#lastCleaningMs) / 86_400_000;
  }

  /** Advances one minute. */
  step(): void {
    this.t += MINUTE_MS;
    this.#segMin += 1;
    const seg = this.#seg;
    if (seg.kind === 'sea') {
      const sogKn = msToKnots(this.values[CH.sog]!);
      this.#dist += sogKn / 60;
      this.logNm += sogKn / 60;
      if (this.#dist >= seg.toNm) {
        this.#dist = seg.toNm;
        this.#nextSegment();
      }
    } else if (this.#segMin >= this.#segDuration) {
      this.#nextSegment();
    }
    this.#compute(false);
  }

  #nextSegment() {
    const seg = this.#seg;
    this.#emit(seg.endEvents, seg);
    const trip = this.plan.trip(this.#trip);
    this.#segIdx += 1;
    if (this.#segIdx >= trip.length) {
      this.#trip += 1;
      this.#segIdx = 0;
    }
    this.#seg = this.plan.trip(this.#trip)[this.#segIdx]!;
    this.#enterSegment(false);
  }

  #enterSegment(initial: boolean) {
    const seg = this.#seg;
    this.#segMin = 0;
    this.#draftAtStart = this.#draft;
    if (!initial) this.#emit(seg.startEvents, seg);
    if (seg.kind === 'sea') {
      this.#bunkering = undefined;
      this.#dist = seg.fromNm;
      const onTrack = seg.track.at(seg.fromNm).pos;
      // After a drift the ship is off the track; blend back onto it over the next 30 nm.
      this.#offset = [this.#pos[0] - onTrack[0], this.#pos[1] - onTrack[1]];
      if (initial || Math.hypot(this.#offset[0], this.#offset[1]) > 1) this.#offset = [0, 0];
      this.#offsetFromNm = seg.fromNm;
      this.#crossings = this.#findCrossings(seg);
      const margin = seg.mode === 'sea' ? 1.1 : 1.0;
      this.#powerSet = calmWaterPowerKw(seg.speedKn, this.#draft) * margin;
    } else {
      let duration = seg.durationMin;
      if (seg.cleaningSite && this.daysSinceCleaning > 200) {
        duration += 12 * 60;
        const start = this.t + 3 * 3_600_000;
        const end = start + 10 * 3_600_000;
        this.records.push({
          kind: 'hull_cleaning',
          place: seg.place,
          lat: this.#pos[1],
          lon: this.#pos[0],
          startTime: start,
          endTime: end,
          remark: `In-water hull cleaning by divers and propeller polishing after ${Math.round(this.daysSinceCleaning)} days; flat bottom and vertical sides with slime and light weed.`,
        });
        this.#lastCleaningMs = end;
      }
      this.#segDuration = duration;
      this.#bunkering = seg.bunker
        ? planBunkering(seg, {
            t: this.t,
            segDuration: this.#segDuration,
            robHfoKg: this.#robHfo,
            robMgoKg: this.#robMgo,
            pos: this.#pos,
            voyageIndex: this.voyageIndex,
            records: this.records,
            events: this.events,
          })
        : undefined;
    }
  }

  #findCrossings(seg: SeaSegment): EcaCrossings {
    const entries: number[] = [];
    let prev: EcaId | undefined;
    for (let d = seg.fromNm; d <= seg.toNm; d += 1) {
      const p = seg.track.at(d).pos;
      const e = ecaAt(p[0], p[1], this.t);
      if (e && !prev && d > seg.fromNm) entries.push(d);
      prev = e;
    }
    return { entries };
  }

  #emit(types: readonly EventType[], seg: Segment) {
    for (const type of types) {
      let port: PortId | null = null;
      let place: string | null = null;
      if (seg.kind === 'sea') port = type === 'arrival' ? seg.toPort : seg.fromPort;
      else {
        port = seg.port;
        place = seg.place;
      }
      if (type === 'departure' && (port === 'CNQDG' || port === 'NLRTM')) this.voyageIndex += 1;
      if (type === 'departure') this.#lastDepartureMs = this.t;
      const data: SimEvent['data'] = {};
      if (seg.kind !== 'sea') data.purpose = seg.purpose;
      data.draftM = Math.round(this.#draft * 100) / 100;
      data.logNm = Math.round(this.logNm * 10) / 10;
      data.robHfoT = Math.round(this.#robHfo / 100) / 10;
      data.robMgoT = Math.round(this.#robMgo / 100) / 10;
      this.events.push({
        type,
        t: this.t,
        lat: this.#pos[1],
        lon: this.#pos[0],
        port,
        place: place ?? PORTS[port].nameEn,
        voyageIndex: this.voyageIndex,
        data,
      });
    }
  }

  /** One minute of the ship: where it is, what its machinery does, what every sensor reads. */
  #compute(initial: boolean) {
    const v = this.values;
    const seg = this.#seg;
    const t = this.t;
    const seed = this.seed;
    const prevHeading = this.#heading;
    const nearPort = this.#placeShip();
    const [lon, lat] = this.#pos;
    const w = weatherAt(seed, lon, lat, t);
    const mode: OperatingMode = seg.kind === 'sea' ? seg.mode : seg.kind;
    const slow = valueNoise(seed + 31, t / 1_800_000);
    // Steel is worked with the ship's cranes; grain at Gdańsk loads by shore spouts.
    const cranes = seg.kind === 'berth' && seg.port !== 'PLGDN';
    const elecKw = electricalDemandKw(mode, { t, airTempK: w.airTempK, slow, cranes });
    const { powerKw, stwKn, sogKn } = this.#move(w, initial, lon, lat);

    const mcr = VESSEL.meMcrKw;
    const load = powerKw / mcr;
    const calmClean = stwKn > 0 ? calmWaterPowerKw(stwKn, this.#draft) : 0;
    const heavy = calmClean > 0 ? Math.max(1, powerKw / calmClean) ** 0.6 : 1;
    const rpm = propellerRpm(powerKw, mcr, VESSEL.meMcrRpm, heavy);
    const mix = this.#changeOver(initial, lon, lat);
    const lcv = VESSEL.lcvHfo * (1 - mix) + VESSEL.lcvMgo * mix;
    const meIso = twoStrokeSfoc(load, VESSEL.meSfocBase) * engineConditionFactor('me', t);
    const meSfoc = powerKw > 0 ? sfocForFuel(meIso, lcv) : 0;
    const meFuelKgS = (powerKw * meSfoc) / 3.6e6;

    const ge = runGenerators(v, {
      elecKw,
      mode,
      t,
      seed,
      minuteIndex: Math.floor(t / MINUTE_MS),
      lcv,
      airTempK: w.airTempK,
      order: this.generatorOrder,
    });
    if (!initial) {
      for (let g = 0; g < 3; g++) if (ge.running[g]) this.#geHours[g]! += 1 / 60;
    }
    if (!initial && (seg.kind === 'berth' || seg.kind === 'anchor')) this.#maybeChangeGeOil(t, lat, lon);
    const boilerFuelKgS = runBoilers(v, { meLoad: load, airTempK: w.airTempK, slow, lcv });
    if (!initial) this.#burnAndBunker(meFuelKgS + ge.fuelKgS + boilerFuelKgS, mix, powerKw);

    this.#writeNavigation(w, { lon, lat, stwKn, sogKn, prevHeading, initial, nearPort });
    writeMainEngine(v, {
      powerKw,
      rpm,
      sfoc: meSfoc,
      fuelKgS: meFuelKgS,
      mgoShare: mix,
      heavy,
      airTempK: w.airTempK,
      slow,
      cylinderOffsets: this.#cylOffsets,
    });
    v[CH.robHfo] = this.#robHfo;
    v[CH.robLfo] = 0;
    v[CH.robMgo] = this.#robMgo;
    v[CH.sysOil] = this.#sysOil;
    v[CH.cylOil] = this.#cylOil;
  }

  /** Position, course and draught of the current minute; whether the ship is near a port (shallow water). */
  #placeShip(): boolean {
    const seg = this.#seg;
    if (seg.kind === 'sea') {
      const at = seg.track.at(this.#dist);
      const blend = Math.max(0, 1 - (this.#dist - this.#offsetFromNm) / 30);
      this.#pos = [at.pos[0] + this.#offset[0] * blend, at.pos[1] + this.#offset[1] * blend];
      this.#course = at.courseRad;
      return seg.mode === 'harbour';
    }
    if (seg.kind === 'berth') {
      const f = Math.min(1, this.#segMin / Math.max(1, this.#segDuration - 120));
      if (seg.draftTo !== undefined)
        this.#draft = this.#draftAtStart + (seg.draftTo - this.#draftAtStart) * f;
      return true;
    }
    return seg.kind === 'anchor';
  }

  /**
   * Main engine power and the ship's speeds: a constant-power passage at sea (ramped from rest over the first 20
   * minutes after a stay), drifting with the current and some wind leeway, lying at anchor head to wind.
   */
  #move(
    w: Weather,
    initial: boolean,
    lon: number,
    lat: number,
  ): { powerKw: number; stwKn: number; sogKn: number } {
    const seg = this.#seg;
    const t = this.t;
    const seed = this.seed;
    if (seg.kind === 'sea') {
      const ramp = Math.min(1, (this.#segMin + 1) / 20);
      const powerKw = this.#powerSet * (0.25 + 0.75 * ramp);
      const stwKn = seaSpeedThroughWaterKn(w, {
        powerKw,
        plannedKn: seg.speedKn,
        headingRad: this.#course,
        draftM: this.#draft,
        fouling: foulingFactor(this.daysSinceCleaning) * 1.015 * trimPowerFactor(this.trimM, this.#draft),
      });
      const rel = w.currentSetRad - this.#course;
      const along = msToKnots(w.currentMs * Math.cos(rel));
      const cross = msToKnots(w.currentMs * Math.sin(rel));
      this.#heading =
        (this.#course - Math.asin(Math.max(-0.3, Math.min(0.3, cross / Math.max(1, stwKn)))) + TWO_PI) %
        TWO_PI;
      return { powerKw, stwKn, sogKn: Math.max(0.5, stwKn + along) };
    }
    if (seg.kind === 'drift') {
      const dx =
        w.currentMs * Math.sin(w.currentSetRad) + 0.02 * w.windSpeedMs * Math.sin(w.windFromRad + Math.PI);
      const dy =
        w.currentMs * Math.cos(w.currentSetRad) + 0.02 * w.windSpeedMs * Math.cos(w.windFromRad + Math.PI);
      const speed = Math.hypot(dx, dy) * 0.5;
      if (!initial) {
        const dLat = ((dy * 0.5 * 60) / 1852 / 60) * 1;
        const dLon = dLat === 0 && dx === 0 ? 0 : (dx * 0.5 * 60) / 1852 / 60 / Math.cos(lat * DEG);
        this.#pos = [lon + dLon, lat + dLat];
      }
      this.#course = (Math.atan2(dx, dy) + TWO_PI) % TWO_PI;
      this.#heading = (w.windFromRad + 0.3 * valueNoise(seed + 40, t / 600_000) + TWO_PI) % TWO_PI;
      return { powerKw: 0, stwKn: 0, sogKn: msToKnots(speed) };
    }
    if (seg.kind === 'anchor') {
      this.#heading = (w.windFromRad + 0.2 * valueNoise(seed + 41, t / 900_000) + TWO_PI) % TWO_PI;
      return { powerKw: 0, stwKn: 0, sogKn: 0.05 + 0.05 * Math.abs(valueNoise(seed + 42, t / 300_000)) };
    }
    return { powerKw: 0, stwKn: 0, sogKn: 0 };
  }

  /**
   * Fuel change-over: MGO inside an ECA and from 15 nm before entering one, switched over an hour; records ECA
   * entries and exits. Returns the MGO share of the fuel burnt this minute.
   */
  #changeOver(initial: boolean, lon: number, lat: number): number {
    const seg = this.#seg;
    const t = this.t;
    const eca = ecaAt(lon, lat, t);
    let needMgo = eca !== undefined;
    if (!needMgo && seg.kind === 'sea') {
      needMgo = this.#crossings.entries.some((d) => d >= this.#dist && d - this.#dist <= 15);
    }
    if (!initial && eca !== this.#eca) {
      const type: EventType = eca ? 'eca_entry' : 'eca_exit';
      const zone = eca ?? this.#eca ?? null;
      this.events.push({
        type,
        t,
        lat,
        lon,
        port: null,
        place: zone,
        voyageIndex: this.voyageIndex,
        data: {
          zone,
          fuel: this.#mix >= 1 ? 'mdo_mgo' : this.#mix <= 0 ? 'ls_hfo' : 'changing_over',
          compliant: !eca || this.#mix >= 1,
        },
      });
    }
    this.#eca = eca;
    if (initial) {
      this.#mix = needMgo ? 1 : 0;
      this.#mixTarget = this.#mix;
    } else {
      const target = needMgo ? 1 : 0;
      if (target !== this.#mixTarget) {
        this.#mixTarget = target;
        this.#mixStartedAt = t;
      }
      if (this.#mix !== this.#mixTarget) {
        this.#mix = Math.max(0, Math.min(1, this.#mix + (this.#mixTarget > this.#mix ? 1 : -1) / 60));
        if (this.#mix === this.#mixTarget) this.#completeChangeover(t, lat, lon);
      }
    }
    return this.#mix;
  }

  /** Tanks: a minute's fuel (kg/s) drawn by fuel type, bunkers received, lube oil consumed and topped up. */
  #burnAndBunker(fuelKgS: number, mgoShare: number, powerKw: number) {
    const totalKg = fuelKgS * 60;
    this.#robHfo = Math.max(0, this.#robHfo - totalKg * (1 - mgoShare));
    this.#robMgo = Math.max(0, this.#robMgo - totalKg * mgoShare);
    const b = this.#bunkering;
    if (b && this.#segMin >= b.startMin && this.#segMin < b.endMin) {
      this.#robHfo += b.hfoKgPerMin;
      this.#robMgo += b.mgoKgPerMin;
    }
    this.#cylOil = Math.max(0, this.#cylOil - (powerKw * 0.8) / 1000 / 60 / 930);
    this.#sysOil = Math.max(0, this.#sysOil - (powerKw * 0.05) / 1000 / 60 / 900);
    if (b && this.#segMin === b.endMin) {
      this.#cylOil = 20;
      this.#sysOil = 24;
    }
  }

  /** Navigation and weather sensors: position, speeds, heading, rate of turn, heel, trim, draughts, depth. */
  #writeNavigation(
    w: Weather,
    at: {
      lon: number;
      lat: number;
      stwKn: number;
      sogKn: number;
      prevHeading: number;
      initial: boolean;
      nearPort: boolean;
    },
  ) {
    const v = this.values;
    const seg = this.#seg;
    const { lon, lat } = at;
    const depth = depthAt(this.seed, lon, lat, at.nearPort);
    const trim = this.trimM;
    const head = this.#heading;
    const vMs = knotsToMs(at.stwKn);
    const windOffBow = w.windFromRad - head;
    const app = apparentWind(w.windSpeedMs, windOffBow, vMs);
    const heelRad = -0.005 * app.speedMs ** 2 * Math.sin(app.angleRad) * DEG;
    let dHead = head - at.prevHeading;
    if (dHead > Math.PI) dHead -= TWO_PI;
    if (dHead < -Math.PI) dHead += TWO_PI;
    const rot = at.initial ? 0 : dHead / 60;
    v[CH.lat] = lat;
    v[CH.lon] = lon;
    v[CH.sog] = knotsToMs(at.sogKn);
    v[CH.stw] = vMs;
    v[CH.cog] = this.#course;
    v[CH.heading] = head;
    v[CH.rot] = seg.kind === 'sea' ? rot : 0;
    v[CH.heel] = heelRad;
    v[CH.pitch] = Math.atan(trim / VESSEL.lengthWaterlineM);
    v[CH.trim] = trim;
    v[CH.draftFore] = this.#draft - trim / 2;
    v[CH.draftAft] = this.#draft + trim / 2;
    v[CH.draftPort] = this.#draft - (VESSEL.beamM / 2) * Math.sin(heelRad);
    v[CH.draftStbd] = this.#draft + (VESSEL.beamM / 2) * Math.sin(heelRad);
    v[CH.rudder] =
      seg.kind === 'sea'
        ? Math.max(
            -35 * DEG,
            Math.min(35 * DEG, rot * 150 + 1.5 * DEG * valueNoise(this.seed + 50, this.t / 240_000)),
          )
        : 0;
    v[CH.depthSurface] = depth;
    v[CH.depthTransducer] = depth - this.#draft;
    v[CH.ukc] = depth - this.#draft;
    writeWeather(v, w, windOffBow, app);
  }

  #completeChangeover(t: number, lat: number, lon: number) {
    const toMgo = this.#mix === 1;
    this.events.push({
      type: 'fuel_changeover',
      t,
      lat,
      lon,
      port: null,
      place: null,
      voyageIndex: this.voyageIndex,
      data: {
        from: toMgo ? 'ls_hfo' : 'mdo_mgo',
        to: toMgo ? 'mdo_mgo' : 'ls_hfo',
        startedAt: new Date(this.#mixStartedAt).toISOString(),
      },
    });
    this.records.push({
      kind: 'oil_change',
      equipment: 'M/E cylinder oil',
      oilTypeBefore: toMgo ? 'Cylinder oil BN 100' : 'Cylinder oil BN 40',
      oilTypeAfter: toMgo ? 'Cylinder oil BN 40' : 'Cylinder oil BN 100',
      lat,
      lon,
      startTime: this.#mixStartedAt,
      endTime: t,
      reason: toMgo
        ? 'Fuel change-over to MGO (0.10 % S) before ECA entry'
        : 'Fuel change-over back to VLSFO (0.50 % S) after ECA exit',
      operator: 'Second Engineer',
    });
  }

  #maybeChangeGeOil(t: number, lat: number, lon: number) {
    for (let g = 0; g < 3; g++) {
      const hours = this.#geHours[g]! - this.#geHoursAtChange[g]!;
      if (hours < 1500 || this.values[CH.ge1Run + g * 5] === 1) continue;
      this.#geHoursAtChange[g] = this.#geHours[g]!;
      this.records.push({
        kind: 'oil_change',
        equipment: `G/E ${g + 1} crankcase`,
        oilTypeBefore: 'Trunk piston engine oil SAE 40 BN 30 (used)',
        oilTypeAfter: 'Trunk piston engine oil SAE 40 BN 30 (new charge)',
        lat,
        lon,
        startTime: t,
        endTime: t + 3 * 3_600_000,
        reason: `Scheduled renewal after ${Math.round(hours)} running hours`,
        operator: 'Third Engineer',
      });
    }
  }
}

export type { LonLat };
