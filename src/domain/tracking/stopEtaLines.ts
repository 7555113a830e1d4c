/**
 * What the rider's own stop list shows of the ETAs (issue 33): for each remaining stop, its
 * expected arrival as a Madrid time of day and, when it falls after the stop's window, by how
 * many whole minutes (rounded up: «1 min» late is late). Completed stops are not in `etas`
 * (etaForRoute gives them none), so they get nothing here either. Pure.
 */
import type { StopEta } from './eta';
import { madridClock } from './fromEntities';

export interface StopEtaLine {
  /** «HH:MM» in Madrid. */
  readonly at: string;
  /** Whole minutes after the window's end (0: on time). */
  readonly lateMin: number;
}

export function stopEtaLines(etas: readonly StopEta[]): ReadonlyMap<number, StopEtaLine> {
  const out = new Map<number, StopEtaLine>();
  for (const e of etas) {
    if (!Number.isFinite(e.etaMs)) continue;
    out.set(e.seq, { at: madridClock(e.etaMs), lateMin: e.lateByMs > 0 ? Math.ceil(e.lateByMs / 60_000) : 0 });
  }
  return out;
}
