/**
 * Messages of the domain for people, as keys of the Spanish catalogue plus their variables.
 *
 * The domain is pure and may not import src/i18n (the layer rule), so it never writes Spanish
 * itself: a check that fails answers `{ key: 'domain.delivery.noUnits', vars: {…} }` and the layer
 * that shows it (data, ui, server) turns it into text with `domainText()` of src/i18n/domain.ts.
 * The keys are listed here; src/i18n/domain.ts passes them to `t()`, so a key missing from the
 * catalogue (src/i18n/es/domain.ts) fails the typecheck, and tests/i18n/domainMessages.test.ts
 * checks every key the domain's sources name.
 */
export type DomainMessageKey =
  | 'domain.delivery.linesNotWhole'
  | 'domain.delivery.linesTooMany'
  | 'domain.delivery.lineNotInOrder'
  | 'domain.delivery.noUnits'
  | 'domain.money.dueInvalid'
  | 'domain.money.collectedInvalid'
  | 'domain.money.collectedShort'
  | 'domain.money.notWhole'
  | 'domain.money.tooHigh'
  | 'domain.money.rateOver'
  | 'domain.money.lineRateOver'
  | 'domain.money.lineRepeated'
  | 'domain.money.lineNotInOrder'
  | 'domain.money.lineTwice'
  | 'domain.money.tooManyDelivered'
  | 'domain.money.notCents'
  | 'domain.money.noTax'
  | 'domain.money.what.quantity'
  | 'domain.money.what.unitPrice'
  | 'domain.money.what.lineAmount'
  | 'domain.money.what.taxBase'
  | 'domain.money.what.taxRate'
  | 'domain.money.what.tax'
  | 'domain.money.what.lineQuantity'
  | 'domain.money.what.lineUnitPrice'
  | 'domain.money.what.lineTaxRate'
  | 'domain.money.what.net'
  | 'domain.money.what.rateBase'
  | 'domain.money.what.taxTotal'
  | 'domain.money.what.total'
  | 'domain.money.what.deliveredQuantity'
  | 'domain.handover.alreadyReconciled'
  | 'domain.handover.countFirst'
  | 'domain.handover.changeReason'
  | 'domain.routing.noLocation'
  | 'domain.routing.windowConflict'
  | 'domain.routing.noBike'
  | 'domain.routing.bikeUnavailable'
  | 'domain.routing.noRider'
  | 'domain.routing.riderTwice'
  | 'domain.routing.bikeTwice'
  | 'domain.routing.late'
  | 'domain.routing.overWeight'
  | 'domain.routing.overVolume'
  | 'domain.routing.overBoxes'
  | 'domain.routing.shiftEnd'
  | 'domain.routing.shiftLength'
  | 'domain.routing.shiftStart'
  | 'domain.routing.checker'
  | 'domain.routing.unplanned.notPlanned'
  | 'domain.routing.unplanned.capacity'
  | 'domain.routing.unplanned.timeWindow'
  | 'domain.routing.unplanned.shiftLength'
  | 'domain.routing.unplanned.noVehicle'
  | 'domain.routing.unplanned.other';

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
 * A broken rule of the domain, thrown: its message is a key with variables (`text`), worded by
 * the catalogue when `message` is read (the key itself when no catalogue is loaded).
 */
export class DomainError extends Error {
  constructor(readonly text: DomainMessage) {
    super(text.key);
    this.name = 'DomainError';
    Object.defineProperty(this, 'message', { get: () => (wording ? wording(this.text) : this.text.key), enumerable: false, configurable: true });
  }
}
