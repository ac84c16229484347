import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random.ts';
import {
  aggregatePeriod,
  buildLedger,
  type LedgerEvent,
  type LedgerEventKind,
  maxLegSpeedKn,
  type PortRef,
  type Stay,
  type VoyageLeg,
  withinPeriod,
} from './index.ts';

const rotterdam: PortRef = { nameEn: 'Rotterdam', inEea: true };
const gdansk: PortRef = { nameEn: 'Gdansk', inEea: true };
const shanghai: PortRef = { nameEn: 'Shanghai', inEea: false };
const singapore: PortRef = { nameEn: 'Singapore', inEea: false };
const ms = (iso: string) => Date.parse(iso);
const HFO = 3.114;
const MGO = 3.206;
const Y2025 = { from: ms('2025-01-01T00:00:00Z'), to: ms('2026-01-01T00:00:00Z') };
const Y2026 = { from: ms('2026-01-01T00:00:00Z'), to: ms('2027-01-01T00:00:00Z') };
/** Fuel remaining on board, t: heavy fuel oil and marine gas oil. */
const rob = (ls_hfo: number, mdo_mgo: number) => ({ ls_hfo, mdo_mgo });
/** A crew's event record: kind, id, voyage number, time (ISO; a date alone is its midnight UTC), other fields. */
const event = (
  kind: LedgerEventKind,
  id: string,
  voyageNumber: string,
  atIso: string,
  fields: Partial<LedgerEvent> = {},
): LedgerEvent => ({ id, kind, voyageNumber, atMs: ms(atIso), ...fields });
const mrvScope = (l: { legs: readonly VoyageLeg[]; stays: readonly Stay[] }) => ({
  legs: l.legs.filter((x) => x.euShare > 0),
  stays: l.stays.filter((x) => x.euShare > 0),
});

/**
 * Written by hand: a port call at berth in Rotterdam, a passage to Shanghai over the turn of the year with an
 * anchorage at sea in which the ship takes 200 t from a bunker tanker (ship to ship), and a port call in Shanghai.
 */
const fixture: LedgerEvent[] = [
  event('arrival', 'arr-rtm', 'A1', '2025-12-20', { port: rotterdam, distanceNm: 0, robT: rob(500, 100) }),
  event('departure', 'dep-rtm', 'A2', '2025-12-22', { port: rotterdam, cargoT: 40_000, robT: rob(498, 96) }),
  event('anchorage_start', 'anc-s', 'A2', '2025-12-30', { robT: rob(400, 96) }),
  event('bunkering', 'sts', 'A2', '2025-12-31', { transfers: [{ fuelId: 'ls_hfo', quantityT: 200 }] }),
  event('anchorage_end', 'anc-e', 'A2', '2026-01-02', { robT: rob(596, 95) }),
  event('arrival', 'arr-sha', 'A2', '2026-01-10', { port: shanghai, distanceNm: 3600, robT: rob(450, 95) }),
  event('departure', 'dep-sha', 'A3', '2026-01-12', { port: shanghai, cargoT: 0, robT: rob(446, 93) }),
];

