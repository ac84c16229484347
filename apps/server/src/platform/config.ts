import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Everything the server reads from its environment, resolved once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** Folder of the SQLite file and other local state (vessel shape). */
  dataDir: string;
  /** PostgreSQL connection string (fleet shape); SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  offline: boolean;
  hideLoadPage: boolean;
  dcHomeLink: string;
  shipTimeOffsetMinutes: number;
  /** Run the built-in vessel simulator (default on; off for a real ship). */
  simulator: boolean;
  /** Days of history the simulator generates on a first start (default 400: 13 months). */
  simulatorHistoryDays: number;
  /** Folder of the built web app served at `/`. */
  webDist: string;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: string;
  /** Ingest adapters and the raw-sample window (telemetry). */
  ingest: IngestConfig;
  /** Ship-to-shore sync over NATS JetStream (`ECOHELM_SYNC_NATS_URL`); absent: off, nothing connects. */
  sync: SyncConfig | undefined;
  /**
   * A shore server (fleet shape, `ECOHELM_SYNC_ROLE=shore`, with or without a NATS link yet): users log in with
   * name and password; no built-in console device is made.
   */
  shore: boolean;
  /**
   * The first admin account, made on a start when no account exists (`ECOHELM_ADMIN_USER`,
   * `ECOHELM_ADMIN_PASSWORD`; shore only). The command line's `ecohelm user add` is the other way.
   */
  firstAdmin: { username: string; password: string } | undefined;
  /**
   * Proxies whose `X-Forwarded-For` names the client (`ECOHELM_TRUST_PROXY`: `1`/`true` for any, or addresses and
   * CIDRs, comma-separated), so the login limit counts each client's address, not the reverse proxy's.
   */
  trustProxy: boolean | string;
  /**
   * Where the Prometheus metrics answer (`ECOHELM_METRICS_LISTEN`, `host:port`, e.g. `127.0.0.1:9464`): a listener of
   * their own, apart from the console's port, reachable only where the operator binds it. Unset: no metrics listener.
   */
  metricsListen: string | undefined;
  /**
   * The hour (server local time) in which a SQLite store of an earlier release, made without incremental
   * auto-vacuum, is rewritten once to give its free pages back (`ECOHELM_VACUUM_HOUR`, default 3; db/space.ts).
   */
  vacuumHour: number;
  /**
   * Write every JSON answer both from its JSON Schema and through its zod schema and fail the request when they differ
   * (`NODE_ENV` `test` or `development`; platform/response-serializer.ts): catches an answer that breaks its contract.
   */
  checkAnswers: boolean;
}

export interface SyncConfig {
  /** `ship` (default: publish this ship's records) or `shore` (receive every ship's; PostgreSQL) (`ECOHELM_SYNC_ROLE`). */
  role: 'ship' | 'shore';
  /** NATS server URLs, comma-separated, e.g. `tls://shore.example.com:4222` (`ECOHELM_SYNC_NATS_URL`). */
  natsUrl: string;
  /** `ECOHELM_SYNC_USER` / `ECOHELM_SYNC_PASSWORD`, `ECOHELM_SYNC_TOKEN` or a `.creds` file (`ECOHELM_SYNC_CREDS`). */
  user: string | undefined;
  password: string | undefined;
  token: string | undefined;
  credsFile: string | undefined;
  /** TLS: CA file, and a client certificate and key (`ECOHELM_SYNC_TLS_CA`, `_TLS_CERT`, `_TLS_KEY`). */
  tlsCa: string | undefined;
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  /** Bandwidth cap of the ship's sending, kbit/s (`ECOHELM_SYNC_MAX_KBITS`, default 64). */
  maxKbits: number;
  /** Days of telemetry rollups a ship sends when its sync starts the first time (`ECOHELM_SYNC_HISTORY_DAYS`, 400). */
  historyDays: number;
  /** Hours back the ship compares rollup buckets with what it sent, for late data (`ECOHELM_SYNC_RECHECK_HOURS`, 48). */
  recheckHours: number;
  /** How often that comparison runs, ms (default 600,000: late data is rare, an import or a late sample). */
  recheckMs: number;
  /** How often the ship looks for changed records, ms (`ECOHELM_SYNC_SCAN_MS`, default 30,000). */
  scanMs: number;
  /** Wait between reconnect attempts, ms (default 5,000). */
  reconnectMs: number;
  /** How long a publish waits for JetStream's acknowledgement before it is retried, ms (default 10,000). */
  ackTimeoutMs: number;
  /**
   * Channel groups (the catalogue's equipment: `me`, `navigation`, `environment`, `tanks`, `ge1`, ...) whose minute
   * rollups the ship sends too, an hour of them per message (`ECOHELM_SYNC_MINUTE_GROUPS`, comma-separated; none by
   * default: hours and days only).
   */
  minuteGroups: string[];
  /** How often a ship reconciles its history with the shore's (per-day checksums), ms (`ECOHELM_SYNC_RECONCILE_HOURS`, 24). */
  reconcileMs: number;
  /**
   * Shore: store the messages of a ship no admin registered (`ECOHELM_SYNC_AUTO_REGISTER`, off): it is registered on
   * its first message. Off, they wait as dead letters until an admin registers the ship.
   */
  autoRegister: boolean;
  /** Shore: a bucket starting later than the shore's clock plus this is refused, s (`ECOHELM_SYNC_FUTURE_MARGIN_MIN`, 10). */
  futureMarginS: number;
  /** Shore: deliveries of a message that cannot be stored before it is set aside as a dead letter (5). */
  maxDeliver: number;
  /** Shore: the JetStream streams' limits: oldest message kept, days (`ECOHELM_SYNC_STREAM_MAX_AGE_DAYS`, 30). */
  streamMaxAgeDays: number;
  /** Shore: and size, MB (`ECOHELM_SYNC_STREAM_MAX_MB`, 20,480). */
  streamMaxMb: number;
}

