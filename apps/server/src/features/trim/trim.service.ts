import type { TrimBinDto, TrimResponse, TrimTableImport, TrimTableInfo } from '@ecohelm/contracts';
import {
  binOf,
  CHANNEL,
  DAY_MS,
  fitTrimBins,
  msToKnots,
  removeHullDrift,
  type TrimBin,
  type TrimObservation,
  type TrimTable,
  TrimTableError,
  tableAdvice,
  trimSaving,
} from '@ecohelm/domain';
import { validationFailed } from '../../platform/errors.ts';
import { absentAsNull } from '../../platform/nullable.ts';
import type { FoulingService } from '../fouling/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { TrimRepository } from './trim.repository.ts';
import { readTrimTable } from './trim.table.ts';

/** Live values older than this are not "now". */
const STALE_MS = 120_000;

const LIVE = {
  trim: CHANNEL.trim,
  heel: CHANNEL.heel,
  stw: CHANNEL.stw,
  fore: CHANNEL.draftFore,
  aft: CHANNEL.draftAft,
  hfo: CHANNEL.meFuelHfo,
  mgo: CHANNEL.meFuelMgo,
} as const;

/**
 * Trim optimisation from the ship's own history: the ISO 19030-filtered 10-minute blocks of the hull analysis
 * (wind-corrected power, speed, draught, trim), the hull's slow drift taken out, fitted per speed × draught
 * bin; the advice for the live speed, draught and trim.
 */
export class TrimService {
  readonly #fouling: FoulingService;
  readonly #telemetry: TelemetryService;
  readonly #repo: TrimRepository;
  readonly #now: () => number;
  #cache:
    | { at: number; from: number; to: number; observations: TrimObservation[]; bins: TrimBin[] }
    | undefined;
  #table: { info: TrimTableInfo; table: TrimTable } | null | undefined;

  constructor(
    fouling: FoulingService,
    telemetry: TelemetryService,
    repo: TrimRepository,
    now: () => number = Date.now,
  ) {
    this.#fouling = fouling;
    this.#telemetry = telemetry;
    this.#repo = repo;
    this.#now = now;
  }

  /** Checks and stores a vendor trim table; it gives the advice from now on. A wrong file is refused line by line. */
  async importTable(input: TrimTableImport, by: string | null): Promise<TrimTableInfo> {
    let table: TrimTable;
    try {
      table = readTrimTable(input.csv);
    } catch (error) {
      if (!(error instanceof TrimTableError)) throw error;
      throw validationFailed(
        'The trim table cannot be used.',
        error.problems.map((message) => ({ path: 'body.csv', message })),
      );
    }
    const uploadedAt = new Date(this.#now()).toISOString();
    await this.#repo.insert({ fileName: input.fileName, csv: input.csv, uploadedAt, uploadedBy: by });
    const info = {
      fileName: input.fileName,
      uploadedAt,
      speeds: table.speeds,
      drafts: table.drafts,
      trims: table.trims,
    };
    this.#table = { info, table };
    return info;
  }

  async #currentTable(): Promise<{ info: TrimTableInfo; table: TrimTable } | null> {
    if (this.#table !== undefined) return this.#table;
    const row = await this.#repo.latest();
    if (!row) {
      this.#table = null;
      return null;
    }
    const table = readTrimTable(row.csv);
    this.#table = {
      info: {
        fileName: row.fileName,
        uploadedAt: row.uploadedAt,
        speeds: table.speeds,
        drafts: table.drafts,
        trims: table.trims,
      },
      table,
    };
    return this.#table;
  }

