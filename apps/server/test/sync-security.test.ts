import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { describe, expect, it } from 'vitest';
import { validShip } from '../../../testing/factories.ts';
import { startNats, testSyncConfig } from './nats.ts';
import { waitFor } from './peers.ts';
import { createTestApp } from './stores.ts';
import { backlog, fillShip, IMO, type Json, type ShipLink, startShipSync, syncedAshore } from './sync-rig.ts';

/**
 * The shore's NATS holds each ship to its own subjects (docs/operations.md, "Setting up the shore"): a ship's user
 * publishes only under `ecohelm.ship.<its IMO>.>` and reads only its own decisions consumer. The list below is the
 * one the operations guide gives, proven here on a real nats-server.
 */
export const shipPermissions = (imo: string) => `{
  publish: { allow: [
    "ecohelm.ship.${imo}.>",
    "$JS.API.INFO",
    "$JS.API.CONSUMER.CREATE.ECOHELM_SHORE.ship_${imo}",
    "$JS.API.CONSUMER.CREATE.ECOHELM_SHORE.ship_${imo}.>",
    "$JS.API.CONSUMER.DURABLE.CREATE.ECOHELM_SHORE.ship_${imo}",
    "$JS.API.CONSUMER.INFO.ECOHELM_SHORE.ship_${imo}",
    "$JS.API.CONSUMER.MSG.NEXT.ECOHELM_SHORE.ship_${imo}",
    "$JS.ACK.ECOHELM_SHORE.ship_${imo}.>"
  ] }
  subscribe: { allow: ["_INBOX.>"] }
}`;

describe.skipIf(!process.env.DATABASE_URL)("a ship held to its own subjects on the shore's NATS", () => {
  it('syncs and takes its decisions under its own user, and cannot publish as another ship', async () => {
    const nats = await startNats({
      authorization: `{ users: [
        { user: shore, password: "shore-secret" }
        { user: ship${IMO}, password: "ship-secret", permissions: ${shipPermissions(IMO)} }
      ] }`,
    });
    const shore = await createTestApp('postgres', {
      sync: testSyncConfig(nats.url, 'shore', { user: 'shore', password: 'shore-secret' }),
    });
    const ship = await createTestApp('sqlite');
    const other = await createTestApp('sqlite');
    const links: ShipLink[] = [];
    const shipUser = { user: `ship${IMO}`, password: 'ship-secret' };
    try {
      const { arrivalId } = await fillShip(ship, 2);
      const link = startShipSync(nats.url, ship, shipUser);
      links.push(link);
      const shoreDb = shore.testStore.store.db;
      await syncedAshore(link, shore, arrivalId, 'the ship synced under its own user');
      // The decision comes back through the ship's own consumer.
      const decide = await shore.app.inject({
        method: 'POST',
        url: '/api/v1/sync/reviews',
        headers: shore.auth,
        payload: { shipId: IMO, recordId: arrivalId, decision: 'verified', comment: '' },
      });
      expect(decide.statusCode, decide.body).toBe(201);
      await waitFor(async () => (await link.service.reviews()).length === 1, 15_000, 'the decision aboard');

      // Another ship (IMO 9300001) with this ship's credentials: the server refuses its subjects.
      const inject = (method: 'PUT', url: string, payload: Json) =>
        other.app.inject({ method, url, headers: other.auth, payload });
      expect(
        (await inject('PUT', '/api/v1/ship', { ...validShip(), imoNumber: '9300001' } as unknown as Json))
          .statusCode,
      ).toBe(200);
      const impostor = startShipSync(nats.url, other, shipUser);
      links.push(impostor);
      await waitFor(async () => (await backlog(impostor)) > 0, 10_000, 'the other ship queued its records');
      // Long enough for several publish attempts (acknowledgement timeout 1.5 s): none is stored ashore.
      await new Promise((r) => setTimeout(r, 5_000));
      expect(await backlog(impostor)).toBeGreaterThan(0);
      expect(
        await shoreDb.selectFrom('fleet_ships').select('ship_id').where('ship_id', '=', '9300001').execute(),
      ).toEqual([]);
      expect(
        await shoreDb.selectFrom('fleet_records').select('key').where('ship_id', '=', '9300001').execute(),
      ).toEqual([]);
    } finally {
      for (const l of links) await l.stop().catch(() => undefined);
      for (const app of [ship, other, shore]) await app.close().catch(() => undefined);
      await nats.dispose();
    }
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('sync over TLS with client certificates', () => {
  it('syncs when the ship presents its certificate from the shore CA, and is refused without one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-tls-'));
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    // A CA of the shore's, the NATS server's certificate (localhost, 127.0.0.1), and a certificate per client.
    const ca = await generate([{ name: 'commonName', value: 'Ecohelm test CA' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    });
    const signed = (cn: string, extensions: NonNullable<Parameters<typeof generate>[1]>['extensions']) =>
      generate([{ name: 'commonName', value: cn }], {
        keyType: 'ec',
        algorithm: 'sha256',
        ca: { key: ca.private, cert: ca.cert },
        extensions,
      });
    const server = await signed('localhost', [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
      { name: 'extKeyUsage', serverAuth: true },
    ]);
    const client = (cn: string) => signed(cn, [{ name: 'extKeyUsage', clientAuth: true }]);
    const [shoreCert, shipCert] = await Promise.all([client('shore'), client(`ship${IMO}`)]);
    const caFile = file('ca.pem', ca.cert);
    const tlsOf = (name: string, c: { cert: string; private: string }) => ({
      tlsCa: caFile,
      tlsCert: file(`${name}.pem`, c.cert),
      tlsKey: file(`${name}.key`, c.private),
    });
    const nats = await startNats({
      tls: `{ cert_file: ${JSON.stringify(file('server.pem', server.cert))}, key_file: ${JSON.stringify(
        file('server.key', server.private),
      )}, ca_file: ${JSON.stringify(caFile)}, verify: true }`,
    });
    const url = `tls://127.0.0.1:${nats.port}`;
    const shore = await createTestApp('postgres', {
      sync: testSyncConfig(url, 'shore', tlsOf('shore', shoreCert)),
    });
    const ship = await createTestApp('sqlite');
    const bare = await createTestApp('sqlite');
    const links: ShipLink[] = [];
    try {
      const { arrivalId } = await fillShip(ship, 2);
      const link = startShipSync(url, ship, tlsOf('ship', shipCert));
      links.push(link);
      await syncedAshore(link, shore, arrivalId, 'the ship synced over TLS');
      // Trusting the shore's CA but without a certificate of its own: the server refuses the connection.
      await fillShip(bare, 1);
      const refused = startShipSync(url, bare, { tlsCa: caFile });
      links.push(refused);
      const queued = await waitFor(
        async () => (await backlog(refused)) || undefined,
        10_000,
        'the records queued aboard',
      );
      await new Promise((r) => setTimeout(r, 5_000));
      // Nothing left the ship: the outbox still holds what was queued (and whatever the ship queued since, such as
      // an hour that closed meanwhile).
      const status = await refused.service.status();
      expect(status.connected).toBe(false);
      expect(status.backlog.count).toBeGreaterThanOrEqual(queued);
    } finally {
      for (const l of links) await l.stop().catch(() => undefined);
      for (const app of [ship, bare, shore]) await app.close().catch(() => undefined);
      await nats.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
