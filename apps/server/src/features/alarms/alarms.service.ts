/**
 * The alarm service: the message center's use cases (real-time and history views, acknowledge, silence,
 * read marks, statistics, limit settings) over the stored alarms and the live watch (alarms.watch.ts).
 */
import type {
  ActiveAlarmsResponse,
  Alarm,
  AlarmEvent,
  AlarmHistoryQuery,
  AlarmHistoryResponse,
  AlarmLimitInput,
  AlarmLimitSetting,
  AlarmLimitValues,
  AlarmStatisticsQuery,
  AlarmStatisticsResponse,
} from '@ecohelm/contracts';
import { alarmLimitMessages, alarmStatGroups } from '@ecohelm/contracts';
import { type ChannelDef, channelById, DAY_MS, displayUnitOf, fromDisplay, toDisplay } from '@ecohelm/domain';
import { AppError, notFound, validationFailed } from '../../platform/errors.ts';
import type { Sample, TelemetryService } from '../telemetry/index.ts';
import type { Transition } from './alarms.engine.ts';
import { displayed, fromEngine, fromRow, round, toAlarm } from './alarms.mapping.ts';
import type { AlarmsRepository } from './alarms.repository.ts';
import { defaultLimitSetting, type LimitSetting } from './alarms.rules.ts';
import { type AlarmsServiceOptions, AlarmWatch, limitable, limitableChannels } from './alarms.watch.ts';

export { type AlarmsServiceOptions, limitableChannels };

const sumOf = (counts: Partial<Record<string, number>>) =>
  Object.values(counts).reduce<number>((a, n) => a + (n ?? 0), 0);

/** The unread count covers this many days. */
const UNREAD_DAYS = 30;

export class AlarmsService {
  readonly #repo: AlarmsRepository;
  readonly #watch: AlarmWatch;

  constructor(repo: AlarmsRepository, telemetry: TelemetryService, options: AlarmsServiceOptions = {}) {
    this.#repo = repo;
    this.#watch = new AlarmWatch(repo, telemetry, options);
  }

  /** Loads settings and open alarms, subscribes to live samples and starts the tick. */
  start(): Promise<void> {
    return this.#watch.start();
  }

  /** Stops the tick and the subscription; resolves once every transition is stored. */
  stop(): Promise<void> {
    return this.#watch.stop();
  }

  /** Feeds a stored batch of live samples (the telemetry listener). */
  observeSamples(samples: readonly Sample[]): void {
    this.#watch.observeSamples(samples);
  }

  /** Time passes: held values keep their limits' timers running, lost signals, silences, escalation. */
  tick(at?: number): void {
    this.#watch.tick(at);
  }

  /** Every alarm not yet cleared (the real-time view), with the device's unread count. */
  /** Stores alarm transitions that happened before (the simulator's history of a ship); the live watch is not told. */
  recordHistory(transitions: readonly Transition[]): Promise<void> {
    return this.#repo.saveTransitions(transitions);
  }

  async active(deviceId: string): Promise<ActiveAlarmsResponse> {
    await this.#watch.flush();
    const open = this.#watch.openAlarms().map(fromEngine);
    const read = await this.#repo.readIds(
      deviceId,
      open.map((a) => a.id),
    );
    const unreadByCategory = await this.#unreadByCategory(deviceId);
    return {
      items: open.map((a) => toAlarm(a, read.has(a.id))),
      unread: sumOf(unreadByCategory),
      unreadByCategory,
      serverTime: new Date(this.#watch.now()).toISOString(),
    };
  }

  async unread(deviceId: string): Promise<number> {
    await this.#watch.flush();
    return sumOf(await this.#unreadByCategory(deviceId));
  }

  #unreadByCategory(deviceId: string) {
    return this.#repo.unreadByCategory(
      deviceId,
      new Date(this.#watch.now() - UNREAD_DAYS * DAY_MS).toISOString(),
    );
  }

  async history(query: AlarmHistoryQuery, deviceId: string): Promise<AlarmHistoryResponse> {
    await this.#watch.flush();
    const { rows, total } = await this.#repo.history(query);
    const read = await this.#repo.readIds(
      deviceId,
      rows.map((r) => Number(r.id)),
    );
    return {
      items: rows.map((r) => toAlarm(fromRow(r), read.has(Number(r.id)))),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async events(id: number): Promise<AlarmEvent[]> {
    await this.#watch.flush();
    const rows = await this.#repo.events(id);
    if (rows.length === 0) throw notFound('No such alarm.');
    const [alarm] = await this.#repo.byIds([id]);
    return rows.map((r) => ({
      id: Number(r.id),
      alarmId: Number(r.alarm_id),
      at: r.at,
      event: r.event as AlarmEvent['event'],
      fromState: r.from_state as AlarmEvent['fromState'],
      toState: r.to_state as AlarmEvent['toState'],
      source: r.source as AlarmEvent['source'],
      deviceCode: r.device_code,
      value: alarm ? displayed({ ...fromRow(alarm), value: r.value }).value : r.value,
    }));
  }

  async #single(id: number, deviceId: string): Promise<Alarm> {
    const [row] = await this.#repo.byIds([id]);
    if (!row) throw notFound('No such alarm.');
    const read = await this.#repo.readIds(deviceId, [id]);
    return toAlarm(fromRow(row), read.has(id));
  }

