import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { routeGuards } from '../src/platform/auth.ts';
import { createTestApp } from './stores.ts';

it('dumps', async () => {
  const t = await createTestApp('sqlite');
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  writeFileSync(
    process.env.DUMP_TO ?? '/tmp/dupsrv-openapi.json',
    `${JSON.stringify(doc, null, 1)}\n${JSON.stringify(routeGuards(t.app as never), null, 1)}`,
  );
  await t.close();
});
