import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the units are written for: where Ecohelm is checked out, which Node runs it, its data and port. */
export interface ServiceOptions {
  /** The checkout (holds `apps/server/src/main.ts`). */
  appDir: string;
  /** Absolute path of the Node binary (24.x). */
  nodePath: string;
  /** The store's folder (`ECOHELM_DATA_DIR`). */
  dataDir: string;
  /** The account the server runs as (created by the operator, see docs/operations.md). */
  user: string;
  port: number;
  /** Node flags of `npm start` (scripts/server-node-flags.mjs). */
  nodeFlags: readonly string[];
  /** The C allocator's settings of `npm start` (`serverEnv`, scripts/server-node-flags.mjs). */
  env?: Readonly<Record<string, string>>;
  /** Upper bound of the server's memory (systemd `MemoryMax`), e.g. `2G`. */
  memoryMax?: string;
}

const quote = (s: string) =>
  /^[\w./:=@+-]+$/.test(s) ? s : `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * The server's unit: restarted whatever ends it (`Restart=always`, no start limit, so a ship PC never gives up),
 * with resource limits so a runaway cannot starve the PC, and the data folder its only writable place.
 */
export function serverUnit(o: ServiceOptions): string {
  const exec = [o.nodePath, ...o.nodeFlags, path.join(o.appDir, 'apps/server/src/main.ts'), '--no-simulator'];
  return `# Written by \`ecohelm service install\`; see docs/operations.md "Running as a service".
[Unit]
Description=Ecohelm ship energy-efficiency console
Documentation=file://${path.join(o.appDir, 'docs/operations.md')}
After=network-online.target time-sync.target
Wants=network-online.target ecohelm-health.timer
StartLimitIntervalSec=0

[Service]
Type=simple
User=${o.user}
WorkingDirectory=${quote(o.appDir)}
Environment=NODE_ENV=production
Environment=ECOHELM_DATA_DIR=${quote(o.dataDir)}
Environment=PORT=${o.port}
Environment=ECOHELM_SKIP_BUILD=1
${Object.entries(o.env ?? {})
  .map(([k, v]) => `Environment=${k}=${quote(v)}\n`)
  .join('')}ExecStart=${exec.map(quote).join(' ')}
Restart=always
RestartSec=2
TimeoutStopSec=30
KillMode=mixed
# Resource limits: memory, open files (sockets of many adapters and consoles), threads.
MemoryMax=${o.memoryMax ?? '2G'}
LimitNOFILE=65536
TasksMax=512
Nice=-2
# Hardening: the store's folder is the only place the server writes.
NoNewPrivileges=true
PrivateTmp=true
ProtectSystem=full
ProtectHome=read-only
ReadWritePaths=${quote(o.dataDir)}

[Install]
WantedBy=multi-user.target
`;
}

/**
 * The watchdog: a timer runs a health check every 30 s; when `/api/health` does not answer within 10 s (a hung
 * process that systemd still sees running), the server is restarted. A crash is `Restart=always`'s.
 */
export function healthUnits(o: ServiceOptions): { service: string; timer: string } {
  const check = [o.nodePath, path.join(o.appDir, 'scripts/health-check.mjs'), String(o.port)]
    .map(quote)
    .join(' ');
  return {
    service: `# Written by \`ecohelm service install\`: restarts Ecohelm when it stops answering /api/health.
[Unit]
Description=Ecohelm health check
After=ecohelm.service
Requisite=ecohelm.service

[Service]
Type=oneshot
ExecStart=/bin/sh -c '${check.replaceAll("'", '')} || /bin/systemctl restart ecohelm.service'
`,
    timer: `# Written by \`ecohelm service install\`.
[Unit]
Description=Ecohelm health check every 30 s

[Timer]
OnActiveSec=120
OnUnitActiveSec=30
AccuracySec=5

[Install]
WantedBy=timers.target
`,
  };
}

/**
 * Writes the three units under `root` (`/` on the ship PC; a temporary folder in tests) and returns their paths.
 * Enabling them is the operator's step (`systemctl daemon-reload && systemctl enable --now ecohelm ecohelm-health.timer`).
 */
export function installService(root: string, o: ServiceOptions): string[] {
  const dir = path.join(root, 'etc/systemd/system');
  mkdirSync(dir, { recursive: true });
  const health = healthUnits(o);
  const files: [string, string][] = [
    ['ecohelm.service', serverUnit(o)],
    ['ecohelm-health.service', health.service],
    ['ecohelm-health.timer', health.timer],
  ];
  return files.map(([name, text]) => {
    const file = path.join(dir, name);
    writeFileSync(file, text, { mode: 0o644 });
    return file;
  });
}
