import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Permission } from '@ecohelm/contracts';
import Fastify, { LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Store } from './db/client.ts';
import { giveSpaceBack } from './db/space.ts';
import type { ConditionInput } from './features/alarms/index.ts';
import {
  type AlarmsService,
  alarmsRoutes,
  createAlarmsService,
  fuelKindsOf,
} from './features/alarms/index.ts';
import { type AuditService, auditRoutes, createAuditService } from './features/audit/index.ts';
import { BackupService, backupRoutes } from './features/backup/index.ts';
import { CiiService, ciiRoutes } from './features/cii/index.ts';
import { complianceRoutes, createCompliance } from './features/compliance/index.ts';
import { ConsumptionService, consumptionRoutes } from './features/consumption/index.ts';
import { createEcaGeofence, createEcaService, ecaRoutes } from './features/eca/index.ts';
import {
  EnergyReportExporter,
  EnergyReportService,
  energyReportRoutes,
} from './features/energy-report/index.ts';
import {
  AssessmentService,
  assessmentConditions,
  createEquipmentService,
  equipmentRoutes,
} from './features/equipment/index.ts';
import { createFillingService, type FillingService, fillingRoutes } from './features/filling/index.ts';
import { createFleet, FleetExporter, fleetRoutes } from './features/fleet/index.ts';
import { FoulingService, foulingRoutes } from './features/fouling/index.ts';
import {
  AdapterRegistry,
  CsvJobs,
  DiskGuard,
  IngestPipeline,
  ingestRoutes,
} from './features/ingest/index.ts';
import { LedgerService } from './features/ledger/index.ts';
import { createLoadService, type LoadService, loadRoutes } from './features/load/index.ts';
import { MonitoringService, monitoringRoutes } from './features/monitoring/index.ts';
import { createOverviewService, overviewRoutes } from './features/overview/index.ts';
import { ParamsService, paramsRoutes } from './features/params/index.ts';
import { jobsRoutes, platformRoutes } from './features/platform/index.ts';
import { createRecordsService, type RecordsService, recordsRoutes } from './features/records/index.ts';
import { ReportsExporter, ReportsService, reportsRoutes } from './features/reports/index.ts';
import { createSessionService, type SessionService, sessionRoutes } from './features/session/index.ts';
import { createShipService, type ShipService, shipRoutes } from './features/ship/index.ts';
import {
  ADVICE_SCHEDULE,
  createSpeedService,
  gribForecast,
  type SpeedService,
  shipHull,
  speedRoutes,
} from './features/speed/index.ts';
import { startSync, syncRoutes } from './features/sync/index.ts';
import {
  createTelemetryService,
  pruneAndCompact,
  type TelemetryService,
  telemetryRoutes,
} from './features/telemetry/index.ts';
import { createTrimService, trimRoutes } from './features/trim/index.ts';
import {
  createUsersService,
  USER_TOKEN_PREFIX,
  type UsersService,
  usersRoutes,
} from './features/users/index.ts';
import { createVoyageService, type VoyageService, voyageRoutes } from './features/voyages/index.ts';
import {
  createWeatherService,
  gribFolderOf,
  type WeatherService,
  weatherRoutes,
} from './features/weather/index.ts';
import type { AppInstance } from './platform/app-instance.ts';
import { type AuthContext, registerAuth } from './platform/auth.ts';
import { registerCompression } from './platform/compression.ts';
import type { AppConfig } from './platform/config.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { JobRegistry } from './platform/jobs.ts';
import { memoryTrimJob } from './platform/memory-trim.ts';
import { type AppMetrics, registerMetrics } from './platform/metrics.ts';
import { metricsSources } from './platform/metrics-sources.ts';
import { registerApiDocs } from './platform/openapi.ts';
import { registerReadGate } from './platform/read-gate.ts';
import { createResponseSerializerCompiler } from './platform/response-serializer.ts';
import { registerWebConsole } from './platform/web-console.ts';

export type { AppInstance };

/** The services features share; built once per app. */
export interface Services {
  sessions: SessionService;
  /** Shore user accounts and their sessions. */
  users: UsersService;
  ships: ShipService;
  filling: FillingService;
  /** The voyage ledger every regulatory figure reads. */
  ledger: LedgerService;
  /** The audit trail of ship particulars, start info, filling, bunker and oil-change records. */
  audit: AuditService;
  voyages: VoyageService;
  records: RecordsService;
  telemetry: TelemetryService;
  /** The alarm engine, fed by the live samples. */
  alarms: AlarmsService;
  /** The one validated ingest path (adapters, simulator live samples). */
  ingest: IngestPipeline;
  adapters: AdapterRegistry;
  /** Speed optimisation (the simulator files its voyage plans and forecast here); set once the app is built. */
  speed?: SpeedService;
  /** Imported GRIB forecasts; set once the app is built. */
  weather?: WeatherService;
  /** The generator load assistant (the simulator's power management follows its priorities); set once built. */
  load?: LoadService;
  /** Every background job, declared here and started by the process (main.ts); none on the shore's copy of a ship. */
  jobs: JobRegistry;
}

