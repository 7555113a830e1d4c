/**
 * The albarán's times are the operation's (Europe/Madrid), whatever the device's zone (issue 28).
 * The instants are fixed; the e2e (e2e/money.spec.ts) opens the albarán in an Atlantic/Canary
 * browser.
 */
import { describe, expect, it } from 'vitest';
import { madridClock } from '../../src/i18n/dates';

describe('madridClock', () => {
  it('reads an instant on the Madrid clock, winter and summer', () => {
    // 06:40 UTC in November is 07:40 in Madrid (CET), 06:40 in Canarias.
    expect(madridClock(Date.UTC(2026, 10, 27, 6, 40))).toEqual({ date: '27/11/2026', time: '07:40' });
    // 05:40 UTC in July is 07:40 in Madrid (CEST).
    expect(madridClock(Date.UTC(2026, 6, 3, 5, 40))).toEqual({ date: '03/07/2026', time: '07:40' });
    // Just before midnight UTC is the next day in Madrid.
    expect(madridClock(Date.UTC(2026, 11, 31, 23, 30))).toEqual({ date: '01/01/2027', time: '00:30' });
  });

  it('does not depend on the time zone of the device', () => {
    const at = Date.UTC(2026, 10, 27, 6, 40);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Atlantic/Canary', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
    expect(local).toBe('06:40');
    expect(madridClock(at).time).toBe('07:40');
  });
});