  /** Acknowledges an alarm for every console; stored with the device that did it. */
  async acknowledge(id: number, device: { id: string; code: string }): Promise<Alarm> {
    const result = await this.#watch.acknowledge(id, device.code);
    if (!result.ok) await this.#refuse(id, result.reason, 'acknowledged');
    return this.#single(id, device.id);
  }

  /** Silences an active unacknowledged alarm; it sounds again after `seconds` unless acknowledged. */
  async silence(id: number, seconds: number, device: { id: string; code: string }): Promise<Alarm> {
    const result = await this.#watch.silence(id, device.code, seconds * 1000);
    if (!result.ok) await this.#refuse(id, result.reason, 'silenced');
    return this.#single(id, device.id);
  }

  async #refuse(id: number, reason: 'not_found' | 'not_allowed', verb: string): Promise<never> {
    const [row] = await this.#repo.byIds([id]);
    if (!row) throw notFound('No such alarm.');
    throw new AppError('conflict', 409, `This alarm cannot be ${verb} in state ${row.state}.`, {
      state: row.state,
      reason,
    });
  }

  async markRead(deviceId: string, ids: number[] | undefined): Promise<number> {
    await this.#watch.flush();
    const since = new Date(this.#watch.now() - UNREAD_DAYS * DAY_MS).toISOString();
    await this.#repo.markRead(deviceId, new Date(this.#watch.now()).toISOString(), ids, since);
    return this.unread(deviceId);
  }

  /** Alarms raised per equipment group (M/E, G/E, boilers) in [from, to); the last 30 days by default. */
  async statistics(query: AlarmStatisticsQuery): Promise<AlarmStatisticsResponse> {
    await this.#watch.flush();
    const to = query.to ?? new Date(this.#watch.now()).toISOString();
    const from = query.from ?? new Date(Date.parse(to) - 30 * DAY_MS).toISOString();
    const counts = await this.#repo.countsByGroup(from, to);
    const items = alarmStatGroups.map((group) => ({ group, count: counts[group] }));
    return { from, to, items, total: items.reduce((s, i) => s + i.count, 0) };
  }

  /** Limit settings of every limitable channel, in display units. */
  limits(): AlarmLimitSetting[] {
    return limitableChannels.map((def) => this.#settingOf(def));
  }

  #settingOf(def: ChannelDef): AlarmLimitSetting {
    const { setting: s, custom } = this.#watch.settingOf(def);
    const d = defaultLimitSetting(def);
    const show = (v: number | null) => (v === null ? null : round(toDisplay(def, v)));
    const values = (x: typeof s): AlarmLimitValues => ({
      lowlow: show(x.lowlow),
      low: show(x.low),
      high: show(x.high),
      highhigh: show(x.highhigh),
    });
    const a = toDisplay(def, def.range[0]);
    const b = toDisplay(def, def.range[1]);
    return {
      channel: def.id,
      equipment: def.equipment,
      label: def.label,
      unit: displayUnitOf(def),
      range: [round(Math.min(a, b)), round(Math.max(a, b))],
      limits: values(s),
      defaults: values(d),
      hysteresis: round(Math.abs(toDisplay(def, s.hysteresis) - toDisplay(def, 0))),
      delaySeconds: Math.round(s.delayMs / 1000),
      enabled: s.enabled,
      updatedAt: custom?.updatedAt ?? null,
      updatedBy: custom?.updatedBy ?? null,
    };
  }

  /** Sets a channel's limits (display units), checked against the channel's valid range. */
  async setLimits(channel: string, input: AlarmLimitInput, deviceCode: string): Promise<AlarmLimitSetting> {
    const def = channelById(channel);
    if (!def || !limitable.has(channel)) throw notFound(`No channel ${channel} with alarm limits.`);
    const a = toDisplay(def, def.range[0]);
    const b = toDisplay(def, def.range[1]);
    const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
    const issues: { path: string; message: string }[] = [];
    for (const level of ['lowlow', 'low', 'high', 'highhigh'] as const) {
      const v = input[level];
      if (v !== null && (v < lo || v > hi))
        issues.push({ path: level, message: alarmLimitMessages.outOfRange });
    }
    if (input.hysteresis > (hi - lo) / 2) {
      issues.push({ path: 'hysteresis', message: alarmLimitMessages.hysteresis });
    }
    if (issues.length > 0) throw validationFailed('The alarm limits are not valid.', issues);
    const si = (v: number | null) => (v === null ? null : fromDisplay(def, v));
    const setting: LimitSetting = {
      lowlow: si(input.lowlow),
      low: si(input.low),
      high: si(input.high),
      highhigh: si(input.highhigh),
      hysteresis: Math.abs(fromDisplay(def, input.hysteresis) - fromDisplay(def, 0)),
      delayMs: input.delaySeconds * 1000,
      enabled: input.enabled,
    };
    const updatedAt = new Date(this.#watch.now()).toISOString();
    await this.#repo.saveLimit({
      channel,
      lowlow: setting.lowlow,
      low: setting.low,
      high: setting.high,
      highhigh: setting.highhigh,
      hysteresis: setting.hysteresis,
      delay_s: input.delaySeconds,
      enabled: input.enabled ? 1 : 0,
      updated_at: updatedAt,
      updated_by: deviceCode,
    });
    await this.#watch.applyLimits(def, setting, { updatedAt, updatedBy: deviceCode });
    return this.#settingOf(def);
  }
}
