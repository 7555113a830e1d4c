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

export type DomainMessageVars = Readonly<Record<string, string | number>>;

export interface DomainMessage {
  readonly key: DomainMessageKey;
  readonly vars?: DomainMessageVars;
}

/** A domain message: `msg('domain.delivery.noUnits')`, `msg('domain.money.collectedShort', { … })`. */
export function msg(key: DomainMessageKey, vars?: DomainMessageVars): DomainMessage {
  return vars ? { key, vars } : { key };
}
