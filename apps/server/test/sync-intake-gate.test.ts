import { describe, expect, it } from 'vitest';
import { intakeGate, subjectShip } from '../src/features/sync/sync.intake.ts';
import type { RollupMessage, SyncMessage } from '../src/features/sync/sync.sources.ts';

const NOW_S = Date.UTC(2026, 5, 1, 12) / 1000;
const options = { autoRegister: false, nowS: NOW_S, futureMarginS: 600 };
const A = '9074729';
const hour = (tS: number, rows: RollupMessage['rows']): SyncMessage => ({
  kind: 'rollup',
  ship: A,
  stream: 'rollup_1h',
  t: tS,
  version: 1,
  rows,
});
const row = (channel: string, v: number, tS = NOW_S - 7200): RollupMessage['rows'][number] => [
  channel,
  6,
  v * 6,
  v,
  v,
  v,
  tS * 1000 + 3_000_000,
];
const past = NOW_S - 7200;
const record = (over: Partial<Record<string, unknown>> = {}) =>
  ({
    kind: 'record',
    ship: A,
    stream: 'bunker',
    key: 'b',
    version: 1,
    t: 0,
    deleted: false,
    row: {},
    ...over,
  }) as SyncMessage;

describe('the shore intake gate', () => {
  it('takes the ship from the subject', () => {
    expect(subjectShip(`ecohelm.ship.${A}.rollup_1h`)).toBe(A);
  });

  it.each([
    [
      'a registered ship, a bucket of the past',
      hour(past, [row('navigation.speedOverGround', 6)]),
      'registered',
      undefined,
    ],
    ['a body naming another ship', record({ ship: '9300001' }), 'registered', 'identity'],
    [
      'a decision sent by a ship',
      { kind: 'review', ship: A } as unknown as SyncMessage,
      'registered',
      'identity',
    ],
    [
      'a message of no known kind',
      { kind: 'x', ship: A } as unknown as SyncMessage,
      'registered',
      'undecodable',
    ],
    ['a record of no known stream', record({ stream: 'secrets' }), 'registered', 'undecodable'],
    ['a ship not registered', record(), undefined, 'unregistered'],
    ['a retired ship', record(), 'retired', 'retired'],
    [
      'a bucket a day ahead',
      hour(NOW_S + 86_400, [row('navigation.speedOverGround', 6, NOW_S)]),
      'registered',
      'future',
    ],
    [
      'a sample ahead in a past bucket',
      hour(past, [row('navigation.speedOverGround', 6, NOW_S + 3600)]),
      'registered',
      'future',
    ],
    [
      'five minutes ahead (within the margin)',
      hour(NOW_S, [row('navigation.speedOverGround', 6, NOW_S - 3000)]),
      'registered',
      undefined,
    ],
    [
      '(0, 0) without a fix',
      hour(past, [row('navigation.position.latitude', 0), row('navigation.position.longitude', 0)]),
      'registered',
      'no_fix',
    ],
    [
      'on the equator only',
      hour(past, [row('navigation.position.latitude', 0), row('navigation.position.longitude', 4.2)]),
      'registered',
      undefined,
    ],
    [
      'a speed out of range',
      hour(past, [row('navigation.speedOverGround', 1000)]),
      'registered',
      'out_of_range',
    ],
    ['an angle a little past 2π', hour(past, [row('navigation.headingTrue', 6.29)]), 'registered', undefined],
    [
      'a value that is no number',
      hour(past, [['navigation.speedOverGround', 6, 'x', 1, 1, 1, 1] as never]),
      'registered',
      'undecodable',
    ],
  ] as const)('%s', (_what, body, status, reason) => {
    expect(intakeGate(A, body, status, options)?.reason).toBe(reason);
  });

  it('lets an unknown ship in when auto-registration is on', () => {
    expect(intakeGate(A, record(), undefined, { ...options, autoRegister: true })).toBeUndefined();
  });
});
