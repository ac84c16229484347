import {
  type AlarmCategory,
  type AlarmHistoryQuery,
  type AlarmStatGroup,
  alarmGroupEquipment,
  equipmentOfAlarmFilter,
} from '@ecohelm/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AlarmEventsTable, AlarmLimitsTable, AlarmRow } from '../../db/tables/alarms.ts';
import { type EngineAlarm, identityOf, type Transition } from './alarms.engine.ts';
import { rowStanding } from './alarms.mapping.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const ms = (s: string | null) => (s === null ? null : Date.parse(s));

export type { AlarmRow };
export type AlarmEventRow = Selectable<AlarmEventsTable>;
export type AlarmLimitRow = Selectable<AlarmLimitsTable>;

/** Alarms, their transitions, read marks and limit settings. */
export class AlarmsRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Stores a batch of transitions in one transaction; new alarms get their ids. */
  async saveTransitions(transitions: readonly Transition[]): Promise<void> {
    if (transitions.length === 0) return;
    await this.#db.transaction().execute(async (trx) => {
      for (const t of transitions) {
        const a = t.alarm;
        const row = {
          ...identityOf(a),
          state: a.state,
          escalated: a.escalated ? 1 : 0,
          raised_at: iso(a.raisedAt)!,
          updated_at: iso(a.updatedAt)!,
          acknowledged_at: iso(a.acknowledgedAt),
          acknowledged_by: a.acknowledgedBy,
          cleared_at: iso(a.clearedAt),
          silenced_until: iso(a.silencedUntil),
          unack_since: iso(a.unackSince),
          value: a.value,
          limit_value: a.limit,
        };
        if (a.id === 0) {
          const inserted = await trx
            .insertInto('alarms')
            .values(row)
            .returning('id')
            .executeTakeFirstOrThrow();
          a.id = Number(inserted.id);
        } else {
          await trx.updateTable('alarms').set(row).where('id', '=', a.id).execute();
        }
        await trx
          .insertInto('alarm_events')
          .values({
            alarm_id: a.id,
            at: iso(t.at)!,
            event: t.event,
            from_state: t.from,
            to_state: t.to,
            source: t.source,
            device_code: t.deviceCode,
            value: t.value,
          })
          .execute();
      }
    });
  }

  /** Alarms not cleared, for the engine after a restart. */
  async openAlarms(): Promise<EngineAlarm[]> {
    const rows = await this.#db.selectFrom('alarms').selectAll().where('state', '!=', 'cleared').execute();
    return rows.map((r) => ({
      ...rowStanding(r),
      raisedAt: Date.parse(r.raised_at),
      updatedAt: Date.parse(r.updated_at),
      acknowledgedAt: ms(r.acknowledged_at),
      acknowledgedBy: r.acknowledged_by,
      clearedAt: ms(r.cleared_at),
      silencedUntil: ms(r.silenced_until),
      unackSince: ms(r.unack_since),
      value: r.value,
      limit: r.limit_value,
    }));
  }

  async byIds(ids: readonly number[]): Promise<AlarmRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('alarms')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async history(q: AlarmHistoryQuery): Promise<{ rows: AlarmRow[]; total: number }> {
    let base = this.#db.selectFrom('alarms');
    if (q.from) base = base.where('raised_at', '>=', q.from);
    if (q.to) base = base.where('raised_at', '<', q.to);
    if (q.equipment) base = base.where('equipment', 'in', [...equipmentOfAlarmFilter(q.equipment)]);
    if (q.category) base = base.where('category', '=', q.category);
    if (q.condition) base = base.where('condition', '=', q.condition);
    if (q.state) base = base.where('state', '=', q.state);
    const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('raised_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute();
    return { rows, total: Number(count?.n ?? 0) };
  }

  async events(alarmId: number): Promise<AlarmEventRow[]> {
    return this.#db
      .selectFrom('alarm_events')
      .selectAll()
      .where('alarm_id', '=', alarmId)
      .orderBy('id')
      .execute();
  }

  /** Alarms raised in [from, to) per equipment group. */
  async countsByGroup(from: string, to: string): Promise<Record<AlarmStatGroup, number>> {
    const rows = await this.#db
      .selectFrom('alarms')
      .select(['equipment', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('raised_at', '>=', from)
      .where('raised_at', '<', to)
      .groupBy('equipment')
      .execute();
    const out: Record<AlarmStatGroup, number> = { me: 0, ge: 0, boiler: 0 };
    for (const r of rows) {
      for (const [group, eq] of Object.entries(alarmGroupEquipment)) {
        if ((eq as readonly string[]).includes(r.equipment)) out[group as AlarmStatGroup] += Number(r.n);
      }
    }
    return out;
  }

  /** Ids among `ids` the device has read. */
  async readIds(deviceId: string, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('alarm_reads')
      .select('alarm_id')
      .where('device_id', '=', deviceId)
      .where('alarm_id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => Number(r.alarm_id)));
  }

  /** Alarms raised since `since` the device has not read, by category. */
  async unreadByCategory(deviceId: string, since: string): Promise<Partial<Record<AlarmCategory, number>>> {
    const rows = await this.#db
      .selectFrom('alarms')
      .select((eb) => ['category', eb.fn.countAll<number | string>().as('n')])
      .where('raised_at', '>=', since)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alarm_reads')
              .select('alarm_reads.alarm_id')
              .whereRef('alarm_reads.alarm_id', '=', 'alarms.id')
              .where('alarm_reads.device_id', '=', deviceId),
          ),
        ),
      )
      .groupBy('category')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.category as AlarmCategory, Number(r.n)]));
  }

  /** Marks alarms read for a device: the given ids, or every unread one raised since `since`. */
  async markRead(deviceId: string, at: string, ids: readonly number[] | undefined, since: string) {
    let targets: number[];
    if (ids) {
      const existing = await this.#db
        .selectFrom('alarms')
        .select('id')
        .where('id', 'in', ids.length > 0 ? [...ids] : [-1])
        .execute();
      targets = existing.map((r) => Number(r.id));
    } else {
      const rows = await this.#db.selectFrom('alarms').select('id').where('raised_at', '>=', since).execute();
      targets = rows.map((r) => Number(r.id));
    }
    const already = await this.readIds(deviceId, targets);
    const fresh = targets.filter((id) => !already.has(id));
    for (let i = 0; i < fresh.length; i += 200) {
      await this.#db
        .insertInto('alarm_reads')
        .values(fresh.slice(i, i + 200).map((id) => ({ alarm_id: id, device_id: deviceId, read_at: at })))
        .execute();
    }
  }

  async limitRows(): Promise<AlarmLimitRow[]> {
    return this.#db.selectFrom('alarm_limits').selectAll().execute();
  }

  async saveLimit(row: AlarmLimitRow): Promise<void> {
    const { channel, ...rest } = row;
    await this.#db
      .insertInto('alarm_limits')
      .values(row)
      .onConflict((oc) => oc.column('channel').doUpdateSet(rest))
      .execute();
  }
}
