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