export interface IngestConfig {
  /** UDP port to listen on for NMEA 0183 (`ECOHELM_NMEA_UDP_PORT`), e.g. 10110. */
  nmeaUdpPort: number | undefined;
  /** TCP port to accept NMEA 0183 pushers on (`ECOHELM_NMEA_TCP_LISTEN_PORT`). */
  nmeaTcpListenPort: number | undefined;
  /** NMEA 0183 servers to connect to, `host:port` comma-separated (`ECOHELM_NMEA_TCP`). */
  nmeaTcp: string[];
  /** MQTT broker (`ECOHELM_MQTT_URL`, e.g. mqtt://127.0.0.1:1883) and topic (`ECOHELM_MQTT_TOPIC`). */
  mqttUrl: string | undefined;
  mqttTopic: string;
  /** Days of raw samples kept before pruning (`ECOHELM_RAW_RETENTION_DAYS`, default 7); rollups are kept forever. */
  rawRetentionDays: number;
  /**
   * Days of minute rollups kept (`ECOHELM_MINUTE_RETENTION_DAYS`, default 0: forever); hourly and daily rollups,
   * which trends of longer ranges and every report read, are kept forever.
   */
  minuteRetentionDays: number;
  /**
   * The times live samples may carry: at most `maxAheadS` past the ship clock (`ECOHELM_INGEST_MAX_AHEAD_S`,
   * default 300) and at most `maxAgeDays` behind it (`ECOHELM_INGEST_MAX_AGE_DAYS`, default the raw retention;
   * 0: no lower bound). Imports of history (CSV, log replay) have no lower bound.
   */
  timeWindow: { maxAheadS: number; maxAgeDays: number };
  /** The longest wait between reconnect attempts of an adapter (`ECOHELM_INGEST_RETRY_MAX_MS`, default 10,000). */
  retryMaxMs: number;
  /**
   * NMEA 2000 engine instances (`ECOHELM_N2K_ENGINES`, e.g. `0=main,port=main,1=ge1`): which of our engines
   * PGNs 127488/127489 of an instance fill. Default: instance 0 (`port`) is the main engine.
   */
  n2kEngines: Record<string, string>;
  /**
   * Free space (MB) the store's disk keeps (`ECOHELM_MIN_FREE_MB`, default 1024): below it telemetry is refused
   * with an alarm, so the records the crew saves and the store itself never meet a full disk.
   */
  minFreeMb: number;
  /** Signal K server read in client mode (`ECOHELM_SIGNALK_URL`, …); absent: none. */
  signalk: SignalKSourceConfig | undefined;
  /** Modbus TCP devices polled with a register map (`ECOHELM_MODBUS_URL` + `ECOHELM_MODBUS_MAP`, or a list in the file). */
  modbus: { url: string; map: string }[];
  /** OPC UA servers subscribed to with a node map (`ECOHELM_OPCUA_URL` + `ECOHELM_OPCUA_MAP`, …). */
  opcua: OpcUaSourceConfig[];
  /** NMEA 2000 gateways streaming Actisense / canboat text at `host:port` (`ECOHELM_N2K_TCP`, comma-separated). */
  n2kTcp: string[];
}

