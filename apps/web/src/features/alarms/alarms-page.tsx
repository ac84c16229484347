import {
  type Alarm,
  type AlarmCategory,
  type AlarmEquipmentFilter,
  alarmCategories,
  alarmEquipmentFilters,
  equipmentOfAlarmFilter,
} from '@ecohelm/contracts';
import { Alert, Button, DatePicker, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { usePageConfig } from '../../lib/page-config';
import { useGlobalStore } from '../../lib/store';
import { PageFrame } from '../../ui/page-frame';
import { AlarmTable } from './alarm-table';
import { useActiveAlarms } from './api/get-active-alarms';
import { useAlarmHistory } from './api/get-alarm-history';
import { useMarkAlarmsRead } from './api/mark-alarms-read';
import { CategoryStat } from './category-stat';
import { LimitsDialog } from './limits-dialog';
import { type AlarmsView, useAlarmFilters } from './use-alarm-filters';

const matchesEquipment = (a: Alarm, filter: AlarmEquipmentFilter | undefined) =>
  !filter || equipmentOfAlarmFilter(filter).includes(a.equipment);

/** Whether the session grants `permission`; unknown permissions allow (the server checks again). */
function useAllowed(permission: string) {
  const permissions = useGlobalStore((s) => s.permissions);
  return permissions.length === 0 || permissions.includes(permission);
}

/**
 * Message center (SPEC §2): equipment alarms, F.O.C warnings, equipment assessments and energy
 * distribution, real-time (acknowledge, silence) and historical, filtered by date and equipment.
 */
const errorKey = (error: unknown) => (error instanceof ApiError ? error.messageKey : 'errors.unknown');

export function AlarmsPage() {
  const { t } = useTranslation();
  const { config } = usePageConfig();
  const offset = config.shipTimeOffsetMinutes;
  const { filters, update, historyQuery } = useAlarmFilters(offset);
  const realtime = filters.view === 'realtime';
  const active = useActiveAlarms();
  const history = useAlarmHistory(historyQuery);
  const read = useMarkAlarmsRead();
  const [limitsOpen, setLimitsOpen] = useState(false);
  const canAcknowledge = useAllowed('alarms:acknowledge');

  const activeItems = active.data?.items ?? [];
  const shown = realtime
    ? activeItems.filter(
        (a) =>
          matchesEquipment(a, filters.equipment) && (!filters.category || a.category === filters.category),
      )
    : (history.data?.items ?? []);

  const stat = (category: AlarmCategory) => {
    const mine = activeItems.filter((a) => a.category === category);
    return {
      id: category,
      title: t(`alarms.panels.${category}`),
      children: (
        <CategoryStat
          active={mine.length}
          unacknowledged={mine.filter((a) => a.state !== 'active_acknowledged').length}
          unread={active.data?.unreadByCategory[category] ?? 0}
          pressed={filters.category === category}
          label={t(`alarms.panels.${category}`)}
          onClick={() => update({ category: filters.category === category ? undefined : category })}
        />
      ),
    };
  };

  const actions = (
    <>
      <Segmented<AlarmsView>
        value={filters.view}
        onChange={(view) => update({ view })}
        options={[
          { value: 'realtime', label: t('alarms.views.realtime') },
          { value: 'history', label: t('alarms.views.history') },
        ]}
      />
      <DatePicker.RangePicker
        aria-label={t('alarms.filters.dateRange')}
        disabled={realtime}
        allowEmpty={[true, true]}
        placeholder={[t('alarms.filters.start'), t('alarms.filters.end')]}
        value={[filters.start ? dayjs(filters.start) : null, filters.end ? dayjs(filters.end) : null]}
        onChange={(range) =>
          update({ start: range?.[0]?.format('YYYY-MM-DD'), end: range?.[1]?.format('YYYY-MM-DD') })
        }
      />
      <Select
        aria-label={t('alarms.filters.equipment')}
        style={{ width: 170 }}
        allowClear
        placeholder={t('alarms.filters.allEquipment')}
        value={filters.equipment}
        onChange={(equipment) => update({ equipment })}
        options={alarmEquipmentFilters.map((e) => ({ value: e, label: t(`alarms.equipment.${e}`) }))}
      />
      <Select
        aria-label={t('alarms.filters.type')}
        style={{ width: 180 }}
        allowClear
        placeholder={t('alarms.filters.allTypes')}
        value={filters.category}
        onChange={(category) => update({ category })}
        options={alarmCategories.map((c) => ({ value: c, label: t(`alarms.panels.${c}`) }))}
      />
      <Button onClick={() => read.mutate(undefined)} disabled={(active.data?.unread ?? 0) === 0}>
        {t('alarms.actions.markAllRead')}
      </Button>
      <Button onClick={() => setLimitsOpen(true)}>{t('alarms.actions.limits')}</Button>
    </>
  );

  return (
    <>
      <PageFrame
        title={t('alarms.title')}
        actions={actions}
        columns={4}
        rowCount={5}
        panels={[
          ...alarmCategories.map(stat),
          {
            id: 'alarms',
            title: t(realtime ? 'alarms.views.realtime' : 'alarms.views.history'),
            span: 4,
            rows: 4,
            children: (
              <>
                {(realtime ? active.error : history.error) ? (
                  <Alert
                    type="error"
                    showIcon
                    title={t(errorKey(realtime ? active.error : history.error))}
                    style={{ marginBottom: 8 }}
                  />
                ) : null}
                <AlarmTable
                  label={t(realtime ? 'alarms.views.realtime' : 'alarms.views.history')}
                  items={shown}
                  loading={realtime ? active.isPending : history.isPending}
                  realtime={realtime}
                  canAcknowledge={canAcknowledge}
                  offsetMinutes={offset}
                  scrollY={realtime ? 560 : 500}
                  pagination={
                    realtime
                      ? false
                      : {
                          current: filters.page,
                          pageSize: 15,
                          total: history.data?.total ?? 0,
                          showSizeChanger: false,
                          onChange: (page) => update({ page }),
                        }
                  }
                />
              </>
            ),
          },
        ]}
      />
      <LimitsDialog open={limitsOpen} onClose={() => setLimitsOpen(false)} />
    </>
  );
}
