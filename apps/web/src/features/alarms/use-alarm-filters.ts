import {
  type AlarmCategory,
  type AlarmEquipmentFilter,
  type AlarmHistoryQuery,
  alarmCategorySchema,
  alarmEquipmentFilterSchema,
} from '@ecohelm/contracts';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

dayjs.extend(utc);

export type AlarmsView = 'realtime' | 'history';

export interface AlarmFilters {
  view: AlarmsView;
  /** Ship-time dates `YYYY-MM-DD`, inclusive. */
  start: string | undefined;
  end: string | undefined;
  equipment: AlarmEquipmentFilter | undefined;
  category: AlarmCategory | undefined;
  page: number;
}

const dateOnly = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The message center's filters, kept in the address so a reload or a shared link keeps them. */
export function useAlarmFilters(offsetMinutes: number) {
  const [params, setParams] = useSearchParams();
  const filters: AlarmFilters = useMemo(
    () => ({
      view: params.get('view') === 'history' ? 'history' : 'realtime',
      start: dateOnly(params.get('start')),
      end: dateOnly(params.get('end')),
      equipment: alarmEquipmentFilterSchema.safeParse(params.get('equipment')).data,
      category: alarmCategorySchema.safeParse(params.get('category')).data,
      page: Math.max(1, Number(params.get('page')) || 1),
    }),
    [params],
  );

  const update = useCallback(
    (patch: Partial<AlarmFilters>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (
              v === undefined ||
              v === '' ||
              (k === 'page' && v === 1) ||
              (k === 'view' && v === 'realtime')
            ) {
              next.delete(k);
            } else next.set(k, String(v));
          }
          // A new filter starts at the first page.
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** The history query: ship-time days turned into a UTC [from, to) range. */
  const historyQuery: Partial<AlarmHistoryQuery> = useMemo(() => {
    const day = (d: string) => dayjs.utc(d).subtract(offsetMinutes, 'minute');
    return {
      ...(filters.start ? { from: day(filters.start).toISOString() } : {}),
      ...(filters.end ? { to: day(filters.end).add(1, 'day').toISOString() } : {}),
      ...(filters.equipment ? { equipment: filters.equipment } : {}),
      ...(filters.category ? { category: filters.category } : {}),
      page: filters.page,
      pageSize: 15,
    };
  }, [filters, offsetMinutes]);

  return { filters, update, historyQuery };
}
