/**
 * The domain's messages (keys and variables, src/domain/messages.ts) as Spanish text. Passing a
 * `DomainMessageKey` to `t()` is what makes a key missing from the catalogue fail the typecheck.
 */
import type { DomainMessage } from '../domain/messages';
import { t, wordsOf } from './index';

export function domainText(message: DomainMessage): string {
  return wordsOf(message, t);
}
