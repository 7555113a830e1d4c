/**
 * Dates in Spanish. Its own module so date-fns (and its Spanish locale) is loaded only by the
 * screens that show a date, not with `t` on every start (issue 15: the sign-in page's budget).
 */
import { format as formatDateFns, type Locale } from 'date-fns';
import { es as esLocale } from 'date-fns/locale/es';
import { englishDateLocale } from './index';

/**
 * A date with a date-fns pattern (default «22 nov 2026, 14:05»): month and day names in the
 * interface's language (English ones come with the English catalogue).
 */
export function formatDate(value: Date | number, pattern = "d MMM yyyy, HH:mm"): string {
  return formatDateFns(value, pattern, { locale: (englishDateLocale() as Locale | null) ?? esLocale });
}

/**
 * A calendar day stored as `YYYY-MM-DD` written for people (issue 28: no ISO dates in text):
 * «27 nov 2026» (Spanish), «27 Nov 2026» (English). Anything else is returned as given.
 */
export function formatDay(day: string, pattern = 'd MMM yyyy'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12), pattern);
}

/** The operation's time zone: the hubs are in mainland Spain. */
export const OPERATION_TIME_ZONE = 'Europe/Madrid';

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: OPERATION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as the operation's clock reads it (Europe/Madrid), whatever the device's zone:
 * `date` «27/11/2026», `time` «07:40» (issue 28: a client in Canarias sees the hub's time,
 * labelled, not his own).
 */
export function madridClock(at: number | Date): { readonly date: string; readonly time: string } {
  const parts = Object.fromEntries(madridParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}
