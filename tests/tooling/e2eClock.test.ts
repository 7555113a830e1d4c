import { describe, expect, it } from 'vitest';
import { CLOCK_SHIFT_ENV, installClockShift, operationMorningShift, runClockShift, runNow } from '../../e2e/clock';
import { madridDate } from '../../src/domain/dates';

const madridTime = (at: number): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(at);

describe('the e2e run clock', () => {
  it.each([
    ['just before Madrid midnight in winter', '2026-11-23T22:59:30Z'],
    ['just after Madrid midnight in winter', '2026-11-23T23:00:10Z'],
    ['a summer evening', '2026-07-01T19:45:00Z'],
    ['early morning', '2026-03-10T05:00:00Z'],
  ])('%s: the run starts at 10:00 on the same Madrid date', (_label, iso) => {
    const now = Date.parse(iso);
    const start = now + operationMorningShift(now);
    expect(madridDate(start)).toBe(madridDate(now));
    expect(madridTime(start)).toBe('10:00');
  });

  it('the runner chooses the shift once; the web server and the workers inherit it', () => {
    const env: NodeJS.ProcessEnv = {};
    const shift = runClockShift(env, Date.parse('2026-11-23T22:59:30Z'));
    expect(env[CLOCK_SHIFT_ENV]).toBe(String(shift));
    expect(runClockShift(env, Date.parse('2026-11-24T08:00:00Z'))).toBe(shift);
    expect(() => runClockShift({ [CLOCK_SHIFT_ENV]: 'mañana' })).toThrow(/whole number/);
  });

  it('shifts Date.now, new Date() and Date() only; dates of a value, parse, UTC and instanceof are unchanged', () => {
    const scope = { Date };
    const shift = 5 * 3_600_000;
    installClockShift(shift, scope);
    installClockShift(shift, scope); // a second install (another frame's script) does not add up
    const Shifted = scope.Date;
    const before = Date.now();
    const shiftedNow = Shifted.now();
    const after = Date.now();
    expect(shiftedNow).toBeGreaterThanOrEqual(before + shift);
    expect(shiftedNow).toBeLessThanOrEqual(after + shift);
    const made = new Shifted();
    expect(made.getTime()).toBeGreaterThanOrEqual(before + shift);
    expect(made).toBeInstanceOf(Date);
    expect(new Date(0)).toBeInstanceOf(Shifted);
    expect(new Shifted(86_400_000).toISOString()).toBe('1970-01-02T00:00:00.000Z');
    expect(new Shifted(2026, 10, 23).getDate()).toBe(23);
    expect(Shifted.parse('2026-11-23T10:00:00Z')).toBe(Date.parse('2026-11-23T10:00:00Z'));
    expect(Shifted.UTC(2026, 10, 23)).toBe(Date.UTC(2026, 10, 23));
    expect(typeof (Shifted as unknown as () => string)()).toBe('string');
    expect(globalThis.Date).toBe(Date);
  });

  it('now on the run clock is shifted once, whether or not the process already installed the shift', () => {
    const shift = 13 * 3_600_000;
    const env: NodeJS.ProcessEnv = { [CLOCK_SHIFT_ENV]: String(shift) };
    const real = { Date };
    const before = Date.now();
    const fromReal = runNow(env, real);
    const shiftedScope = { Date };
    installClockShift(shift, shiftedScope);
    const fromShifted = runNow(env, shiftedScope);
    const after = Date.now();
    for (const at of [fromReal, fromShifted]) {
      expect(at).toBeGreaterThanOrEqual(before + shift);
      expect(at).toBeLessThanOrEqual(after + shift);
    }
  });
});
