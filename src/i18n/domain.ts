/**
 * The domain's messages (keys and variables, src/domain/messages.ts) as Spanish text. Passing a
 * `DomainMessageKey` to `t()` is what makes a key missing from the catalogue fail the typecheck.
 */
import type { DomainMessage } from '../domain/messages';
import { t } from './index';

export function domainText(message: DomainMessage): string {
  return t(message.key, message.vars);
}
