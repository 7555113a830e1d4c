import { describe, expect, it } from 'vitest';
import { madridDate, madridDayBounds } from '../../src/domain/dates';

describe('madridDayBounds', () => {
  it('spans Madrid midnight to midnight in winter (UTC+1) and summer (UTC+2)', () => {
    expect(madridDayBounds('2026-11-23')).toEqual([Date.parse('2026-11-22T23:00:00Z'), Date.parse('2026-11-23T23:00:00Z')]);
    expect(madridDayBounds('2026-07-01')).toEqual([Date.parse('2026-06-30T22:00:00Z'), Date.parse('2026-07-01T22:00:00Z')]);
  });

  it('has 23 and 25 hours on the days the clocks change', () => {
    const [a, b] = madridDayBounds('2026-03-29');
    expect((b - a) / 3_600_000).toBe(23);
    const [c, d] = madridDayBounds('2026-10-25');
    expect((d - c) / 3_600_000).toBe(25);
  });

  it('holds exactly the instants of that day', () => {
    const [from, to] = madridDayBounds('2026-11-23');
    expect(madridDate(from)).toBe('2026-11-23');
    expect(madridDate(to - 1)).toBe('2026-11-23');
    expect(madridDate(from - 1)).toBe('2026-11-22');
    expect(madridDate(to)).toBe('2026-11-24');
  });

  it('refuses what is not a date', () => {
    expect(() => madridDayBounds('23/11/2026')).toThrow(RangeError);
  });
});
