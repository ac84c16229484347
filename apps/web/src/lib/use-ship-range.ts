import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { fromShipTime, toShipTime } from './ship-time';

const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * A range of ship days kept in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included, so a view can be
 * shared); the last `defaultDays` days when none. `api` is the same range as UTC instants of whole ship days.
 */
export function useShipRange(offset: number, defaultDays = 30) {
  const [params, setParams] = useSearchParams();
  const today = (toShipTime(Date.now(), offset) ?? dayjs.utc()).startOf('day');
  const parse = (v: string | null) =>
    v && dayjs.utc(v, DAY_FORMAT, true).isValid() ? dayjs.utc(v, DAY_FORMAT) : null;
  const start = parse(params.get('from')) ?? today.subtract(defaultDays - 1, 'day');
  const end = parse(params.get('to')) ?? today;
  const [a, b] = start.isAfter(end) ? [end, start] : [start, end];
  const day = (d: Dayjs) => dayjs.utc(d.format(DAY_FORMAT), DAY_FORMAT);
  return {
    start: a,
    end: b,
    today,
    /** Sets the range; `also` changes other parameters in the same step (two steps would lose the first). */
    set: (from: Dayjs, to: Dayjs, also?: (p: URLSearchParams) => void) =>
      setParams((p) => {
        p.set('from', day(from).format(DAY_FORMAT));
        p.set('to', day(to).format(DAY_FORMAT));
        also?.(p);
        return p;
      }),
    api: { from: fromShipTime(a, offset)!, to: fromShipTime(b.add(1, 'day'), offset)! },
  };
}