describe('the voyage ledger on a year written by hand', () => {
  const ledger = buildLedger(fixture, { serviceSpeedKn: 14 });

  it('books the passage without its stop at sea, and the stop and port calls apart', () => {
    expect(ledger.issues).toEqual([]);
    expect(ledger.legs).toHaveLength(1);
    const leg = ledger.legs[0]!;
    expect(leg).toMatchObject({
      voyageNumber: 'A2',
      fromRecordId: 'dep-rtm',
      toRecordId: 'arr-sha',
      distanceNm: 3600,
    });
    // 8 days to the anchorage and 8 days from it: 384 h under way, 3600 nm / 384 h = 9.4 kn.
    expect(leg.hoursUnderway).toBeCloseTo(384, 9);
    // 498 → 400 before the anchorage, 596 → 450 after it.
    expect(leg.fuelT.ls_hfo).toBeCloseTo(98 + 146, 9);
    expect(leg.fuelT.mdo_mgo ?? 0).toBeCloseTo(0, 9);
    expect([leg.euType, leg.euShare, leg.transportWorkTNm]).toEqual(['outgoing', 0.5, 40_000 * 3600]);
    const [port, anchorage, shanghaiCall] = [...ledger.stays].sort((a, b) => a.startMs - b.startMs);
    expect(port).toMatchObject({ kind: 'port', voyageNumber: 'A1', euType: 'at_berth', euShare: 1 });
    expect(port!.fuelT).toEqual({ ls_hfo: 2, mdo_mgo: 4 });
    // 400 + 200 taken from the tanker − 596.
    expect(anchorage).toMatchObject({
      kind: 'anchorage',
      voyageNumber: 'A2',
      euType: 'outgoing',
      euShare: 0.5,
    });
    expect(anchorage!.fuelT.ls_hfo).toBeCloseTo(4, 9);
    expect(anchorage!.fuelT.mdo_mgo).toBeCloseTo(1, 9);
    expect(shanghaiCall).toMatchObject({ kind: 'port', voyageNumber: 'A2', euType: 'non_eea', euShare: 0 });
    expect(shanghaiCall!.fuelT).toEqual({ ls_hfo: 4, mdo_mgo: 2 });
  });

  it('IMO DCS splits the passage and the anchorage at 00:00 UTC on 1 January', () => {
    const y25 = aggregatePeriod(ledger, Y2025);
    const y26 = aggregatePeriod(ledger, Y2026);
    // The passage runs 19 days, 10 of them in 2025; the anchorage 3 days, 2 of them in 2025.
    expect(y25.distanceNm).toBeCloseTo((3600 * 10) / 19, 9);
    expect(y26.distanceNm).toBeCloseTo((3600 * 9) / 19, 9);
    expect(y25.fuelT.ls_hfo).toBeCloseTo(2 + (244 * 10) / 19 + (4 * 2) / 3, 9);
    expect(y25.fuelT.mdo_mgo).toBeCloseTo(4 + 2 / 3, 9);
    expect(y26.fuelT.ls_hfo).toBeCloseTo((244 * 9) / 19 + 4 / 3 + 4, 9);
    expect(y26.fuelT.mdo_mgo).toBeCloseTo(1 / 3 + 2, 9);
  });

  it('EU MRV books the voyage whole in the year it left, with the categories adding up to the total', () => {
    const y25 = aggregatePeriod(mrvScope(ledger), Y2025, { wholeVoyages: true });
    const y26 = aggregatePeriod(mrvScope(ledger), Y2026, { wholeVoyages: true });
    const outgoing = 248 * HFO + 1 * MGO;
    const berth = 2 * HFO + 4 * MGO;
    expect(y25.outgoing.co2T).toBeCloseTo(outgoing, 9);
    expect(y25.atBerthEea.co2T).toBeCloseTo(berth, 9);
    expect(y25.ghg.co2T).toBeCloseTo(794.53, 9);
    expect(y25.euScope.co2T).toBeCloseTo(berth + 0.5 * outgoing, 9);
    expect(y26.ghg.co2T).toBe(0);
  });

  it('flags an impossible passage and a stay of no length, naming the record', () => {
    const bad: LedgerEvent[] = [
      event('departure', 'd1', 'B1', '2026-01-26T03:06:00Z', { port: singapore, robT: { ls_hfo: 100 } }),
      event('arrival', 'a1', 'B1', '2026-01-26T08:28:00Z', {
        port: shanghai,
        distanceNm: 2498,
        robT: { ls_hfo: 97 },
      }),
      event('departure', 'd2', 'B2', '2026-01-26T08:28:00Z', { port: shanghai, robT: { ls_hfo: 97 } }),
      event('arrival', 'a2', 'B2', '2026-02-12T08:28:00Z', {
        port: gdansk,
        distanceNm: 0,
        robT: { ls_hfo: 50 },
      }),
    ];
    const issues = buildLedger(bad, { serviceSpeedKn: 13.5 }).issues;
    expect(issues.map((i) => [i.code, i.recordId])).toEqual([
      ['leg_too_fast', 'a1'],
      ['stay_zero_length', 'd2'],
      ['leg_without_distance', 'a2'],
    ]);
    expect(issues[0]!.message).toContain('above 20.3 kn');
  });
});

