/**
 * The sign-in pages' field rules (login, reset request, new password). Written out rather than
 * with zod (as every other form is) so that the public pages do not download zod: 26 KB gzipped of
 * their 120 KB budget (issue 15, bench/bundle). A unit test holds them to zod's own answers.
 */
import { t } from '../../i18n';

/** The e-mail rule of zod's `z.email()` (its default pattern). */
export const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Shortest and longest new password. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** An e-mail address typed on a sign-in page: required, well formed (spaces around ignored). */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === '') return t('auth.emailRequired');
  return EMAIL.test(email) ? null : t('auth.emailInvalid');
}

/** A new password: at least 8 characters (at most 200). */
export function newPasswordProblem(value: string): string | null {
  if (value.length < PASSWORD_MIN) return t('auth.passwordTooShort');
  return value.length > PASSWORD_MAX ? t('auth.passwordTooLong') : null;
}

/** The repeated new password: the same as the first. */
export function repeatProblem(repeat: string, values: { readonly password: string }): string | null {
  return repeat === values.password ? null : t('auth.passwordsDiffer');
}
