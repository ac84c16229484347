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

  it('refuses an import circle between the app and its routes', async () => {
    expect(
      await violations({
        'apps/server/src/app.ts':
          "import { routes } from './features/cii/cii.routes.ts';\nexport type App = {};\nroutes();\n",
        'apps/server/src/features/cii/cii.routes.ts':
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
});
