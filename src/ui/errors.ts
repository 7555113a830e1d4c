import { BackendError } from '../backend/types';
import { t } from '../i18n';

/** What to tell a person about a failed sign-in, reset or password change, in Spanish. */
export function errorText(err: unknown): string {
  if (err instanceof BackendError) return err.isNetwork ? t('auth.offlineLogin') : err.message;
  return err instanceof Error ? err.message : String(err);
}

/** The message of any failure as it was thrown (a local write's refusal, a worker's error). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
