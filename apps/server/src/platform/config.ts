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
   * Free space (MB) the store's disk keeps (`ECOHELM_MIN_FREE_MB`, default 1024): below it telemetry is refused
   * with an alarm, so the records the crew saves and the store itself never meet a full disk.
   */
  minFreeMb: number;
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
  };
}

const optionalPort = (v: unknown): number | undefined => {
  const n = Number(v);
  return v === undefined || v === '' || !Number.isInteger(n) || n <= 0 ? undefined : n;
};

function ingestConfig(env: NodeJS.ProcessEnv, file: Record<string, unknown>): IngestConfig {
  const tcp = env.ECOHELM_NMEA_TCP ?? (file.nmeaTcp as string | string[] | undefined) ?? [];
  return {
    nmeaUdpPort: optionalPort(env.ECOHELM_NMEA_UDP_PORT ?? file.nmeaUdpPort),
    nmeaTcpListenPort: optionalPort(env.ECOHELM_NMEA_TCP_LISTEN_PORT ?? file.nmeaTcpListenPort),
    nmeaTcp: (Array.isArray(tcp) ? tcp : tcp.split(',')).map((s) => s.trim()).filter(Boolean),
    mqttUrl: env.ECOHELM_MQTT_URL || (file.mqttUrl as string | undefined) || undefined,
    mqttTopic: env.ECOHELM_MQTT_TOPIC ?? (file.mqttTopic as string | undefined) ?? 'ecohelm/samples',
    rawRetentionDays: Number(env.ECOHELM_RAW_RETENTION_DAYS ?? file.rawRetentionDays ?? 7),
    minuteRetentionDays: Number(env.ECOHELM_MINUTE_RETENTION_DAYS ?? file.minuteRetentionDays ?? 0),
    minFreeMb: Number(env.ECOHELM_MIN_FREE_MB ?? file.minFreeMb ?? 1024),
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
