import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Permission } from '@ecohelm/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Store } from './db/client.ts';
import type { ConditionInput } from './features/alarms/alarms.engine.ts';
import { AlarmsRepository } from './features/alarms/alarms.repository.ts';
import { alarmsRoutes } from './features/alarms/alarms.routes.ts';
import { fuelKindsOf } from './features/alarms/alarms.rules.ts';
import { AlarmsService } from './features/alarms/alarms.service.ts';
import { AuditRepository } from './features/audit/audit.repository.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { AuditService } from './features/audit/audit.service.ts';
import { backupRoutes } from './features/backup/backup.routes.ts';
import { BackupService } from './features/backup/backup.service.ts';
import { ciiRoutes } from './features/cii/cii.routes.ts';
import { CiiService } from './features/cii/cii.service.ts';
import { consumptionRoutes } from './features/consumption/consumption.routes.ts';
import { ConsumptionService } from './features/consumption/consumption.service.ts';
import { EcaGeofence } from './features/eca/eca.geofence.ts';
import { EcaRepository } from './features/eca/eca.repository.ts';
import { ecaRoutes } from './features/eca/eca.routes.ts';
import { EcaService } from './features/eca/eca.service.ts';
import { EnergyReportExporter } from './features/energy-report/energy-report.export.ts';
import { energyReportRoutes } from './features/energy-report/energy-report.routes.ts';
import { EnergyReportService } from './features/energy-report/energy-report.service.ts';
import { AssessmentService, assessmentConditions } from './features/equipment/equipment.assessment.ts';
import { equipmentRoutes } from './features/equipment/equipment.routes.ts';
import { EquipmentService } from './features/equipment/equipment.service.ts';
import { FillingRepository } from './features/filling/filling.repository.ts';
import { fillingRoutes } from './features/filling/filling.routes.ts';
import { FillingService } from './features/filling/filling.service.ts';
import { ShipConsoles } from './features/fleet/fleet.consoles.ts';
import { FleetExporter } from './features/fleet/fleet.export.ts';
import { FleetRepository } from './features/fleet/fleet.repository.ts';
import { fleetRoutes } from './features/fleet/fleet.routes.ts';
import { FleetService } from './features/fleet/fleet.service.ts';
import { foulingRoutes } from './features/fouling/fouling.routes.ts';
import { FoulingService } from './features/fouling/fouling.service.ts';
import { AdapterRegistry } from './features/ingest/adapters.ts';
import { CsvJobs } from './features/ingest/csv-jobs.ts';
import { DiskGuard } from './features/ingest/disk-guard.ts';
import { ingestRoutes } from './features/ingest/ingest.routes.ts';
import { IngestPipeline } from './features/ingest/pipeline.ts';
import { LedgerService } from './features/ledger/ledger.service.ts';
import { LoadRepository } from './features/load/load.repository.ts';
import { loadRoutes } from './features/load/load.routes.ts';
import { LoadService } from './features/load/load.service.ts';
import { monitoringRoutes } from './features/monitoring/monitoring.routes.ts';
import { MonitoringService } from './features/monitoring/monitoring.service.ts';
import { DeviceSettingsRepository } from './features/overview/overview.repository.ts';
import { overviewRoutes } from './features/overview/overview.routes.ts';
import { OverviewService } from './features/overview/overview.service.ts';
import { paramsRoutes } from './features/params/params.routes.ts';
import { ParamsService } from './features/params/params.service.ts';
import { platformRoutes } from './features/platform/platform.routes.ts';
import { RecordsRepository } from './features/records/records.repository.ts';
import { recordsRoutes } from './features/records/records.routes.ts';
import { RecordsService } from './features/records/records.service.ts';
import { ReportsExporter } from './features/reports/reports.export.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { ReportsService } from './features/reports/reports.service.ts';
import { SessionRepository } from './features/session/session.repository.ts';
import { sessionRoutes } from './features/session/session.routes.ts';
import { SessionService } from './features/session/session.service.ts';
import { ShipRepository } from './features/ship/ship.repository.ts';
import { shipRoutes } from './features/ship/ship.routes.ts';
import { ShipService } from './features/ship/ship.service.ts';
import { gribForecast, shipHull } from './features/speed/speed.hull.ts';
import { SpeedRepository } from './features/speed/speed.repository.ts';
import { speedRoutes } from './features/speed/speed.routes.ts';
import { ADVICE_EVERY_MS, SpeedService } from './features/speed/speed.service.ts';
import { startSync } from './features/sync/sync.jobs.ts';
import { syncRoutes } from './features/sync/sync.routes.ts';
import { TelemetryRepository } from './features/telemetry/telemetry.repository.ts';
import { telemetryRoutes } from './features/telemetry/telemetry.routes.ts';
import { TelemetryService } from './features/telemetry/telemetry.service.ts';
import { TrimRepository } from './features/trim/trim.repository.ts';
import { trimRoutes } from './features/trim/trim.routes.ts';
import { TrimService } from './features/trim/trim.service.ts';
import { UsersRepository } from './features/users/users.repository.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { USER_TOKEN_PREFIX, UsersService } from './features/users/users.service.ts';
import { VoyageRepository } from './features/voyages/voyages.repository.ts';
import { voyageRoutes } from './features/voyages/voyages.routes.ts';
import { VoyageService } from './features/voyages/voyages.service.ts';
import { WeatherRepository } from './features/weather/weather.repository.ts';
import { weatherRoutes } from './features/weather/weather.routes.ts';
import { gribFolderOf, WeatherService } from './features/weather/weather.service.ts';
import type { AppInstance } from './platform/app-instance.ts';
import { type AuthContext, registerAuth } from './platform/auth.ts';
import { registerCompression } from './platform/compression.ts';
import type { AppConfig } from './platform/config.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
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
}