export interface SignalKSourceConfig {
  /** `http://host:3000` (the endpoint document is read) or `ws://host:3000/signalk/v1/stream`. */
  url: string;
  /** `ECOHELM_SIGNALK_TOKEN`: access token of a server with security on. */
  token: string | undefined;
  /** `ECOHELM_SIGNALK_SUBSCRIBE`: `catalogue` (our channels, default) or `all`. */
  subscribe: 'catalogue' | 'all';
  /** `ECOHELM_SIGNALK_SOURCE_PRIORITY`: Signal K source labels, best first, comma-separated. */
  sourcePriority: string[];
}

export interface OpcUaSourceConfig {
  /** `opc.tcp://host:4840/path` */
  url: string;
  /** CSV node map: node id, sampling interval, unit, channel. */
  map: string;
  /** `None` (default) or `SignAndEncrypt` (`ECOHELM_OPCUA_SECURITY`). */
  securityMode: 'None' | 'Sign' | 'SignAndEncrypt';
  /** e.g. `Basic256Sha256` (default when signing) (`ECOHELM_OPCUA_POLICY`). */
  securityPolicy: string;
  /** Optional user name and password (`ECOHELM_OPCUA_USER`, `ECOHELM_OPCUA_PASSWORD`). */
  user: string | undefined;
  password: string | undefined;
}

const truthy = (v: string | undefined): boolean | undefined =>
  v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

