import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../../db/client.ts';
import type { SyncConfig } from '../../platform/config.ts';
import type { ShipService } from '../ship/index.ts';
import { createTelemetryService, type TelemetryService } from '../telemetry/index.ts';
import { SyncService } from './sync.service.ts';
import { ShipSync } from './sync.ship.ts';
import { ShoreSync } from './sync.shore.ts';
import { ShipOutboxRepository } from './sync-outbox.repository.ts';
import { ShoreRepository } from './sync-shore.repository.ts';

/**
 * The sync as configured: nothing at all when `config` is absent (no connection, no scan), else the ship's
 * publisher or the shore's consumer, started. `stop` closes the link.
 */
export function startSync(
  config: SyncConfig | undefined,
  store: Store,
  deps: { ships: ShipService; log: FastifyBaseLogger; now?: () => number; telemetry?: TelemetryService },
): { service: SyncService; stop: () => Promise<void> } {
  const repo = new ShoreRepository(store.db, store.kind);
  const outbox = new ShipOutboxRepository(store.db);
  if (!config) return { service: new SyncService({ outbox, repo }), stop: async () => {} };
  const now = deps.now ?? Date.now;
  if (config.role === 'shore') {
    const shore = new ShoreSync({ repo, config, log: deps.log, now });
    shore.start();
    return { service: new SyncService({ outbox, repo, shore, now }), stop: () => shore.stop() };
  }
  const ship = new ShipSync({
    repo: outbox,
    telemetry: deps.telemetry ?? createTelemetryService(store),
    shipId: async () => (await deps.ships.getShip()).ship?.imoNumber || undefined,
    config,
    log: deps.log,
    now,
  });
  ship.start();
  return {
    service: new SyncService({ outbox, repo, ship, maxKbits: config.maxKbits, now }),
    stop: () => ship.stop(),
  };
}
