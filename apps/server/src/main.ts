import type { Server } from 'node:http';
import { flushCompileCache } from 'node:module';
import path from 'node:path';
import { passwordSchema, usernameSchema } from '@ecohelm/contracts';
import { buildApp } from './app.ts';
import { openStore } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { applyPendingRestore } from './db/restore.ts';
import { startConfiguredAdapters } from './features/ingest/index.ts';
import { ensureDemoDevice } from './features/session/index.ts';
import { loadConfig } from './platform/config.ts';
import { serveMetrics } from './platform/metrics.ts';
import { prefillFillingRecords } from './simulator/prefill-filling.ts';
import { type RunningSimulator, startSimulator } from './simulator/start.ts';

// `ECOHELM_COMPILE_ONLY=1` (npm start, before a start whose server code changed): the modules above are loaded, and
// Node writes them to its compile cache (NODE_COMPILE_CACHE, scripts/server-node-flags.mjs) as the process ends.
if (process.env.ECOHELM_COMPILE_ONLY === '1') process.exit(0);

const config = loadConfig(process.env, process.argv.slice(2));
const sqliteFile = path.join(config.dataDir, 'ecohelm.sqlite');
// A restore staged from the console or the command line takes the store's place before it opens.
const keptAs = config.databaseUrl ? undefined : applyPendingRestore(sqliteFile);
if (keptAs)
  process.stdout.write(`Restored the store from a backup; the previous store is kept as ${keptAs}\n`);
const store = openStore({ databaseUrl: config.databaseUrl, sqliteFile });
await migrateToLatest(store.db);
const { app, services, metrics } = await buildApp(config, store);

// A shore logs users in (the first admin from ECOHELM_ADMIN_USER / _PASSWORD or `ecohelm user add`); a ship has
// its built-in console device.
const demo =
  config.offline || config.shore ? undefined : await ensureDemoDevice(services.sessions, config.dataDir);
if (config.shore && config.firstAdmin && (await services.users.isEmpty())) {
  await services.users.upsert({
    // Refused at start with the contract's message when the name or the password does not qualify.
    username: usernameSchema.parse(config.firstAdmin.username),
    displayName: config.firstAdmin.username,
    role: 'admin',
    password: passwordSchema.parse(config.firstAdmin.password),
  });
  app.log.info({ username: config.firstAdmin.username }, 'first admin account created');
}

// Ingest adapters of a real ship (NMEA 0183 UDP/TCP, MQTT) as configured, and the background jobs the app declared
// (retention and compaction, session prune, memory trim, energy assessment, speed advice, GRIB folder).
await startConfiguredAdapters(config, services.ingest, services.adapters, app.log);
services.jobs.start();

let simulator: RunningSimulator | undefined;
let metricsServer: Server | undefined;
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  simulator?.stop();
  await services.adapters.stopAll();
  metricsServer?.close();
  await app.close();
  await store.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// Listen first: the console answers while the simulator's history is written.
await app.listen({ port: config.port, host: config.host });
// Prometheus metrics on a listener of their own, only where the operator binds it (docs/operations.md).
metricsServer =
  config.metricsListen && metrics
    ? await serveMetrics(metrics.registry, config.metricsListen, app.log)
    : undefined;
if (metricsServer) app.log.info({ listen: config.metricsListen }, 'metrics at /metrics');
// What has been loaded by now goes into the compile cache, where one is set: the next start loads it from there, even
// when this process is killed rather than stopped (a stopped one writes it again as it ends).
flushCompileCache();
const origin = `http://localhost:${config.port}`;
const link = demo ? `${origin}/?dcToken=${demo.dcToken}` : `${origin}/`;
process.stdout.write(
  `\nEcohelm is ready (${store.kind}). Open the console:\n  ${link}\n` +
    (demo ? `Device login at ${origin}/dcLogin — code ${demo.code}, secret in ${demo.secretFile}\n` : '') +
    (config.shore ? `Shore: users log in at ${origin}/login (first admin: docs/operations.md)\n` : '') +
    '\n',
);

// The built-in vessel simulator (off with --no-simulator or ECOHELM_SIMULATOR=0). Its history backfill (first
// start) or catch-up (later starts) runs in the background with a progress bar; the console answers meanwhile.
simulator = config.simulator
  ? await startSimulator(store, services, app.log, { historyDays: config.simulatorHistoryDays })
  : undefined;
simulator?.ready.then(
  // Once the backfill is written, its voyages become information-filling records the crew can correct.
  () =>
    prefillFillingRecords(services).then(
      (r) => app.log.info(r, 'filling records pre-filled from the simulator voyages'),
      (error: Error) => app.log.error({ err: error }, 'pre-filling the filling records failed'),
    ),
  (error: Error) => app.log.error({ err: error }, 'simulator failed to start'),
);
