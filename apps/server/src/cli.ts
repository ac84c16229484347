#!/usr/bin/env node
/**
 * `ecohelm <command>`: operations without the HTTP server, on the same store as `npm start`
 * (ECOHELM_DATA_DIR / DATABASE_URL).
 *
 *   ecohelm replay FILE [--n2k]               replay an NMEA 0183 log (or with --n2k an NMEA 2000 log in canboat's
 *                                             text formats) through the validated ingest path
 *   ecohelm import-csv FILE --time COL --map COL=channel[,COL=channel...] [--si] [--utc-offset MIN] [--source NAME]
 *                                             import history or noon reports (values in display units unless --si)
 *   ecohelm backup FILE                       online backup of the SQLite store (the server may keep running)
 *   ecohelm restore FILE                      check a backup and stage it to replace the store at the next start
 *   ecohelm user add NAME --role ROLE [--name DISPLAY] [--password-stdin]
 *                                             add a shore user account (or reset an existing one: role, password,
 *                                             enabled); without --password-stdin a password is generated and printed
 *   ecohelm service install [--root DIR] [--user USER] [--memory-max SIZE]
 *                                             write the systemd units (server with Restart=always and limits, health
 *                                             check timer) for this checkout, data folder and port
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { passwordSchema, usernameSchema, userRoleSchema, userRoles } from '@ecohelm/contracts';
import SQLite from 'better-sqlite3';
import { compileCacheEnv, serverEnv, serverNodeFlags } from '../../../scripts/server-node-flags.mjs';
import { openStore } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { checkBackupFile, pendingRestoreFile } from './db/restore.ts';
import { IngestPipeline, importCsv, nmeaDecoding } from './features/ingest/index.ts';
import { createTelemetryService } from './features/telemetry/index.ts';
import { createUsersService } from './features/users/index.ts';
import { type AppConfig, loadConfig } from './platform/config.ts';
import { installService } from './platform/service-unit.ts';

const usage = `Usage:
  ecohelm replay FILE [--n2k]
  ecohelm import-csv FILE --time COLUMN --map COLUMN=channel[,COLUMN=channel...] [--si] [--utc-offset MINUTES] [--source NAME]
  ecohelm backup FILE
  ecohelm restore FILE
  ecohelm user add NAME --role ${userRoles.join('|')} [--name DISPLAY_NAME] [--password-stdin]
  ecohelm service install [--root DIR] [--user USER] [--memory-max SIZE]`;

/** A one-line progress bar on stderr (redrawn in place on a terminal). */
function progressBar(label: string) {
  let last = -1;
  return (done: number, total: number, extra = '') => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const pct = Math.floor(ratio * 100);
    if (pct === last && ratio < 1) return;
    last = pct;
    const width = 30;
    const filled = Math.round(ratio * width);
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${extra}`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}`);
    else if (pct % 10 === 0 || ratio === 1) process.stderr.write(`${line}\n`);
    if (ratio === 1 && process.stderr.isTTY) process.stderr.write('\n');
  };
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (!command || !file || command === '--help') {
    process.stderr.write(`${usage}\n`);
    return command ? 0 : 2;
  }
  const config = loadConfig(process.env, []);
  if (command === 'service') return serviceCommand(file, rest, config);
  if (command === 'backup' || command === 'restore') return backupCommand(command, file, config);
  if (command === 'user') return userCommand(file, rest, config);
  const store = openStore({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'ecohelm.sqlite'),
  });
  try {
    await migrateToLatest(store.db);
    const telemetry = createTelemetryService(store, {
      rawWindowDays: config.ingest.rawRetentionDays,
    });
    await telemetry.init();
    const pipeline = new IngestPipeline(telemetry, {
      warn: (o, m) => process.stderr.write(`${m} ${JSON.stringify(o)}\n`),
    });
    if (command === 'replay') {
      const bar = progressBar(`replay ${path.basename(file)}`);
      const n2k = rest.includes('--n2k');
      const { nmea2000With, replayLogFile } = await nmeaDecoding();
      const r = await replayLogFile(pipeline, file, {
        ...(n2k
          ? { source: 'nmea2000.replay', decoder: nmea2000With(config.ingest.n2kEngines).decoder }
          : {}),
        onProgress: (p) => bar(p.bytes, p.totalBytes, `${p.lines} lines`),
      });
      report(pipeline, `${r.lines} lines replayed`);
      return 0;
    }
    if (command === 'import-csv') {
      const timeColumn = option(rest, '--time');
      const map = option(rest, '--map');
      if (!timeColumn || !map) {
        process.stderr.write(`${usage}\n`);
        return 2;
      }
      const si = rest.includes('--si');
      const columns = Object.fromEntries(
        map.split(',').map((pair) => {
          const [column, channel] = pair.split('=');
          return [column!.trim(), { channel: (channel ?? '').trim(), si }];
        }),
      );
      const bar = progressBar(`import ${path.basename(file)}`);
      const r = await importCsv(
        pipeline,
        { file },
        { timeColumn, columns, utcOffsetMinutes: Number(option(rest, '--utc-offset') ?? 0) },
        option(rest, '--source') ?? `csv:${path.basename(file)}`,
        (p) => bar(p.rowsDone, p.rowsTotal, `${p.rowsDone}/${p.rowsTotal} rows`),
      );
      if (r.missingColumns.length > 0)
        process.stderr.write(`Columns not found: ${r.missingColumns.join(', ')}\n`);
      report(pipeline, `${r.rowsDone} rows imported`);
      return r.missingColumns.length > 0 ? 1 : 0;
    }
    process.stderr.write(`Unknown command ${command}\n${usage}\n`);
    return 2;
  } finally {
    await store.close();
  }
}

