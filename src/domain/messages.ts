/**
 * Messages of the domain for people, as keys of the Spanish catalogue plus their variables.
 *
 * The domain is pure and may not import src/i18n (the layer rule), so it never writes Spanish
 * itself: a check that fails answers `{ key: 'domain.delivery.noUnits', vars: {…} }` and the layer
 * that shows it (data, ui, server) turns it into text with `domainText()` of src/i18n/domain.ts.
 * The domain owns its message table (./messageTable.ts, the Spanish text of each key): the keys
 * are derived from it, so a `msg()` with a key the table lacks fails the typecheck; the Spanish
 * catalogue registers the table as is and the English one is typed against it.
 */
import type { domainMessages } from './messageTable';

/** The dotted paths of a table's texts (`domain.money.noTax`). */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message key of the domain, derived from its table (./messageTable.ts). */
export type DomainMessageKey = Leaves<typeof domainMessages>;

/** A variable is a value, or a message of its own (a part of the sentence: «Línea 2: la cantidad»). */
export type DomainMessageVars = Readonly<Record<string, string | number | DomainMessage>>;

export interface DomainMessage {
  readonly key: DomainMessageKey;
  readonly vars?: DomainMessageVars;
}

/** A domain message: `msg('domain.delivery.noUnits')`, `msg('domain.money.collectedShort', { … })`. */
export function msg(key: DomainMessageKey, vars?: DomainMessageVars): DomainMessage {
  return vars ? { key, vars } : { key };
}

let wording: ((message: DomainMessage) => string) | null = null;

/**
 * The layer that holds the catalogue gives the domain's errors their words (src/i18n/index.ts
 * does when it loads): the domain stays free of it, and every `err.message` reads in the
 * interface's language wherever it is shown or logged.
 */
export function setDomainWording(fn: (message: DomainMessage) => string): void {
  wording = fn;
}

/**
 * The words of a message in the interface's language, for the few places of the domain that must
 * hand a string over at once (a zod issue's message, written when a value is parsed); the key
 * itself when no catalogue is loaded. Everywhere else the domain answers the message itself.
 */
export function worded(message: DomainMessage): string {
  return wording ? wording(message) : message.key;
}

/**
 * A zod `error` that words a message when an issue is raised (`z.string({ error: saying('…') })`):
 * the message is made once, with the schema, and its words are looked up at parse time, so a
 * schema built when its module loads still speaks the interface's current language.
 */
export function saying(key: DomainMessageKey, vars?: DomainMessageVars): () => string {
  const message = msg(key, vars);
  return () => worded(message);
}

/**
 * A broken rule of the domain, thrown: its message is a key with variables (`text`), worded by
 * the catalogue when `message` is read (the key itself when no catalogue is loaded).
 */
export class DomainError extends Error {
  constructor(readonly text: DomainMessage) {
    super(text.key);
    this.name = 'DomainError';
    Object.defineProperty(this, 'message', { get: () => worded(this.text), enumerable: false, configurable: true });
  }
}