describe('records out of sequence', () => {
  it('flags a passage of months: the port calls between its ends are missing', () => {
    const events: LedgerEvent[] = [
      event('departure', 'd', 'C1', '2025-03-10', { port: rotterdam, robT: { ls_hfo: 500 } }),
      event('arrival', 'a', 'C1', '2026-10-29', { port: gdansk, distanceNm: 2500, robT: { ls_hfo: 450 } }),
    ];
    expect(buildLedger(events, { serviceSpeedKn: 14 }).issues.map((i) => [i.code, i.recordId])).toEqual([
      ['passage_too_long', 'a'],
    ]);
  });

  it('books a stop at sea whose end is missing up to the arrival, and says so', () => {
    const events: LedgerEvent[] = [
      event('departure', 'd', 'C1', '2026-03-01', { port: rotterdam, robT: { ls_hfo: 500 } }),
      event('drift_start', 's', 'C1', '2026-03-03', { robT: { ls_hfo: 452 } }),
      event('arrival', 'a', 'C1', '2026-03-04', { port: gdansk, distanceNm: 600, robT: { ls_hfo: 450 } }),
    ];
    const l = buildLedger(events, { serviceSpeedKn: 14 });
    expect(l.issues.map((i) => [i.code, i.recordId])).toEqual([['out_of_sequence', 's']]);
    expect(l.legs[0]!.fuelT.ls_hfo).toBeCloseTo(48, 9);
    expect(l.stays.map((s) => [s.kind, s.fuelT.ls_hfo])).toEqual([['drift', 2]]);
    // Nothing is lost: the passage and the drift hold all 50 t.
    expect(aggregatePeriod(l, Y2026).fuelT.ls_hfo).toBeCloseTo(50, 9);
  });
});

