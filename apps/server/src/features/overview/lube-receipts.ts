/**
 * Lube oil arrives without a bunker record (the IMO DCS and EU MRV bunker records are fuel only), so the overview's
 * "last bunkered" for lube oil is read from the tanks themselves: a rise of the summed ROB between two hours is oil
 * received. Consumption between readings is far smaller than a delivery, and a sounding's noise far smaller than
 * `MIN_RECEIPT_M3`.
 */

/** A rise of the summed lube oil ROB at least this large (m³) is a delivery, not sensor noise. */
export const MIN_RECEIPT_M3 = 0.2;
/** Rises within this many hours of each other are one delivery (a barge alongside for an afternoon). */
const SAME_DELIVERY_HOURS = 6;
const HOUR_S = 3600;

/** One tank's hourly readings: the hour's start (epoch s) and its last value (m³). */
export interface HourlyLast {
  t: number;
  last: number;
}

/** The newest delivery found in the tanks' hourly readings: its quantity (m³) and when it ended (epoch ms). */
export function lastLubeReceipt(
  tanks: readonly (readonly HourlyLast[])[],
): { quantityM3: number; atMs: number } | null {
  if (tanks.length === 0) return null;
  // The summed ROB per hour, each tank's reading carried forward, from the first hour every tank has one.
  const byTank = tanks.map((rows) => new Map(rows.map((r) => [r.t, r.last])));
  const hours = [...new Set(tanks.flatMap((rows) => rows.map((r) => r.t)))].sort((a, b) => a - b);
  const current: (number | undefined)[] = tanks.map(() => undefined);
  const summed: { t: number; rob: number }[] = [];
  for (const t of hours) {
    byTank.forEach((readings, k) => {
      current[k] = readings.get(t) ?? current[k];
    });
    const known = current.filter((v): v is number => v !== undefined);
    if (known.length === tanks.length) summed.push({ t, rob: known.reduce((a, v) => a + v, 0) });
  }
  let receipt: { quantityM3: number; atMs: number } | null = null;
  let lastRiseT = Number.NEGATIVE_INFINITY;
  let previous = summed[0];
  for (const hour of summed.slice(1)) {
    const rise = previous ? hour.rob - previous.rob : 0;
    previous = hour;
    if (rise < MIN_RECEIPT_M3) continue;
    const atMs = (hour.t + HOUR_S) * 1000;
    const sameDelivery = hour.t - lastRiseT <= SAME_DELIVERY_HOURS * HOUR_S;
    receipt = { quantityM3: (sameDelivery && receipt ? receipt.quantityM3 : 0) + rise, atMs };
    lastRiseT = hour.t;
  }
  return receipt;
}
