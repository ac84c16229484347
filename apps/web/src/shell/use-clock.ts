import { useEffect, useState } from 'react';
import { clockIntervalMs, formatShipTime } from './clock';

/** The ship-time clock text, refreshed every second. */
export function useShipClock(offsetMinutes: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockIntervalMs);
    return () => clearInterval(timer);
  }, []);
  return formatShipTime(now, offsetMinutes);
}