/** A seeded year of plausible voyages: ports of call in and out of the EEA, stops at sea, bunkering. */
function simulatedYears(seed: number): { events: LedgerEvent[]; serviceSpeedKn: number } {
  const rnd = mulberry32(seed);
  const ports = [rotterdam, gdansk, shanghai, singapore, { nameEn: 'Santos', inEea: false }];
  const serviceSpeedKn = 11 + rnd() * 4;
  const events: LedgerEvent[] = [];
  let t = ms('2024-10-01T00:00:00Z') + rnd() * 30 * 86_400_000;
  let hfo = 1500;
  let mgo = 200;
  let port = ports[0]!;
  let voyage = 1;
  const rob = () => ({ ls_hfo: Math.round(hfo * 10) / 10, mdo_mgo: Math.round(mgo * 10) / 10 });
  const add = (kind: LedgerEventKind, atMs: number, fields: Partial<LedgerEvent> = {}) =>
    events.push({ id: `e${events.length}`, kind, voyageNumber: String(voyage), atMs, ...fields });
  const burn = (hours: number, perHour: number) => {
    hfo -= hours * perHour;
    mgo -= hours * perHour * 0.05;
  };
  add('arrival', t, { port, distanceNm: 0, robT: rob() });
  while (t < ms('2027-01-01T00:00:00Z')) {
    const stayH = 12 + rnd() * 96;
    if (hfo < 800) {
      const q = Math.round(1000 - hfo);
      add('bunkering', t + 3_600_000, { transfers: [{ fuelId: 'ls_hfo', quantityT: q }] });
      hfo += q;
    }
    burn(stayH, 0.15);
    t += stayH * 3_600_000;
    if (rnd() < 0.5) voyage++;
    add('departure', t, { port, cargoT: Math.round(rnd() * 50_000), robT: rob() });
    let next = ports[Math.floor(rnd() * ports.length)]!;
    if (next === port) next = ports[(ports.indexOf(port) + 1) % ports.length]!;
    const speed = serviceSpeedKn * (0.7 + rnd() * 0.35);
    let underwayH = 0;
    const legs = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < legs; k++) {
      const h = 24 + rnd() * 200;
      underwayH += h;
      burn(h, 1.0);
      t += h * 3_600_000;
      if (k < legs - 1) {
        const kind = rnd() < 0.5 ? 'anchorage' : 'drift';
        add(`${kind}_start`, t, { robT: rob() });
        const stopH = 2 + rnd() * 30;
        burn(stopH, 0.2);
        t += stopH * 3_600_000;
        add(`${kind}_end`, t, { robT: rob() });
      }
    }
    port = next;
    add('arrival', t, { port, distanceNm: Math.round(speed * underwayH * 10) / 10, robT: rob() });
  }
  // The records come in any order.
  return { events: [...events].sort(() => rnd() - 0.5), serviceSpeedKn };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('ledger invariants on seeded simulated years (property)', () => {
  it('every rule holds for every year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { events, serviceSpeedKn } = simulatedYears(seed);
        const ledger = buildLedger(events, { serviceSpeedKn });
        // No impossible leg, no stay of no length, ROB that follows: the records are plausible.
        expect(ledger.issues).toEqual([]);
        for (const l of ledger.legs)
          expect(l.distanceNm / l.hoursUnderway).toBeLessThanOrEqual(maxLegSpeedKn(serviceSpeedKn));
        const whole = aggregatePeriod(ledger, { from: 0, to: ms('2100-01-01T00:00:00Z') });
        let distance = 0;
        let fuel = 0;
        for (const year of [2024, 2025, 2026]) {
          const range = { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) };
          // IMO DCS: the year's totals are the sums of its rows, and the years add up to the whole.
          const rows = withinPeriod(ledger, range);
          const dcs = aggregatePeriod(ledger, range);
          expect(
            close(
              dcs.distanceNm,
              rows.legs.reduce((a, l) => a + l.distanceNm, 0),
            ),
          ).toBe(true);
          const rowFuel = [...rows.legs, ...rows.stays].reduce((a, r) => a + sum(r.fuelT), 0);
          expect(close(sum(dcs.fuelT), rowFuel)).toBe(true);
          distance += dcs.distanceNm;
          fuel += sum(dcs.fuelT);
          // EU MRV: each voyage whole in the year it left; categories sum to the total; ETS scope by the rule.
          const mrv = aggregatePeriod(mrvScope(ledger), range, { wholeVoyages: true });
          const cats = mrv.intraEea.co2T + mrv.incoming.co2T + mrv.outgoing.co2T + mrv.atBerthEea.co2T;
          expect(close(cats, mrv.ghg.co2T)).toBe(true);
          const rule =
            mrv.intraEea.co2T + mrv.atBerthEea.co2T + 0.5 * (mrv.incoming.co2T + mrv.outgoing.co2T);
          expect(close(rule, mrv.euScope.co2T)).toBe(true);
          for (const l of withinPeriod(mrvScope(ledger), range, { wholeVoyages: true }).legs) {
            expect(new Date(l.departureMs).getUTCFullYear()).toBe(year);
          }
        }
        const before = aggregatePeriod(ledger, { from: 0, to: Date.UTC(2024, 0, 1) });
        const after = aggregatePeriod(ledger, { from: Date.UTC(2027, 0, 1), to: ms('2100-01-01T00:00:00Z') });
        expect(close(distance + before.distanceNm + after.distanceNm, whole.distanceNm)).toBe(true);
        expect(close(fuel + sum(before.fuelT) + sum(after.fuelT), sum(whole.fuelT))).toBe(true);
        // Fuel is conserved: first ROB + bunkered − last ROB, to the rounding of the readings.
        const withRob = [...events].filter((e) => e.robT).sort((a, b) => a.atMs - b.atMs);
        const bunkered = events.flatMap((e) => e.transfers ?? []).reduce((a, t) => a + t.quantityT, 0);
        const used = sum(withRob[0]!.robT ?? {}) + bunkered - sum(withRob.at(-1)!.robT ?? {});
        expect(Math.abs(sum(whole.fuelT) - used)).toBeLessThan(1e-6);
      }),
      { numRuns: 60 },
    );
  });
});
