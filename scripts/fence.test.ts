import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const fence = require('../.dependency-cruiser.cjs') as IConfiguration;
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Runs the project's fence over a small tree written for the case; returns the broken rules' names. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'ecohelm-fence-'));
  made.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const tops = [...new Set(Object.keys(files).map((f) => f.split('/')[0] as string))];
    const { output } = await cruise(tops, {
      ...fence.options,
      ruleSet: { forbidden: fence.forbidden ?? [] },
      validate: true,
    });
    if (typeof output === 'string') throw new Error(output);
    return output.summary.violations.map((v) => v.rule.name).sort();
  } finally {
    process.chdir(cwd);
  }
}

describe('import fence', () => {
  it('accepts a web feature that uses lib/ and ui/', async () => {
    expect(
      await violations({
        'apps/web/src/lib/api-client.ts': 'export const a = 1;\n',
        'apps/web/src/ui/panel.ts': "import { a } from '../lib/api-client';\nexport const b = a;\n",
        'apps/web/src/features/cii/page.ts': "import { b } from '../../ui/panel';\nexport const c = b;\n",
      }),
    ).toEqual([]);
  });

  it('refuses a web feature importing another feature, even through a type-only import', async () => {
    expect(
      await violations({
        'apps/web/src/features/overview/api/get-channels.ts': 'export type Channel = { id: string };\n',
        'apps/web/src/features/ingest/modal.ts':
          "import type { Channel } from '../overview/api/get-channels';\nexport const x: Channel[] = [];\n",
      }),
    ).toEqual(['web-feature-imports-no-other-feature']);
  });

  it('refuses ECharts on the overview, even loaded on demand', async () => {
    expect(
      await violations({
        'apps/web/src/ui/chart.tsx': 'export const Chart = 1;\n',
        'apps/web/src/ui/light-chart.tsx': 'export const LightChart = 1;\n',
        'apps/web/src/features/overview/panels.ts':
          "import { LightChart } from '../../ui/light-chart';\nexport const p = LightChart;\n",
        'apps/web/src/features/overview/factors.ts': "export const f = () => import('../../ui/chart');\n",
      }),
    ).toEqual(['web-overview-without-echarts']);
  });

  it('refuses an import circle between the app and its routes', async () => {
    expect(
      await violations({
        'apps/server/src/app.ts':
          "import { routes } from './features/cii/index.ts';\nexport type App = {};\nroutes();\n",
        'apps/server/src/features/cii/index.ts':
          "import type { App } from '../../app.ts';\nexport const routes = (app?: App) => app;\n",
      }),
    ).toEqual(['no-circular', 'server-features-not-app']);
  });

  it('refuses the layers upside down: shell → feature, db → feature, feature → simulator, domain → node', async () => {
    expect(
      await violations({
        'apps/web/src/features/alarms/bell.ts': 'export const bell = 1;\n',
        'apps/web/src/shell/header.ts':
          "import { bell } from '../features/alarms/bell';\nexport const h = bell;\n",
        'apps/server/src/features/voyages/voyages.tables.ts': 'export type VoyageTables = {};\n',
        'apps/server/src/db/schema.ts':
          "import type { VoyageTables } from '../features/voyages/voyages.tables.ts';\nexport type Db = VoyageTables;\n",
        'apps/server/src/simulator/vessel.ts': 'export const VESSEL = {};\n',
        'apps/server/src/features/filling/prefill.ts':
          "import { VESSEL } from '../../simulator/vessel.ts';\nexport const v = VESSEL;\n",
        'packages/domain/src/clock.ts':
          "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      }),
    ).toEqual([
      'domain-no-node',
      'server-db-not-features',
      'server-features-not-simulator',
      'web-shell-not-app-or-features',
    ]);
  });

  it('accepts a server feature that uses another through its public entry', async () => {
    expect(
      await violations({
        'apps/server/src/features/alarms/alarms.repository.ts': 'export class AlarmsRepository {}\n',
        'apps/server/src/features/alarms/alarms.service.ts': 'export class AlarmsService {}\n',
        'apps/server/src/features/alarms/index.ts':
          "import { AlarmsRepository } from './alarms.repository.ts';\nimport { AlarmsService } from './alarms.service.ts';\nexport { AlarmsService } from './alarms.service.ts';\nexport const createAlarmsService = () => (new AlarmsRepository(), new AlarmsService());\n",
        'apps/server/src/features/fleet/fleet.service.ts':
          "import type { AlarmsService } from '../alarms/index.ts';\nexport type F = AlarmsService;\n",
        'apps/server/src/app.ts':
          "import { createAlarmsService } from './features/alarms/index.ts';\ncreateAlarmsService();\n",
      }),
    ).toEqual([]);
  });

  it("refuses a server service importing another feature's repository", async () => {
    expect(
      await violations({
        'apps/server/src/features/alarms/alarms.repository.ts': 'export type AlarmRow = { id: number };\n',
        'apps/server/src/features/fleet/fleet.service.ts':
          "import type { AlarmRow } from '../alarms/alarms.repository.ts';\nexport type F = AlarmRow;\n",
      }),
    ).toEqual(['server-feature-public-entry']);
  });

  it("refuses another feature's helpers past its entry, even by a dynamic import", async () => {
    expect(
      await violations({
        'apps/server/src/features/reports/reports.xlsx.ts': 'export const writeXlsx = () => 1;\n',
        'apps/server/src/features/energy-report/energy-report.export.ts':
          "export const x = async () => (await import('../reports/reports.xlsx.ts')).writeXlsx();\n",
      }),
    ).toEqual(['server-feature-public-entry']);
  });

  it('refuses a route importing its repository or the store past its service', async () => {
    expect(
      await violations({
        'apps/server/src/db/client.ts': 'export type Store = { db: unknown };\n',
        'apps/server/src/features/trim/trim.repository.ts': 'export class TrimRepository {}\n',
        'apps/server/src/features/trim/trim.routes.ts':
          "import { TrimRepository } from './trim.repository.ts';\nexport const r = new TrimRepository();\n",
        'apps/server/src/features/ship/ship.routes.ts':
          "import type { Store } from '../../db/client.ts';\nexport type S = Store;\n",
      }),
    ).toEqual(['server-routes-call-their-service', 'server-routes-call-their-service']);
  });

  it('refuses SQL outside a repository and a public entry handing its repository out', async () => {
    expect(
      await violations({
        'node_modules/kysely/package.json': '{"name":"kysely","main":"index.js"}\n',
        'node_modules/kysely/index.js': 'export const sql = 1;\n',
        'apps/server/src/features/equipment/equipment.service.ts':
          "import { sql } from 'kysely';\nexport const q = sql;\n",
        'apps/server/src/features/load/load.repository.ts': 'export class LoadRepository {}\n',
        'apps/server/src/features/load/index.ts': "export { LoadRepository } from './load.repository.ts';\n",
      }),
    ).toEqual(['server-entry-hides-its-repository', 'server-only-repositories-touch-kysely']);
  });

  it('refuses the app composing a feature past its entry, and an app importing a package by path', async () => {
    expect(
      await violations({
        'apps/server/src/features/ship/ship.repository.ts': 'export class ShipRepository {}\n',
        'apps/server/src/app.ts':
          "import { ShipRepository } from './features/ship/ship.repository.ts';\nexport const s = new ShipRepository();\n",
        'packages/domain/src/random.ts': 'export const mulberry32 = 1;\n',
        'apps/web/src/lib/random.ts':
          "import { mulberry32 } from '../../../../packages/domain/src/random.ts';\nexport const r = mulberry32;\n",
      }),
    ).toEqual(['packages-by-name', 'server-composition-through-entries']);
  });
});
