/**
 * Dates in Spanish. Its own module so date-fns (and its Spanish locale) is loaded only by the
 * screens that show a date, not with `t` on every start (issue 15: the sign-in page's budget).
 */
import { format as formatDateFns } from 'date-fns';
import { es as esLocale } from 'date-fns/locale/es';

/** A date in Spanish with a date-fns pattern (default «22 nov 2026, 14:05»). */
export function formatDate(value: Date | number, pattern = "d MMM yyyy, HH:mm"): string {
  return formatDateFns(value, pattern, { locale: esLocale });
}