/**
 * Reads the configuration from environment variables, then from an optional JSON file
 * (`ECOHELM_CONFIG`, default `<dataDir>/config.json`); environment wins.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): AppConfig {
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const dataDir = path.resolve(env.ECOHELM_DATA_DIR ?? path.join(process.cwd(), 'data'));
  const file = readConfigFile(env.ECOHELM_CONFIG ?? path.join(dataDir, 'config.json'));
  const pick = <T>(envValue: T | undefined, fileValue: unknown, fallback: T): T =>
    envValue ?? (fileValue as T | undefined) ?? fallback;
  return {
    port: Number(env.PORT ?? file.port ?? 8080),
    host: env.HOST ?? (file.host as string | undefined) ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || (file.databaseUrl as string | undefined) || undefined,
    offline: pick(truthy(env.ECOHELM_OFFLINE), file.offline, false),
    hideLoadPage: pick(truthy(env.ECOHELM_HIDE_LOAD_PAGE), file.hideLoadPage, false),
    dcHomeLink: pick(env.ECOHELM_DC_HOME_LINK, file.dcHomeLink, '/help'),
    shipTimeOffsetMinutes: Number(env.ECOHELM_SHIP_TIME_OFFSET_MINUTES ?? file.shipTimeOffsetMinutes ?? 480),
    simulator: !argv.includes('--no-simulator') && pick(truthy(env.ECOHELM_SIMULATOR), file.simulator, true),
    simulatorHistoryDays: Number(env.ECOHELM_SIMULATOR_HISTORY_DAYS ?? file.simulatorHistoryDays ?? 400),
    webDist: path.resolve(env.ECOHELM_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    bodyLimit: Number(env.ECOHELM_BODY_LIMIT ?? file.bodyLimit ?? 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? (file.logLevel as string | undefined) ?? 'info',
    ingest: ingestConfig(env, (file.ingest ?? {}) as Record<string, unknown>),
    sync: syncConfig(env, (file.sync ?? {}) as Record<string, unknown>),
    shore: (env.ECOHELM_SYNC_ROLE ?? (file.sync as Record<string, unknown> | undefined)?.role) === 'shore',
    firstAdmin:
      env.ECOHELM_ADMIN_USER && env.ECOHELM_ADMIN_PASSWORD
        ? { username: env.ECOHELM_ADMIN_USER, password: env.ECOHELM_ADMIN_PASSWORD }
        : undefined,
    trustProxy: trustProxyOf(env.ECOHELM_TRUST_PROXY ?? (file.trustProxy as string | boolean | undefined)),
    metricsListen: env.ECOHELM_METRICS_LISTEN || (file.metricsListen as string | undefined) || undefined,
    vacuumHour: Number(env.ECOHELM_VACUUM_HOUR ?? file.vacuumHour ?? 3),
    checkAnswers: env.NODE_ENV === 'test' || env.NODE_ENV === 'development',
  };
}

function trustProxyOf(v: string | boolean | undefined): boolean | string {
  if (typeof v === 'boolean') return v;
  const flag = truthy(v);
  if (flag !== undefined && ['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'].includes(v!.toLowerCase()))
    return flag;
  return v?.trim() || false;
}

function syncConfig(env: NodeJS.ProcessEnv, file: Record<string, unknown>): SyncConfig | undefined {
  const natsUrl = env.ECOHELM_SYNC_NATS_URL || (file.natsUrl as string | undefined);
  if (!natsUrl) return undefined;
  const text = (envValue: string | undefined, key: string) =>
    envValue || (file[key] as string | undefined) || undefined;
  return {
    role: (env.ECOHELM_SYNC_ROLE ?? file.role) === 'shore' ? 'shore' : 'ship',
    natsUrl,
    user: text(env.ECOHELM_SYNC_USER, 'user'),
    password: text(env.ECOHELM_SYNC_PASSWORD, 'password'),
    token: text(env.ECOHELM_SYNC_TOKEN, 'token'),
    credsFile: text(env.ECOHELM_SYNC_CREDS, 'credsFile'),
    tlsCa: text(env.ECOHELM_SYNC_TLS_CA, 'tlsCa'),
    tlsCert: text(env.ECOHELM_SYNC_TLS_CERT, 'tlsCert'),
    tlsKey: text(env.ECOHELM_SYNC_TLS_KEY, 'tlsKey'),
    maxKbits: Number(env.ECOHELM_SYNC_MAX_KBITS ?? file.maxKbits ?? 64),
    historyDays: Number(env.ECOHELM_SYNC_HISTORY_DAYS ?? file.historyDays ?? 400),
    recheckHours: Number(env.ECOHELM_SYNC_RECHECK_HOURS ?? file.recheckHours ?? 48),
    recheckMs: Number(file.recheckMs ?? 600_000),
    scanMs: Number(env.ECOHELM_SYNC_SCAN_MS ?? file.scanMs ?? 30_000),
    reconnectMs: Number(file.reconnectMs ?? 5000),
    ackTimeoutMs: Number(file.ackTimeoutMs ?? 10_000),
    minuteGroups: list(
      env.ECOHELM_SYNC_MINUTE_GROUPS ?? (file.minuteGroups as string | string[] | undefined),
    ),
    reconcileMs: Number(env.ECOHELM_SYNC_RECONCILE_HOURS ?? file.reconcileHours ?? 24) * 3_600_000,
    autoRegister: ['1', 'true', 'yes', 'on'].includes(
      String(env.ECOHELM_SYNC_AUTO_REGISTER ?? file.autoRegister ?? '').toLowerCase(),
    ),
    futureMarginS: Number(env.ECOHELM_SYNC_FUTURE_MARGIN_MIN ?? file.futureMarginMin ?? 10) * 60,
    maxDeliver: Number(file.maxDeliver ?? 5),
    streamMaxAgeDays: Number(env.ECOHELM_SYNC_STREAM_MAX_AGE_DAYS ?? file.streamMaxAgeDays ?? 30),
    streamMaxMb: Number(env.ECOHELM_SYNC_STREAM_MAX_MB ?? file.streamMaxMb ?? 20_480),
  };
}

const optionalPort = (v: unknown): number | undefined => {
  const n = Number(v);
  return v === undefined || v === '' || !Number.isInteger(n) || n <= 0 ? undefined : n;
};

function ingestConfig(env: NodeJS.ProcessEnv, file: Record<string, unknown>): IngestConfig {
  return {
    nmeaUdpPort: optionalPort(env.ECOHELM_NMEA_UDP_PORT ?? file.nmeaUdpPort),
    nmeaTcpListenPort: optionalPort(env.ECOHELM_NMEA_TCP_LISTEN_PORT ?? file.nmeaTcpListenPort),
    nmeaTcp: list(env.ECOHELM_NMEA_TCP ?? (file.nmeaTcp as string | string[] | undefined)),
    mqttUrl: env.ECOHELM_MQTT_URL || (file.mqttUrl as string | undefined) || undefined,
    mqttTopic: env.ECOHELM_MQTT_TOPIC ?? (file.mqttTopic as string | undefined) ?? 'ecohelm/samples',
    rawRetentionDays: Number(env.ECOHELM_RAW_RETENTION_DAYS ?? file.rawRetentionDays ?? 7),
    minuteRetentionDays: Number(env.ECOHELM_MINUTE_RETENTION_DAYS ?? file.minuteRetentionDays ?? 0),
    timeWindow: {
      maxAheadS: Number(env.ECOHELM_INGEST_MAX_AHEAD_S ?? file.maxAheadS ?? 300),
      maxAgeDays: Number(
        env.ECOHELM_INGEST_MAX_AGE_DAYS ??
          file.maxAgeDays ??
          env.ECOHELM_RAW_RETENTION_DAYS ??
          file.rawRetentionDays ??
          7,
      ),
    },
    retryMaxMs: Number(env.ECOHELM_INGEST_RETRY_MAX_MS ?? file.retryMaxMs ?? 10_000),
    n2kEngines: engineMap(
      env.ECOHELM_N2K_ENGINES ?? (file.n2kEngines as string | Record<string, string> | undefined),
    ),
    minFreeMb: Number(env.ECOHELM_MIN_FREE_MB ?? file.minFreeMb ?? 1024),
    signalk: signalkConfig(env, (file.signalk ?? {}) as Record<string, unknown>),
    modbus: env.ECOHELM_MODBUS_URL
      ? [{ url: env.ECOHELM_MODBUS_URL, map: env.ECOHELM_MODBUS_MAP ?? '' }]
      : ((file.modbus as { url: string; map: string }[] | undefined) ?? []),
    opcua: env.ECOHELM_OPCUA_URL
      ? [
          opcuaConfig({
            url: env.ECOHELM_OPCUA_URL,
            map: env.ECOHELM_OPCUA_MAP,
            securityMode: env.ECOHELM_OPCUA_SECURITY,
            securityPolicy: env.ECOHELM_OPCUA_POLICY,
            user: env.ECOHELM_OPCUA_USER,
            password: env.ECOHELM_OPCUA_PASSWORD,
          }),
        ]
      : ((file.opcua as Record<string, unknown>[] | undefined) ?? []).map(opcuaConfig),
    n2kTcp: list(env.ECOHELM_N2K_TCP ?? (file.n2kTcp as string | string[] | undefined)),
  };
}

/** `0=main,port=main,1=ge1` (or an object in the file) → instance → our engine; instance 0 is the main engine by default. */
function engineMap(v: string | Record<string, string> | undefined): Record<string, string> {
  const map: Record<string, string> = { '0': 'main', port: 'main' };
  const pairs =
    typeof v === 'string'
      ? v.split(',').map((p) => p.split('=').map((x) => x.trim()))
      : Object.entries(v ?? {});
  for (const [instance, engine] of pairs) if (instance && engine) map[instance] = engine;
  return map;
}

