/**
 * Whether a delivery was on time: the rule of the reports (issue 34), decided exactly at the
 * window's edges.
 *
 * An order's window (`window_start`–`window_end`, `HH:mm`) is a wall-clock time range of its
 * `date` in Madrid. Both ends are INCLUSIVE TO THE MINUTE: for 10:00–14:00 a delivery recorded
 * at 10:00:00.000 or at 14:00:59.999 is on time; 09:59:59.999 is early; 14:01:00.000 is late.
 * So, in epoch ms: on time ⇔ start ≤ at < end + 1 minute.
 *
 * The Madrid offset used is the one of the day's noon (windows are daytime; on the two days a
 * year the clock changes, a window before 03:00 would be read with the daytime offset). Pure.
 */

export type Punctuality = 'early' | 'on_time' | 'late';

const MINUTE = 60_000;
const offsetByDate = new Map<string, number>();

const madridClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Minutes Madrid is ahead of UTC at noon (UTC) of `date`. */
function madridOffsetMinutes(date: string): number {
  let offset = offsetByDate.get(date);
  if (offset === undefined) {
    const noon = Date.parse(`${date}T12:00:00Z`);
    if (Number.isNaN(noon)) throw new RangeError(`invalid date «${date}»`);
    const [h, m] = madridClock.format(noon).split(':').map(Number) as [number, number];
    offset = h * 60 + m - 12 * 60;
    offsetByDate.set(date, offset);
  }
  return offset;
}

const midnightByDate = new Map<string, number>();

/** Epoch ms of the wall-clock time `hhmm` of `date` in Madrid. */
export function madridWallTime(date: string, hhmm: string): number {
  let base = midnightByDate.get(date);
  if (base === undefined) {
    base = Date.parse(`${date}T00:00:00Z`) - madridOffsetMinutes(date) * MINUTE;
    midnightByDate.set(date, base);
  }
  const minutes = ((hhmm.charCodeAt(0) - 48) * 10 + hhmm.charCodeAt(1) - 48) * 60 + (hhmm.charCodeAt(3) - 48) * 10 + hhmm.charCodeAt(4) - 48;
  return base + minutes * MINUTE;
}

/** [start, endExclusive) in epoch ms of an order's window (see the module's rule). */
export function windowBounds(order: { readonly date: string; readonly window_start: string; readonly window_end: string }): [number, number] {
  return [madridWallTime(order.date, order.window_start), madridWallTime(order.date, order.window_end) + MINUTE];
}

export function punctuality(at: number, bounds: readonly [number, number]): Punctuality {
  if (at < bounds[0]) return 'early';
  if (at >= bounds[1]) return 'late';
  return 'on_time';
}
