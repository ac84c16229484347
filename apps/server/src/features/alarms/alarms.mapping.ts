import type { Alarm } from '@ecohelm/contracts';
import { channelById, displayUnitOf, toDisplay } from '@ecohelm/domain';
import type { AlarmRow } from '../../db/tables/alarms.ts';
import type { AlarmIdentity, EngineAlarm } from './alarms.engine.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
export const round = (v: number) => Math.round(v * 1000) / 1000;

/** An alarm as the API shows it, before units and the device's read mark. */
export type AlarmShape = Omit<Alarm, 'unit' | 'read'>;

/** Value and limit of an alarm in the unit the console shows. */
export function displayed(a: Pick<AlarmShape, 'channel' | 'condition' | 'value' | 'limit'>) {
  const def = a.channel ? channelById(a.channel) : undefined;
  if (def) {
    const d = (v: number | null) => (v === null ? null : round(toDisplay(def, v)));
    return { value: d(a.value), limit: d(a.limit), unit: displayUnitOf(def) as string };
  }
  const unit = a.condition.startsWith('eca_')
    ? 'nm'
    : a.condition === 'foc_high' || a.condition === 'rating_worsened'
      ? '%'
      : a.condition === 'storage_low'
        ? 'MB'
        : null;
  const r = (v: number | null) => (v === null ? null : round(v));
  return { value: r(a.value), limit: r(a.limit), unit };
}

export function fromEngine(a: EngineAlarm): AlarmShape {
  return {
    ...a,
    raisedAt: iso(a.raisedAt)!,
    updatedAt: iso(a.updatedAt)!,
    acknowledgedAt: iso(a.acknowledgedAt),
    clearedAt: iso(a.clearedAt),
    silencedUntil: iso(a.silencedUntil),
  };
}

/** What a stored alarm is and where it stands (identity, state, escalation), the same for the engine and the API. */
export function rowStanding(
  r: AlarmRow,
): Pick<EngineAlarm, 'id' | keyof AlarmIdentity | 'state' | 'escalated'> {
  return {
    id: Number(r.id),
    key: r.key,
    category: r.category as AlarmIdentity['category'],
    condition: r.condition as AlarmIdentity['condition'],
    equipment: r.equipment as AlarmIdentity['equipment'],
    channel: r.channel,
    priority: r.priority as AlarmIdentity['priority'],
    state: r.state as EngineAlarm['state'],
    escalated: r.escalated === 1,
  };
}

export function fromRow(r: AlarmRow): AlarmShape {
  return {
    ...rowStanding(r),
    raisedAt: r.raised_at,
    updatedAt: r.updated_at,
    acknowledgedAt: r.acknowledged_at,
    acknowledgedBy: r.acknowledged_by,
    clearedAt: r.cleared_at,
    silencedUntil: r.silenced_until,
    value: r.value,
    limit: r.limit_value,
  };
}

export const toAlarm = (a: AlarmShape, read: boolean): Alarm => ({ ...a, ...displayed(a), read });
