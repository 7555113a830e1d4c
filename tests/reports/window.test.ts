import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { madridWallTime, punctuality, windowBounds } from '../../src/domain/reports/window';
import { madridDate } from '../../src/domain/dates';
import { periodDays, periodOf } from '../../src/domain/reports/period';

const madridClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The straightforward rule: the Madrid day is the order's and the Madrid minute is inside the window, both ends included. */
function recount(at: number, o: { date: string; window_start: string; window_end: string }): string {
  const day = madridDate(at);
  const minute = madridClock.format(at);
  if (day < o.date || (day === o.date && minute < o.window_start)) return 'early';
  if (day > o.date || minute > o.window_end) return 'late';
  return 'on_time';
}

const hhmm = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('on time at the window edges', () => {
  const o = { date: '2026-07-15', window_start: '10:00', window_end: '14:00' };
  const [start, end] = windowBounds(o);

  it('includes both ends to the minute (summer time, UTC+2)', () => {
    expect(start).toBe(Date.parse('2026-07-15T08:00:00.000Z'));
    expect(punctuality(start, [start, end])).toBe('on_time');
    expect(punctuality(start - 1, [start, end])).toBe('early');
    expect(punctuality(Date.parse('2026-07-15T12:00:59.999Z'), [start, end])).toBe('on_time');
    expect(punctuality(Date.parse('2026-07-15T12:01:00.000Z'), [start, end])).toBe('late');
  });

  it('reads winter time (UTC+1)', () => {
    expect(madridWallTime('2026-01-15', '10:00')).toBe(Date.parse('2026-01-15T09:00:00Z'));
  });

  it('agrees with a recount by Madrid wall clock, exactly around the edges', () => {
    const dates = ['2026-01-15', '2026-03-29', '2026-07-15', '2026-10-25', '2026-12-31'];
    fc.assert(
      fc.property(
        fc.constantFrom(...dates),
        fc.integer({ min: 4 * 60, max: 20 * 60 }),
        fc.integer({ min: 1, max: 6 * 60 }),
        fc.constantFrom('start', 'end', 'any'),
        fc.integer({ min: -120_000, max: 120_000 }),
        (date, s, len, edge, delta) => {
          const order = { date, window_start: hhmm(s), window_end: hhmm(Math.min(s + len, 23 * 60 + 59)) };
          const bounds = windowBounds(order);
          const at = (edge === 'start' ? bounds[0] : edge === 'end' ? bounds[1] : (bounds[0] + bounds[1]) / 2) + delta;
          expect(punctuality(Math.round(at), bounds)).toBe(recount(Math.round(at), order));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('periods', () => {
  it('computes each kind from today', () => {
    // 2026-11-27 is a Friday.
    expect(periodOf('today', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(periodOf('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodOf('thisWeek', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-27' });
    expect(periodOf('thisWeek', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodOf('last7', '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(periodDays(periodOf('last30', '2026-11-27')!)).toBe(30);
    expect(periodOf('month', '2026-11-27', { month: '2028-02' })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('custom', '2026-11-27', { from: '2026-11-02', to: '2026-11-01' })).toBeNull();
    expect(periodOf('custom', '2026-11-27', { from: '2026-11-01', to: '2026-11-02' })).toEqual({ from: '2026-11-01', to: '2026-11-02' });
  });
});