export interface BuiltApp {
  app: AppInstance;
  services: Services;
  /** Prometheus metrics (platform/metrics.ts), served by main.ts on ECOHELM_METRICS_LISTEN; none on a replica. */
  metrics?: AppMetrics;
}

/** Builds the HTTP app on an open, migrated store. Does not listen. */
export async function buildApp(
  config: AppConfig,
  store: Store,
  options: {
    logger?: boolean;
    /** How the store's disk is measured (tests give a disk of their own making). */
    statfs?: ConstructorParameters<typeof DiskGuard>[0]['statfs'];
    /**
     * The shore's read-only copy of one ship (features/fleet/fleet.consoles.ts): the ship's console on a store made
     * from what the ship sent. Only `token` gets in, with the read permissions; nothing runs in the background (alarm
     * evaluation, energy assessment, speed advice, GRIB folder, sync), and it serves neither the web console, the
     * API's documentation, backups nor ingest.
     */
    replica?: { token: string };
    /** How soon a ship's console on a shore takes in what arrived since it was read (60 s; tests shorten it). */
    fleetConsoleRefreshMs?: number;
  } = {},
): Promise<BuiltApp> {
  const replica = options.replica;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    // Live streams (server-sent events) never end on their own: a shutdown closes them instead of
    // waiting for every console to go away.
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkAnswers: config.checkAnswers }));
  registerErrorHandler(app);
  await registerCompression(app);
  // The shore's read-only copies of ships answer through their shore's server, whose reads are held already.
  const readGate = replica ? undefined : registerReadGate(app);

  if (!replica) await registerApiDocs(app);

  const jobs = new JobRegistry({ log: app.log });
  app.addHook('onClose', () => jobs.stop());
  const sessions = createSessionService(store);
  const users = createUsersService(store);
  // Every change of the records behind the regulatory reports is written down (features/audit).
  const audit = createAuditService(store);
  const ships = createShipService(store, undefined, audit);
  const records = createRecordsService(store, undefined, {
    ship: async () => (await ships.getShip()).ship,
    audit,
  });
  // The filling checks hold bunkering entries against the bunker records (the BDNs).
  const filling = createFillingService(
    store,
    ships,
    undefined,
    () => records.listBunker({ limit: 100_000 }),
    audit,
  );
  const voyages = createVoyageService(store);
  const ledger = new LedgerService({ records: () => filling.checked(), ship: () => ships.completeShip() });
  const telemetry = createTelemetryService(store, {
    rawWindowDays: config.ingest.rawRetentionDays,
    minuteWindowDays: config.ingest.minuteRetentionDays,
    ...(replica ? { finestLevel: '1h' as const } : {}),
  });
  await telemetry.init();
  const disk = new DiskGuard({
    dir: config.dataDir,
    minFreeBytes: config.ingest.minFreeMb * 1e6,
    ...(options.statfs ? { statfs: options.statfs, everyMs: 0 } : {}),
  });
  const ingest = new IngestPipeline(telemetry, app.log, Date.now, disk, {
    futureMs: config.ingest.timeWindow.maxAheadS * 1000,
    pastMs: config.ingest.timeWindow.maxAgeDays * 86_400_000,
  });
  const adapters = new AdapterRegistry();
  const metrics = replica
    ? undefined
    : registerMetrics(
        app,
        metricsSources(
          ingest,
          adapters,
          store,
          config,
          disk,
          () => jobs.list().map((j) => ({ ...j, lastRunAt: j.lastRunAt ? Date.parse(j.lastRunAt) : null })),
          readGate?.queued,
        ),
      );
  const geofence = await createEcaGeofence(store);
  // The energy assessment's events, refreshed hourly once the assessment exists (below).
  let assessmentInputs: readonly ConditionInput[] = [];
  const alarms = createAlarmsService(store, telemetry, {
    // The shore's copy of a ship shows the ship's alarms as they came; nothing is evaluated there.
    ...(replica ? { tickMs: 0 } : {}),
    geofence,
    extraInputs: () => assessmentInputs,
    log: app.log,
    storage: () => disk.space(),
    fuelKindsInUse: async () => {
      const { ship } = await ships.getShip();
      return ship ? fuelKindsOf(ship.fuelTypes.map((f) => f.fuelType)) : undefined;
    },
  });
  await alarms.start();
  app.addHook('onClose', () => alarms.stop());
  const services: Services = {
    sessions,
    users,
    ships,
    filling,
    ledger,
    audit,
    voyages,
    records,
    telemetry,
    alarms,
    ingest,
    adapters,
    jobs,
  };
  // A user session token carries its prefix; any other token is a device's.
  registerAuth(app, {
    authenticate: replica
      ? async (token) => replicaReader(replica.token, token)
      : (token) =>
          token.startsWith(USER_TOKEN_PREFIX) ? users.authenticate(token) : sessions.authenticate(token),
  });

  await platformRoutes(app, config, store.kind);
  await sessionRoutes(app, sessions);
  await usersRoutes(app, users);
  // A shore's own particulars are no ship's: only its admins (settings:write) change them.
  await shipRoutes(app, ships, config.shore ? 'settings:write' : 'ship:write');
  await fillingRoutes(app, filling);
  const cii = new CiiService(filling, ships, telemetry);
  await ciiRoutes(app, cii);
  await voyageRoutes(app, voyages);
  await recordsRoutes(app, records);
  await auditRoutes(app, audit);
  const reports = new ReportsService(filling, ships);
  await reportsRoutes(
    app,
    reports,
    new ReportsExporter(reports, undefined, {
      filling: () => filling.checked(),
      bunker: (range) => records.listBunker({ ...range, limit: 100_000 }),
      oilChange: (range) => records.listOilChange({ ...range, limit: 100_000 }),
      audit: () => audit.list({}),
    }),
  );
  await telemetryRoutes(app, telemetry);
  await alarmsRoutes(app, alarms);
  await overviewRoutes(
    app,
    createOverviewService(store, {
      telemetry,
      ships,
      records,
      geofence,
      alarmStatistics: () => alarms.statistics({}),
      ciiPanel: (period) => cii.panel(period),
    }),
  );
  const equipment = await createEquipmentService(store);
  const monitoring = new MonitoringService({ telemetry, curves: (unit) => equipment.curve(unit) });
  await monitoringRoutes(app, monitoring);
  const consumption = new ConsumptionService(telemetry, voyages);
  await consumptionRoutes(app, consumption);
  await paramsRoutes(app, new ParamsService({ telemetry, voyages, consumption }));
  await ecaRoutes(app, createEcaService(store, { telemetry, alarms, geofence }));
  const energyReport = new EnergyReportService(
    { telemetry, records, ledger },
    { shipTimeOffsetMinutes: config.shipTimeOffsetMinutes },
  );
  await energyReportRoutes(app, energyReport, new EnergyReportExporter(energyReport));
  const fouling = new FoulingService(telemetry, records, ships);
  await foulingRoutes(app, fouling);
  const assessment = new AssessmentService(monitoring, fouling, Date.now, (u) => {
    const p = equipment.list().items.find((i) => i.unit === u)?.parameters;
    return p?.kind === 'boiler' ? p.oilFired : u === 'boiler1';
  });
  await equipmentRoutes(app, equipment, assessment);
  if (!replica) {
    jobs.add({
      name: 'equipment.assessment',
      description: 'The energy assessment of the last 30 days; its findings feed the alarms.',
      schedule: '0 * * * *',
      firstRunAfterMs: 60_000,
      run: async () => {
        assessmentInputs = assessmentConditions((await assessment.assess(30)).items);
      },
    });
  }
  await trimRoutes(app, createTrimService(store, { fouling, telemetry }));
  const speed = createSpeedService(store, {
    telemetry,
    voyages,
    cii,
    mainEngine: () => {
      const me = equipment.list().items.find((i) => i.unit === 'me')?.parameters;
      const curve = equipment.curve('me');
      return me?.kind === 'main_engine'
        ? { mcrKw: me.mcrKw, mcrRpm: me.mcrRpm, pitchM: me.propellerPitchM, curve }
        : { mcrKw: curve.ratedPowerKw, mcrRpm: 122, pitchM: 4.55, curve };
    },
    hull: async () => shipHull((await ships.getShip()).ship),
  });
  services.speed = speed;
  await speedRoutes(app, speed);
  const weather = createWeatherService(store, { log: app.log });
  await weather.load();
  services.weather = weather;
  await weatherRoutes(app, weather);
  speed.useForecasts({ grib: gribForecast(weather) });
  if (!replica) {
    const gribFolder = gribFolderOf(config);
    jobs.add({
      name: 'weather.grib-folder',
      description: 'Imports new GRIB forecast files from the weather folder.',
      schedule: '* * * * *',
      firstRunAfterMs: 0,
      run: () => weather.pollFolder(gribFolder),
    });
    jobs.add({
      name: 'speed.advice',
      description: 'Records the speed advice of the moment in its history.',
      schedule: ADVICE_SCHEDULE,
      run: () => speed.recordAdviceNow(),
    });
  }
  const load = createLoadService(store, { telemetry, monitoring, curves: (id) => equipment.curve(id) });
  services.load = load;
  if (!config.hideLoadPage) await loadRoutes(app, load);
  if (replica) return { app, services };
  jobs.add({
    name: 'telemetry.prune',
    description:
      'Prunes raw samples and minute rollups past their windows and compacts closed hours into chunks.',
    schedule: '*/10 * * * *',
    firstRunAfterMs: 30_000,
    run: () => pruneAndCompact(telemetry, app.log),
  });
  jobs.add({
    name: 'users.session-prune',
    description: 'Deletes expired user sessions.',
    schedule: '17 * * * *',
    run: () => users.pruneExpiredSessions(),
  });
  // The pages that pruning and compaction free go back to the disk (SQLite; db/space.ts).
  if (store.sqlite) {
    jobs.add({
      name: 'store.give-space-back',
      description:
        "Gives the SQLite file's free pages back to the disk (incremental vacuum; an older store once, in the quiet hour).",
      schedule: '5-59/10 * * * *',
      run: () =>
        giveSpaceBack(store, {
          file: path.join(config.dataDir, 'ecohelm.sqlite'),
          quietHour: config.vacuumHour,
          log: app.log,
        }),
    });
  }
  const trim = await memoryTrimJob(app.log);
  if (trim) jobs.add(trim);
  await jobsRoutes(app, () => jobs.list());
  await backupRoutes(
    app,
    new BackupService(store, {
      storeFile: path.join(config.dataDir, 'ecohelm.sqlite'),
      dataDir: config.dataDir,
    }),
  );
  await ingestRoutes(app, ingest, new CsvJobs(ingest), () => adapters.statuses());
  // Ship-to-shore sync over NATS JetStream: nothing starts unless ECOHELM_SYNC_NATS_URL is configured.
  const sync = startSync(config.sync, store, { ships, telemetry, log: app.log });
  app.addHook('onClose', () => sync.stop());
  await syncRoutes(app, sync.service);
  metrics?.attachSync(sync.service);
  // One ship's whole console, read from the shore's copy: the same app on a store made from the ship's rows.
  const { fleet, consoles } = createFleet(store, {
    sync: sync.service,
    skipped: (row, reason) =>
      app.log.warn(
        { shipId: row.ship_id, record: `${row.stream}:${row.key}`, reason },
        'fleet: a malformed record left out',
      ),
    ...(config.shore
      ? {
          consoles: {
            build: (replicaStore: Store, token: string) =>
              buildApp({ ...config, sync: undefined, shore: false, webDist: '' }, replicaStore, {
                ...(options.logger === false ? { logger: false } : {}),
                replica: { token },
              }),
            log: app.log,
            dir: path.join(config.dataDir, 'ship-copies'),
            ...(options.fleetConsoleRefreshMs !== undefined
              ? { refreshAfterMs: options.fleetConsoleRefreshMs }
              : {}),
          },
        }
      : {}),
  });
  if (consoles) app.addHook('onClose', () => consoles.close());
  await fleetRoutes(app, fleet, new FleetExporter(fleet), consoles);
  await complianceRoutes(app, createCompliance(store, { fleet }));

  if (existsSync(config.webDist)) {
    await registerWebConsole(app, config.webDist);
  }
  return { app, services, ...(metrics ? { metrics } : {}) };
}

/** What a caller may do inside the shore's copy of a ship at most: read (the copy refuses every write). */
const REPLICA_PERMISSIONS: readonly Permission[] = ['dashboard:read', 'reports:export'];

/**
 * The caller inside the shore's copy of a ship: the shore's user as the shore let them through, with their own
 * permissions (the token is the copy's secret, then `:`, then the caller's permissions; it never leaves the
 * process), so each route of the copy checks the same permission as on board.
 */
function replicaReader(secret: string, token: string): AuthContext | undefined {
  const at = token.indexOf(':');
  if (at < 0 || token.slice(0, at) !== secret) return undefined;
  const held = new Set(token.slice(at + 1).split(','));
  return {
    kind: 'device',
    device: { id: 'shore', code: 'shore', name: 'Shore', role: 'viewer' },
    permissions: REPLICA_PERMISSIONS.filter((p) => held.has(p)),
    expiresAt: '9999-12-31T23:59:59.999Z',
    tokenId: 0,
  };
}
