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
  | 'domain.handover.quantityWhole'
  | 'domain.handover.quantityNegative'
  | 'domain.handover.quantityTooHigh'
  | 'domain.handover.routeMissing'
  | 'domain.handover.riderMissing'
  | 'domain.handover.notOfOrder'
  | 'domain.handover.countMismatch'
  | 'domain.handover.denominationTwice'
  | 'domain.handover.differenceReason'
  | 'domain.handover.recorderMissing'
  | 'domain.handover.reconcilerMissing'
  | 'domain.handover.write.operatorsOnly'
  | 'domain.handover.write.twoSteps'
  | 'domain.handover.write.ownName'
  | 'domain.handover.write.newHistory'
  | 'domain.handover.write.newNotReconciled'
  | 'domain.handover.write.fixedFields'
  | 'domain.handover.write.recorderFixed'
  | 'domain.handover.write.historyKept'
  | 'domain.handover.write.reconciledAdminOnly'
  | 'domain.handover.write.reconciledStays'
  | 'domain.handover.write.reconcilerFixed'
  | 'domain.handover.write.amendReason'
  | 'domain.handover.write.countBeforeReconcile'
  | 'domain.handover.write.reconcileKeepsCount'
  | 'domain.handover.write.reconcileOwnName'
  | 'domain.handover.write.reconcileInHistory'
  | 'domain.handover.write.unreconciledNoSignature'
  | 'domain.handover.write.countInHistory'
  | 'domain.handover.write.countChangeReason'
  | 'domain.access.text'
  | 'domain.access.eventsImmutable'
  | 'domain.access.kindFixed'
  | 'domain.access.roleCannot'
  | 'domain.access.selfProtected'
  | 'domain.access.hubRoutesOnly'
  | 'domain.access.denied'
  | 'domain.access.to.el'
  | 'domain.access.to.la'
  | 'domain.access.to.los'
  | 'domain.access.to.las'
  | 'domain.access.to.none'
  | 'domain.access.fieldsDenied'
  | 'domain.access.ownAuthor'
  | 'domain.access.riderOwnName'
  | 'domain.access.createStatus'
  | 'domain.access.role.admin'
  | 'domain.access.role.operator'
  | 'domain.access.role.rider'
  | 'domain.access.role.anonimus'
  | 'domain.access.verb.read'
  | 'domain.access.verb.create'
  | 'domain.access.verb.update'
  | 'domain.access.verb.delete'
  | 'domain.sync.problem'
  | 'domain.sync.problemAt'
  | 'domain.sync.path'
  | 'domain.sync.row'
  | 'domain.sync.notValid'
  | 'domain.sync.tooMany'
  | 'domain.sync.mustBe'
  | 'domain.sync.type.array'
  | 'domain.sync.type.object'
  | 'domain.sync.type.number'
  | 'domain.sync.type.string'
  | 'domain.sync.type.boolean'
  | 'domain.sync.type.other'
  | 'domain.deliveryPoints.badTime'
  | 'domain.intake.batchSize'
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
  | 'domain.routing.input.invalid'
  | 'domain.routing.input.invalidMore'
  | 'domain.routing.input.list'
  | 'domain.routing.input.job'
  | 'domain.routing.input.vehicle'
  | 'domain.routing.input.vehicleStop'
  | 'domain.routing.input.distanceWeight'
  | 'domain.routing.input.jobNoId'
  | 'domain.routing.input.repeatedId'
  | 'domain.routing.input.locationOutside'
  | 'domain.routing.input.serviceInvalid'
  | 'domain.routing.input.windowInvalid'
  | 'domain.routing.input.windowReversed'
  | 'domain.routing.input.demandLength'
  | 'domain.routing.input.demandInvalid'
  | 'domain.routing.input.vehicleNoId'
  | 'domain.routing.input.startOutside'
  | 'domain.routing.input.endOutside'
  | 'domain.routing.input.shiftStartInvalid'
  | 'domain.routing.input.shiftEndInvalid'
  | 'domain.routing.input.shiftReversed'
  | 'domain.routing.input.maxDurationInvalid'
  | 'domain.routing.input.fixedCostInvalid'
  | 'domain.routing.input.capacityLength'
  | 'domain.routing.input.capacityInvalid'
  | 'domain.routing.input.stopUnknown'
  | 'domain.routing.input.stopPlaced'
  | 'domain.routing.input.lockInvalid'
  | 'domain.routing.input.noVehicle'
  | 'domain.routing.matrix.detour'
  | 'domain.routing.matrix.speed'
  | 'domain.routing.matrix.size'
  | 'domain.routing.matrix.durations'
  | 'domain.routing.matrix.distances'
  | 'domain.routing.matrix.cell'
  | 'domain.routing.matrix.maxCoordinates'
  | 'domain.routing.matrix.row'
  | 'domain.routing.check.unknownVehicle'
  | 'domain.routing.check.duplicateVehicle'
  | 'domain.routing.check.unknownJob'
  | 'domain.routing.check.duplicateJob'
  | 'domain.routing.check.noStartDepot'
  | 'domain.routing.check.noEndDepot'
  | 'domain.routing.check.capacity'
  | 'domain.routing.check.late'
  | 'domain.routing.check.shiftStart'
  | 'domain.routing.check.shiftEnd'
  | 'domain.routing.check.shiftLength'
  | 'domain.routing.check.mismatch'
  | 'domain.routing.check.what.arrival'
  | 'domain.routing.check.what.travelTime'
  | 'domain.routing.check.what.distance'
  | 'domain.routing.check.what.duration'
  | 'domain.routing.check.what.cost'
  | 'domain.routing.check.what.stopArrival'
  | 'domain.routing.check.what.stopStart'
  | 'domain.routing.check.unassignedUnknown'
  | 'domain.routing.check.assignedAndUnassigned'
  | 'domain.routing.check.unassignedTwice'
  | 'domain.routing.check.missing'
  | 'domain.routing.check.lockRoute'
  | 'domain.routing.check.lockPosition'
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
 * The words of a message in the interface's language, for the few places of the domain that must
 * hand a string over at once (a zod issue's message, written when a value is parsed); the key
 * itself when no catalogue is loaded. Everywhere else the domain answers the message itself.
 */
export function worded(message: DomainMessage): string {
  return wording ? wording(message) : message.key;
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
