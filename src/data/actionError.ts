/**
 * A refused action of the data layer (issue 30 §3): one error type for every action, carrying a
 * message key of the catalogue and its values, worded when shown (`message` reads the current
 * language), and a stable `code` a screen or a test may branch on. Words already made elsewhere (a
 * validation's field messages) travel as `ActionError.worded(text)`.
 */
import { t, type MessageKey, type MessageVars } from '../i18n';

export class ActionError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: MessageVars = {},
    /** What was refused, for code (e.g. 'route_locked'); the key when not given. */
    readonly code: string = key,
  ) {
    super(key);
    this.name = 'ActionError';
    Object.defineProperty(this, 'message', { get: () => t(this.key, this.vars), enumerable: false, configurable: true });
  }

  /** An action refused with words made elsewhere (validation messages, joined). */
  static worded(text: string, code = 'invalid'): ActionError {
    return new ActionError('common.worded', { text }, code);
  }
}
