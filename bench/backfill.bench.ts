/**
 * First-start backfill: the simulator's 13 months (400 days) of history into a fresh SQLite file,
 * through the real services, then resident memory. `node bench/backfill.bench.ts [days]`. Then what the server's jobs
 * do after it: the compaction (telemetry into chunks; its time is not part of the first start's) and giving the freed
 * pages back to the disk (db/space.ts): the SQLite file's size after the backfill, after compaction (with its free
 * pages) and after the space is given back.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { giveSpaceBack, spaceState } from '../apps/server/src/db/space.ts';
import { RecordsRepository } from '../apps/server/src/features/records/records.repository.ts';
import { RecordsService } from '../apps/server/src/features/records/records.service.ts';
import { TelemetryRepository } from '../apps/server/src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../apps/server/src/features/telemetry/telemetry.service.ts';
import { VoyageRepository } from '../apps/server/src/features/voyages/voyages.repository.ts';
import { VoyageService } from '../apps/server/src/features/voyages/voyages.service.ts';
import { BACKFILL_DAYS, consoleProgress, VesselSimulator } from '../apps/server/src/simulator/simulator.ts';

const days = Number(process.argv[2] ?? BACKFILL_DAYS);
const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-backfill-'));
const file = path.join(dir, 'ecohelm.sqlite');
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const store = openStore({ sqliteFile: file });
await migrateToLatest(store.db);
const telemetry = new TelemetryService(new TelemetryRepository(store));
await telemetry.init();
const voyages = new VoyageService(new VoyageRepository(store.db));
const records = new RecordsService(new RecordsRepository(store.db));
const now = Date.now();
const simulator = new VesselSimulator({
  voyages,
  records,
  history: telemetry,
  live: { write: async () => undefined },
  now: () => now,
  progress: consoleProgress(),
});
// The bench measures the default 400 days unless told otherwise.
const originOverride = days === BACKFILL_DAYS ? undefined : now - days * 86_400_000;
if (originOverride !== undefined) {
  await voyages.setState('simulator.origin', String(Math.floor(originOverride / 86_400_000) * 86_400_000));
  await voyages.setState(
    'simulator.writtenUntil',
    String(Math.floor(originOverride / 86_400_000) * 86_400_000),
  );
}
await simulator.start({ live: false });
const wallS = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const rssMb = process.memoryUsage().rss / 1e6;
const minuteRows = await store.db
  .selectFrom('rollup_1m')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirst();
const voyageCount = (await voyages.listVoyages()).length;
const events = (await voyages.listEvents({ limit: 5000 })).length;
store.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
const sizeMb = statSync(file).size / 1e6;
const c0 = performance.now();
await telemetry.compact(now + 3_600_000);
const compactS = (performance.now() - c0) / 1000;
store.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
const compacted = spaceState(store.sqlite!, file);
const given = await giveSpaceBack(store, { file });
const after = spaceState(store.sqlite!, file);
await store.close();
rmSync(dir, { recursive: true, force: true });

console.table([
  {
    'history (days)': days,
    'wall (s)': Number(wallS.toFixed(1)),
    'cpu (s)': Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
    '1-min rows': Number((minuteRows as { n: number } | undefined)?.n ?? 0),
    voyages: voyageCount,
    events,
    'SQLite file (MB)': Number(sizeMb.toFixed(0)),
    'compaction (s)': Number(compactS.toFixed(1)),
    'file compacted (MB)': Number((compacted.fileBytes / 1e6).toFixed(0)),
    'free pages (%)': Number(((100 * compacted.freePages) / Math.max(1, compacted.pages)).toFixed(0)),
    'file given back (MB)': Number((after.fileBytes / 1e6).toFixed(0)),
    'give-back': given?.action ?? 'none',
    'RSS after (MB)': Number(rssMb.toFixed(0)),
    'budget (s)': 30,
  },
]);
