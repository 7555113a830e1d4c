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
import { z } from 'zod';
import { ActionError } from './actionError';
import type { PaymentDoc } from '../domain/entities/operation';
import { cashBalanceOf, cashFactsOf, expectedForNewCount, type CashBalance } from '../domain/payments/cash';
import { amendHandover, countLineSchema, handoverId, reconcileHandover, recordHandover, type CashHandover } from '../domain/payments/handover';
import type { CbDatabase } from './database';
import { defineAction, plainDoc, requireRole, type Actor, type Tx } from './action';

/** Every payments document of a rider: his order payments and his hand-overs. */
export function paymentsOfRider(db: CbDatabase, riderId: string) {
  return db.payments.find({ selector: { kind: { $in: ['order', 'cash-handover'] }, rider_id: riderId } });
}

/** The rider's cash on hand from what this device holds. */
export async function riderCashOnHand(db: CbDatabase, riderId: string): Promise<CashBalance> {
  const docs = (await paymentsOfRider(db, riderId).exec()).map((d) => plainDoc('payments', d));
  return cashBalanceOf(riderId, cashFactsOf(docs));
}

export function requireOperator(actor: Actor): void {
  requireRole(actor, ['operator', 'admin'], 'payments.errors.operatorOnly');
}

/** The words of a domain refusal (zod issues, or its message). */
function refusal(e: unknown): ActionError {
  const issues = (e as { issues?: { message: string }[] }).issues;
  return ActionError.worded(issues?.map((i) => i.message).join('; ') ?? (e instanceof Error ? e.message : String(e)));
}

const countArgs = {
  /** A count by notes and coins, or null when `amountCents` is one amount. */
  count: z.array(countLineSchema).nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
};

/** Records the cash a rider hands over at the hub, counted by the operator. */
export const recordCashHandover = defineAction({
  name: 'payments.recordCashHandover',
  args: z.object({ rider_id: z.string().min(1), date: z.iso.date(), ...countArgs }),
  run: async ({ tx, args, actor }): Promise<CashHandover> => {
    requireOperator(actor);
    const routes = await tx.find('routes', { selector: { rider_id: args.rider_id, date: args.date } });
    const route = routes.sort((a, b) => (a.id < b.id ? -1 : 1)).at(-1);
    if (!route) throw new ActionError('payments.errors.noRoute', { date: args.date });
    const docs: PaymentDoc[] = await tx.find('payments', { selector: { kind: { $in: ['order', 'cash-handover'] }, rider_id: args.rider_id } });
    const n = docs.filter((d) => d.kind === 'cash-handover' && d.date === args.date).length + 1;
    let record: CashHandover;
    try {
      record = recordHandover({
        id: handoverId(args.date, args.rider_id, n),
        riderId: args.rider_id,
        routeId: route.id,
        hub: route.hub,
        date: args.date,
        expectedCents: expectedForNewCount(args.rider_id, docs),
        count: args.count,
        amountCents: args.amountCents,
        reason: args.reason,
        by: actor.userId,
        at: tx.now,
      });
    } catch (e) {
      throw refusal(e);
    }
    await tx.insert('payments', record);
    return record;
  },
});

async function loadHandover(tx: Tx, id: string): Promise<CashHandover> {
  const doc = await tx.get('payments', id);
  if (!doc || doc.kind !== 'cash-handover') throw new ActionError('payments.errors.handoverNotFound', { id });
  return doc;
}

/** Signs a counted hand-over off. */
export const reconcileCashHandover = defineAction({
  name: 'payments.reconcileCashHandover',
  args: z.object({ id: z.string().min(1) }),
  run: async ({ tx, args, actor }): Promise<CashHandover> => {
    requireOperator(actor);
    const h = await loadHandover(tx, args.id);
    let next: CashHandover;
    try {
      next = reconcileHandover(h, actor.userId, tx.now);
    } catch (e) {
      throw refusal(e);
    }
    tx.put('payments', next);
    return next;
  },
});

/** An administrator's correction of a reconciled hand-over, with the reason kept in its history. */
export const amendCashHandover = defineAction({
  name: 'payments.amendCashHandover',
  args: z.object({ id: z.string().min(1), ...countArgs, changeReason: z.string() }),
  run: async ({ tx, args, actor }): Promise<CashHandover> => {
    requireRole(actor, ['admin'], 'payments.errors.adminOnly');
    const h = await loadHandover(tx, args.id);
    let next: CashHandover;
    try {
      next = amendHandover(h, { ...args, by: actor.userId, at: tx.now });
    } catch (e) {
      throw refusal(e);
    }
    tx.put('payments', next);
    return next;
  },
});