/** Backup and restore of the SQLite store; PostgreSQL has its own tools (pg_dump, pg_restore). */
async function backupCommand(
  command: 'backup' | 'restore',
  file: string,
  config: AppConfig,
): Promise<number> {
  if (config.databaseUrl) {
    process.stderr.write(`The store is PostgreSQL: use pg_dump / pg_restore (docs/operations.md).\n`);
    return 2;
  }
  const storeFile = path.join(config.dataDir, 'ecohelm.sqlite');
  if (command === 'restore') {
    const check = checkBackupFile(file);
    if (!check.ok) {
      process.stderr.write(`This file cannot be restored: ${check.reason}.\n`);
      return 1;
    }
    mkdirSync(path.dirname(storeFile), { recursive: true });
    copyFileSync(file, pendingRestoreFile(storeFile));
    process.stdout.write(
      `Backup checked (${check.migrations} migrations). It replaces the store at the next start of the server; the current store is kept beside it.\n`,
    );
    return 0;
  }
  if (!existsSync(storeFile)) {
    process.stderr.write(`No store at ${storeFile}.\n`);
    return 1;
  }
  // A connection of its own: while a server writes, SQLite restarts the copy after each of its commits, so the
  // steps are large (a twentieth of the store) to finish between them.
  const source = new SQLite(storeFile, { readonly: true });
  try {
    const bar = progressBar(`backup ${path.basename(storeFile)}`);
    await source.backup(`${file}.part`, {
      progress: ({ totalPages, remainingPages }) => {
        bar(totalPages - remainingPages, totalPages);
        return Math.max(2048, Math.ceil(totalPages / 20));
      },
    });
    renameSync(`${file}.part`, file);
    bar(1, 1);
    process.stdout.write(`Backup written to ${file}\n`);
    return 0;
  } finally {
    source.close();
  }
}

/**
 * `ecohelm user add NAME --role ROLE`: the first admin of a shore (or any account; an existing name gets the role
 * and a new password and is enabled again, which is how a locked-out admin gets back in). The password comes from
 * stdin with `--password-stdin`, else one is generated and printed once.
 */
async function userCommand(sub: string, args: string[], config: AppConfig): Promise<number> {
  const [name, ...options] = args;
  const username = usernameSchema.safeParse(name ?? '');
  const role = userRoleSchema.safeParse(option(options, '--role'));
  if (sub !== 'add' || !username.success || !role.success) {
    if (name && !username.success) process.stderr.write(`${username.error.issues[0]?.message}\n`);
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const generated = !options.includes('--password-stdin');
  const password = generated
    ? randomBytes(12).toString('base64url')
    : readFileSync(0, 'utf8').split(/\r?\n/)[0];
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) {
    process.stderr.write(`${checked.error.issues[0]?.message}\n`);
    return 2;
  }
  const store = openStore({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'ecohelm.sqlite'),
  });
  try {
    await migrateToLatest(store.db);
    const users = createUsersService(store);
    const { user, created } = await users.upsert({
      username: username.data,
      displayName: option(options, '--name') ?? username.data,
      role: role.data,
      password: checked.data,
    });
    process.stdout.write(
      `${created ? 'Added' : 'Reset'} user ${user.username} (${user.role}).\n` +
        (generated
          ? `Password: ${checked.data}\n(shown once; an admin can set another in the console)\n`
          : ''),
    );
    return 0;
  } finally {
    await store.close();
  }
}

/** `ecohelm service install`: the systemd units for this checkout, the configured data folder and port. */
function serviceCommand(sub: string, args: string[], config: AppConfig): number {
  if (sub !== 'install') {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const root = option(args, '--root') ?? '/';
  const appDir = path.resolve(import.meta.dirname, '../../..');
  const memoryMax = option(args, '--memory-max');
  const files = installService(root, {
    appDir,
    nodePath: process.execPath,
    dataDir: config.dataDir,
    user: option(args, '--user') ?? 'ecohelm',
    port: config.port,
    nodeFlags: serverNodeFlags,
    // The compile cache in the data folder, the one place the service may write.
    env: { ...serverEnv, ...compileCacheEnv(path.join(config.dataDir, 'compile-cache')) },
    ...(memoryMax ? { memoryMax } : {}),
  });
  for (const f of files) process.stdout.write(`Wrote ${f}\n`);
  process.stdout.write(
    root === '/'
      ? 'Next: systemctl daemon-reload && systemctl enable --now ecohelm.service ecohelm-health.timer\n'
      : `Check: systemd-analyze verify --root=${root} ${files.join(' ')}\n`,
  );
  return 0;
}

function report(pipeline: IngestPipeline, headline: string) {
  process.stdout.write(`${headline}\n`);
  for (const s of pipeline.status()) {
    const rejected = Object.entries(s.rejected)
      .map(([reason, n]) => `${reason} ${n}`)
      .join(', ');
    process.stdout.write(
      `  ${s.source}: ${s.accepted} samples stored${rejected ? `; dropped: ${rejected}` : ''}\n`,
    );
  }
}

process.exitCode = await main(process.argv.slice(2));
