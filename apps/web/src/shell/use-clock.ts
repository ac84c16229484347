import { useEffect, useState } from 'react';
import { clockIntervalMs, formatShipClock } from '../lib/ship-time';

/** The ship-time clock text, refreshed every second. */
export function useShipClock(offsetMinutes: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockIntervalMs);
    return () => clearInterval(timer);
  }, []);
  return formatShipClock(now, offsetMinutes);
}