export interface BuiltApp {
  app: AppInstance;
  services: Services;
}

/** Builds the HTTP app on an open, migrated store. Does not listen. */
export async function buildApp(
  config: AppConfig,
  store: Store,
  options: {
    logger?: boolean;
    /** How the store's disk is measured (tests give a disk of their own making). */
    statfs?: ConstructorParameters<typeof DiskGuard>[0]['statfs'];
    /** When the first energy assessment runs after the start (then hourly), ms. */
    assessmentDelayMs?: number;
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
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerCompression(app);

  if (!replica) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Ecohelm API', version: '1' },
        components: { securitySchemes: { dcToken: { type: 'http', scheme: 'bearer' } } },
        security: [{ dcToken: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  const sessions = new SessionService(new SessionRepository(store.db));
  const users = new UsersService(new UsersRepository(store.db));
  // Every change of the records behind the regulatory reports is written down (features/audit).
  const audit = new AuditService(new AuditRepository(store.db));
  const ships = new ShipService(new ShipRepository(store.db), undefined, audit);
  const records = new RecordsService(new RecordsRepository(store.db), undefined, {
    ship: async () => (await ships.getShip()).ship,
    audit,
  });
  // The filling checks hold bunkering entries against the bunker records (the BDNs).
  const filling = new FillingService(
    new FillingRepository(store.db),
    ships,
    undefined,
    () => records.listBunker({ limit: 100_000 }),
    audit,
  );
  const voyages = new VoyageService(new VoyageRepository(store.db));
  const ledger = new LedgerService({ records: () => filling.checked(), ship: () => ships.completeShip() });
  const telemetry = new TelemetryService(new TelemetryRepository(store), {
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
  const ecaRepo = new EcaRepository(store.db);
  const geofence = new EcaGeofence(ecaRepo);
  await geofence.load();
  // The energy assessment's events, refreshed hourly once the assessment exists (below).
  let assessmentInputs: readonly ConditionInput[] = [];
  const alarms = new AlarmsService(new AlarmsRepository(store.db), telemetry, {
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
    new OverviewService({
      telemetry,
      ships,
      records,
      settings: new DeviceSettingsRepository(store.db),
      geofence,
      alarmStatistics: () => alarms.statistics({}),
      ciiPanel: (period) => cii.panel(period),
    }),
  );
  const equipment = new EquipmentService(store.db);
  await equipment.load();
  const monitoring = new MonitoringService({ telemetry, curves: (unit) => equipment.curve(unit) });
  await monitoringRoutes(app, monitoring);
  const consumption = new ConsumptionService(telemetry, voyages);
  await consumptionRoutes(app, consumption);
  await paramsRoutes(app, new ParamsService({ telemetry, voyages, consumption }));
  await ecaRoutes(app, new EcaService({ telemetry, alarms, repo: ecaRepo, geofence }));
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
  const refreshAssessment = () =>
    assessment
      .assess(30)
      .then((a) => {
        assessmentInputs = assessmentConditions(a.items);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'energy assessment failed'));
  if (!replica) {
    const firstAssessment = setTimeout(refreshAssessment, options.assessmentDelayMs ?? 60_000);
    const hourlyAssessment = setInterval(refreshAssessment, 3_600_000);
    firstAssessment.unref();
    hourlyAssessment.unref();
    app.addHook('onClose', () => {
      clearTimeout(firstAssessment);
      clearInterval(hourlyAssessment);
    });
  }
  await trimRoutes(app, new TrimService(fouling, telemetry, new TrimRepository(store.db)));
  const speed = new SpeedService({
    telemetry,
    repo: new SpeedRepository(store.db),
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
  const weather = new WeatherService(new WeatherRepository(store.db), { log: app.log });
  await weather.load();
  services.weather = weather;
  await weatherRoutes(app, weather);
  speed.useForecasts({ grib: gribForecast(weather) });
  if (!replica) {
    weather
      .watchFolder(gribFolderOf(config))
      .catch((error: unknown) => app.log.error({ err: error }, 'GRIB folder watch failed'));
    app.addHook('onClose', () => weather.stop());
    const adviceTimer = setInterval(
      () =>
        void speed
          .recordAdviceNow()
          .catch((error: unknown) => app.log.error({ err: error }, 'speed advice failed')),
      ADVICE_EVERY_MS,
    );
    adviceTimer.unref();
    app.addHook('onClose', () => clearInterval(adviceTimer));
  }
  if (!config.hideLoadPage) {
    await loadRoutes(
      app,
      new LoadService(telemetry, monitoring, new LoadRepository(store.db), Date.now, (id) =>
        equipment.curve(id),
      ),
    );
  }
  if (replica) return { app, services };
  await backupRoutes(
    app,
    new BackupService(store, {
      storeFile: path.join(config.dataDir, 'ecohelm.sqlite'),
      dataDir: config.dataDir,
    }),
  );
  await ingestRoutes(app, ingest, new CsvJobs(ingest), () => adapters.statuses());
  // Ship-to-shore sync over NATS JetStream: nothing starts unless ECOHELM_SYNC_NATS_URL is configured.
  const sync = startSync(config.sync, store, { ships, log: app.log });
  app.addHook('onClose', () => sync.stop());
  await syncRoutes(app, sync.service);
  const fleetRepo = new FleetRepository(store.db, (row, reason) =>
    app.log.warn(
      { shipId: row.ship_id, record: `${row.stream}:${row.key}`, reason },
      'fleet: a malformed record left out',
    ),
  );
  const fleet = new FleetService({ repo: fleetRepo, sync: sync.service });
  // One ship's whole console, read from the shore's copy: the same app on a store made from the ship's rows.
  const consoles = config.shore
    ? new ShipConsoles({
        repo: fleetRepo,
        build: (replicaStore, token) =>
          buildApp({ ...config, sync: undefined, shore: false, webDist: '' }, replicaStore, {
            ...(options.logger === false ? { logger: false } : {}),
            replica: { token },
          }),
        log: app.log,
        dir: path.join(config.dataDir, 'ship-copies'),
        ...(options.fleetConsoleRefreshMs !== undefined
          ? { refreshAfterMs: options.fleetConsoleRefreshMs }
          : {}),
      })
    : undefined;
  if (consoles) app.addHook('onClose', () => consoles.close());
  await fleetRoutes(app, fleet, new FleetExporter(fleet), consoles);

  if (existsSync(config.webDist)) {
    await registerWebConsole(app, config.webDist);
  }
  return { app, services };
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
