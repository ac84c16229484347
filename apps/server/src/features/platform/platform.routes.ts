import { readFileSync } from 'node:fs';
import path from 'node:path';
import { healthSchema, pageConfigSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import type { AppConfig } from '../../platform/config.ts';
import { op } from '../../platform/operation.ts';

/** Reads the build id the web build wrote, so the console can notice a new deployment. */
function buildIdOf(webDist: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(webDist, 'version.json'), 'utf8')) as { buildId: string })
      .buildId;
  } catch {
    return 'dev';
  }
}

export async function platformRoutes(
  app: AppInstance,
  config: AppConfig,
  store: 'sqlite' | 'postgres',
): Promise<void> {
  app.get(
    '/api/health',
    op(null, 'platform.getHealth', 'Check that the server is up', { 200: healthSchema }),
    () => ({
      status: 'ok' as const,
      store,
    }),
  );

  app.get(
    '/api/v1/config',
    op(null, 'platform.getConfig', "Read the console's public configuration", { 200: pageConfigSchema }),
    () => ({
      offline: config.offline,
      hideLoadPage: config.hideLoadPage,
      dcHomeLink: config.dcHomeLink,
      shipTimeOffsetMinutes: config.shipTimeOffsetMinutes,
      buildId: buildIdOf(config.webDist),
      shape: config.shore ? ('fleet' as const) : ('vessel' as const),
    }),
  );
}
