/**
 * The report's periods (issue 34): today, yesterday, this week (Monday to today), the last 7 or
 * 30 days (today included), a calendar month, or a custom range. Days are Madrid calendar days
 * `YYYY-MM-DD`; `today` is given (no clock here). Pure.
 */
import type { ReportPeriod } from './aggregate';

export const PERIOD_KINDS = ['today', 'yesterday', 'thisWeek', 'last7', 'last30', 'month', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

const DAY = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

function utc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY).toISOString().slice(0, 10);
}

export function isIsoDate(s: string): boolean {
  return ISO.test(s) && !Number.isNaN(utc(s)) && new Date(utc(s)).toISOString().slice(0, 10) === s;
}

/** Number of days of a period, both ends included (0 when it ends before it starts). */
export function periodDays(p: ReportPeriod): number {
  return Math.max(0, Math.round((utc(p.to) - utc(p.from)) / DAY) + 1);
}

/**
 * The period of a kind. `month` is `YYYY-MM` (default: today's month); `custom` takes `from`/`to`
 * as they are (null when either is not a date or `to` is before `from`).
 */
export function periodOf(kind: PeriodKind, today: string, opts: { month?: string; from?: string; to?: string } = {}): ReportPeriod | null {
  switch (kind) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'thisWeek': {
      const weekday = (new Date(utc(today)).getUTCDay() + 6) % 7; // Monday 0
      return { from: addDays(today, -weekday), to: today };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'month': {
      const month = opts.month ?? today.slice(0, 7);
      if (!/^\d{4}-\d{2}$/.test(month) || !isIsoDate(`${month}-01`)) return null;
      const [y, m] = month.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      return { from: `${month}-01`, to: last };
    }
    case 'custom': {
      const { from, to } = opts;
      if (!from || !to || !isIsoDate(from) || !isIsoDate(to) || to < from) return null;
      return { from, to };
    }
  }
}
