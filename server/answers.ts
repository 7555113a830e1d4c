/**
 * The server's refusals (issue 30 §4): a stable `error` code, the catalogue's `key` and its
 * `vars`, and `message`, the Spanish text worded from the catalogue (src/i18n/es/server.ts…).
 * A device may word `key` in its user's language; clients of the API read `message`.
 */
import { t, type MessageKey, type MessageVars } from '../src/i18n';

export interface Refusal {
  readonly error: string;
  readonly message: string;
  readonly key: MessageKey;
  readonly vars?: MessageVars;
}

export function refusal(error: string, key: MessageKey, vars?: MessageVars): Refusal {
  return vars === undefined ? { error, message: t(key), key } : { error, message: t(key, vars), key, vars };
}