  /** Observations and fitted bins of the last 12 months (kept for an hour: trim habits change slowly). */
  async bins(): Promise<{ from: number; to: number; observations: TrimObservation[]; bins: TrimBin[] }> {
    const now = this.#now();
    if (this.#cache && now - this.#cache.at < 3_600_000) return this.#cache;
    const to = Math.ceil(now / 3_600_000) * 3_600_000;
    const from = to - 365 * DAY_MS;
    const { blocks } = await this.#fouling.analyse(from, to);
    const observations = removeHullDrift(
      blocks.flatMap((b) =>
        b.pv !== undefined && b.trimM !== undefined && b.draftM !== undefined
          ? [{ t: b.t, speedKn: b.stwKn!, draftM: b.draftM, trimM: b.trimM, powerKw: b.correctedPowerKw! }]
          : [],
      ),
    );
    this.#cache = { at: now, from, to, observations, bins: fitTrimBins(observations) };
    return this.#cache;
  }

  async report(): Promise<TrimResponse> {
    const { from, to, observations, bins } = await this.bins();
    const now = this.#now();
    const latest = await this.#telemetry.latest(Object.values(LIVE));
    const fresh = (channel: string) => {
      const v = latest.get(channel);
      return v && now - v.t < STALE_MS ? v : undefined;
    };
    const trim = fresh(LIVE.trim);
    const heel = fresh(LIVE.heel);
    const stw = fresh(LIVE.stw);
    const fore = fresh(LIVE.fore);
    const aft = fresh(LIVE.aft);
    const speedKn = stw ? msToKnots(stw.value) : null;
    const draftM = fore && aft ? (fore.value + aft.value) / 2 : null;
    const current = {
      at: trim ? new Date(trim.t).toISOString() : null,
      trimM: trim?.value ?? null,
      heelDeg: heel ? (heel.value * 180) / Math.PI : null,
      speedKn,
      draftM,
    };
    const vendor = await this.#currentTable();
    let advice: TrimResponse['advice'] = null;
    let reason: TrimResponse['reason'] = null;
    let points: TrimResponse['points'] = [];
    let tableCurve: TrimResponse['tableCurve'] = [];
    const fuelTPerDay = () => ((fresh(LIVE.hfo)?.value ?? 0) + (fresh(LIVE.mgo)?.value ?? 0)) * 86.4;
    if (current.trimM === null || speedKn === null || draftM === null) reason = 'no_live_data';
    else if (speedKn < 5) reason = 'not_sailing';
    else if (vendor) {
      const a = tableAdvice(vendor.table, speedKn, draftM, current.trimM);
      tableCurve = a.curve.filter((_, i) => i % 5 === 0);
      advice = {
        source: 'table',
        speedKn,
        draftM,
        optimumM: a.optimumM,
        interval: null,
        savingPct: a.savingPct,
        savingTPerDay: fuelTPerDay() > 0 ? (fuelTPerDay() * a.savingPct) / 100 : null,
      };
    } else {
      const bin = binOf(bins, speedKn, draftM);
      if (!bin) reason = 'no_bin';
      else {
        // At most 400 of the bin's blocks, spread over its whole history.
        const inBin = observations.filter((o) => binOf([bin], o.speedKn, o.draftM) === bin);
        const stride = Math.max(1, Math.ceil(inBin.length / 400));
        points = inBin
          .filter((_, i) => i % stride === 0)
          .map((o) => ({ trimM: o.trimM, excessPct: o.excessPct! }));
        const saving = trimSaving(bin, current.trimM);
        if (!saving) reason = bin.status === 'ok' ? 'uncertain' : bin.status;
        else {
          advice = {
            source: 'history',
            speedKn: bin.speedKn,
            draftM: bin.draftM,
            optimumM: saving.optimumM,
            interval: bin.interval!,
            savingPct: saving.savingPct,
            savingTPerDay: fuelTPerDay() > 0 ? (fuelTPerDay() * saving.savingPct) / 100 : null,
          };
        }
      }
    }
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      blocks: observations.length,
      current,
      table: vendor?.info ?? null,
      advice,
      reason,
      bins: bins.map(toDto),
      points,
      tableCurve,
    };
  }
}

const toDto = (b: TrimBin): TrimBinDto => ({
  speedKn: b.speedKn,
  draftM: b.draftM,
  samples: b.samples,
  trimRange: b.trimRange,
  status: b.status,
  ...absentAsNull(b, ['optimumM', 'interval', 'r2', 'fit']),
});
