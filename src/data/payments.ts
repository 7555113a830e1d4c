/**
 * Payments actions (issue 13), written locally first like every other write: the hub's cash
 * hand-over of a rider is recorded, reconciled and (by an administrator) amended in the
 * `payments` collection (kind `cash-handover`); the rules are the domain's
 * (src/domain/payments/handover.ts) and the server checks them again on push.
 *
 * - recording: the cash expected is the rider's cash on hand at that moment (cash collected
 *   minus everything handed over before, src/domain/payments/cash.ts); the record names the
 *   rider's last route of the day (the rider reads it through his route);
 * - reconciling signs the record off (who and when) and settles its difference: the rider's
 *   cash on hand no longer counts it (a write-off with the count's reason, read from the same
 *   record: src/domain/payments/cash.ts, `writeOffOf` in handover.ts; docs/money.md).
 */
import { ActionError } from './actionError';
import type { SystemRole } from '../domain/access/groups';
import type { PaymentDoc, Route } from '../domain/entities/operation';
import { cashBalanceOf, cashFactsOf, expectedForNewCount, type CashBalance } from '../domain/payments/cash';
import { amendHandover, handoverId, reconcileHandover, recordHandover, type CashHandover, type CountLine } from '../domain/payments/handover';
import type { CbDatabase } from './database';
import type { DataEngine } from './engine';

export type PaymentsEngine = Pick<DataEngine, 'db' | 'writer'>;

export interface PaymentsActor {
  readonly userId: string;
  readonly role: SystemRole;
}

/** Every payments document of a rider: his order payments and his hand-overs. */
export function paymentsOfRider(db: CbDatabase, riderId: string) {
  return db.payments.find({ selector: { kind: { $in: ['order', 'cash-handover'] }, rider_id: riderId } });
}

/** The rider's cash on hand from what this device holds. */
export async function riderCashOnHand(db: CbDatabase, riderId: string): Promise<CashBalance> {
  const docs = (await paymentsOfRider(db, riderId).exec()).map((d) => d.toJSON() as unknown as PaymentDoc);
  return cashBalanceOf(riderId, cashFactsOf(docs));
}

export function requireOperator(actor: PaymentsActor): void {
  if (actor.role !== 'operator' && actor.role !== 'admin') throw new ActionError('payments.errors.operatorOnly');
}

export interface HandoverInput {
  readonly riderId: string;
  readonly date: string;
  /** A count by notes and coins, or null when `amountCents` is one amount. */
  readonly count: readonly CountLine[] | null;
  readonly amountCents: number;
  readonly reason: string;
  readonly actor: PaymentsActor;
  readonly now?: number;
}

/** Records the cash a rider hands over at the hub, counted by the operator. */
export async function recordCashHandover(engine: PaymentsEngine, input: HandoverInput): Promise<CashHandover> {
  requireOperator(input.actor);
  const routes = (await engine.db.routes.find({ selector: { rider_id: input.riderId, date: input.date } }).exec()).map((d) => d.toJSON() as unknown as Route);
  const route = routes.sort((a, b) => (a.id < b.id ? -1 : 1)).at(-1);
  if (!route) throw new ActionError('payments.errors.noRoute', { date: input.date });
  const docs = (await paymentsOfRider(engine.db, input.riderId).exec()).map((d) => d.toJSON() as unknown as PaymentDoc);
  const expected = expectedForNewCount(input.riderId, docs);
  const n = docs.filter((d) => d.kind === 'cash-handover' && d.date === input.date).length + 1;
  const at = input.now ?? Date.now();
  let record: CashHandover;
  try {
    record = recordHandover({
      id: handoverId(input.date, input.riderId, n),
      riderId: input.riderId,
      routeId: route.id,
      hub: route.hub,
      date: input.date,
      expectedCents: expected,
      count: input.count,
      amountCents: input.amountCents,
      reason: input.reason,
      by: input.actor.userId,
      at,
    });
  } catch (e) {
    const issues = (e as { issues?: { message: string }[] }).issues;
    throw ActionError.worded(issues?.map((i) => i.message).join('; ') ?? String(e));
  }
  await engine.writer.insert('payments', record);
  return record;
}

async function loadHandover(engine: PaymentsEngine, id: string): Promise<CashHandover> {
  const doc = (await engine.db.payments.findOne(id).exec())?.toJSON() as unknown as PaymentDoc | undefined;
  if (!doc || doc.kind !== 'cash-handover') throw new ActionError('payments.errors.handoverNotFound', { id });
  return doc;
}

/** Signs a counted hand-over off. */
export async function reconcileCashHandover(engine: PaymentsEngine, id: string, actor: PaymentsActor, now?: number): Promise<CashHandover> {
  requireOperator(actor);
  const h = await loadHandover(engine, id);
  let next: CashHandover;
  try {
    next = reconcileHandover(h, actor.userId, now ?? Date.now());
  } catch (e) {
    throw ActionError.worded((e as Error).message);
  }
  return (await engine.writer.patch('payments', id, next)) as CashHandover;
}

/** An administrator's correction of a reconciled hand-over, with the reason kept in its history. */
export async function amendCashHandover(
  engine: PaymentsEngine,
  id: string,
  input: { count: readonly CountLine[] | null; amountCents: number; reason: string; changeReason: string; actor: PaymentsActor; now?: number },
): Promise<CashHandover> {
  if (input.actor.role !== 'admin') throw new ActionError('payments.errors.adminOnly');
  const h = await loadHandover(engine, id);
  let next: CashHandover;
  try {
    next = amendHandover(h, { ...input, by: input.actor.userId, at: input.now ?? Date.now() });
  } catch (e) {
    const issues = (e as { issues?: { message: string }[] }).issues;
    throw ActionError.worded(issues?.map((i) => i.message).join('; ') ?? (e as Error).message);
  }
  return (await engine.writer.patch('payments', id, next)) as CashHandover;
}