const list = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean);

function signalkConfig(
  env: NodeJS.ProcessEnv,
  file: Record<string, unknown>,
): SignalKSourceConfig | undefined {
  const url = env.ECOHELM_SIGNALK_URL || (file.url as string | undefined);
  if (!url) return undefined;
  const subscribe = env.ECOHELM_SIGNALK_SUBSCRIBE ?? (file.subscribe as string | undefined);
  return {
    url,
    token: env.ECOHELM_SIGNALK_TOKEN || (file.token as string | undefined) || undefined,
    subscribe: subscribe === 'all' ? 'all' : 'catalogue',
    sourcePriority: list(
      env.ECOHELM_SIGNALK_SOURCE_PRIORITY ?? (file.sourcePriority as string | string[] | undefined),
    ),
  };
}

function opcuaConfig(o: Record<string, unknown>): OpcUaSourceConfig {
  const mode = o.securityMode;
  const securityMode = mode === 'Sign' || mode === 'SignAndEncrypt' ? mode : 'None';
  return {
    url: String(o.url),
    map: String(o.map ?? ''),
    securityMode,
    securityPolicy:
      (o.securityPolicy as string | undefined) || (securityMode === 'None' ? 'None' : 'Basic256Sha256'),
    user: (o.user as string | undefined) || undefined,
    password: (o.password as string | undefined) || undefined,
  };
}

function readConfigFile(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Cannot read configuration file ${file}: ${(error as Error).message}`);
  }
}
