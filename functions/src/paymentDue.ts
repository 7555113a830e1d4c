/**
 * The amount due of an order's payment on Firebase, written only by this trusted function (issue
 * 29, finding 1). The embedded server computes it inside the push (server/rules.ts: `prepare`
 * when a payment is created, `afterWrite` when a delivery arrives later); Firestore's rules cannot
 * (the order's lines × the quantities of its latest delivery event, grouped by tax and rounded:
 * no loops, no queries in a rule), so the device's value is never the one that stays: after every
 * order payment that appears and every delivered/partial event recorded, this function recomputes
 * the amount from the stored order and events, as long as the payment has not been handed over.
 *
 * Free of any Firebase package: functions/src/index.ts binds it to Firestore triggers with
 * firebase-admin, the Firebase suite runs it through the client SDK as the emulator's owner
 * (tests/firebase/paymentDue.test.ts, tests/firebase/write-cases.test.ts).
 */
import type { DeliveryEvent } from '../../src/domain/entities/events';
import type { Order, Payment } from '../../src/domain/entities/operation';
import { DUE_OPEN_STATUSES, paymentDueCents, paymentIdOf } from '../../src/domain/access/payments';

/** Delivery events whose lines say what was delivered (server/rules.ts: the same kinds). */
export const DELIVERED_KINDS: readonly string[] = ['delivered', 'partial'];

/** The reads and the write of one recomputation, inside one transaction. */
export interface DueTx {
  /** A live (not deleted) order, or null. */
  order(id: string): Promise<Order | null>;
  /** A live payment, or null. */
  payment(id: string): Promise<Payment | null>;
  /** The stored delivery events of an order (every kind). */
  events(orderId: string): Promise<DeliveryEvent[]>;
  /** Stores the payment (stamped with the server time, like every write). */
  put(payment: Payment): void;
}

export interface DueData {
  transaction<T>(work: (tx: DueTx) => Promise<T>): Promise<T>;
}

/** Whether a written payment document is an order payment that has just appeared (created or restored). */
export function paymentAppeared(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): boolean {
  if (!after || after._deleted === true || (after.kind ?? 'order') !== 'order') return false;
  return !before || before._deleted === true;
}

/** Whether a recorded delivery event may change what its order's payment is due. */
export function deliveryCounts(event: Readonly<Record<string, unknown>> | null): boolean {
  return !!event && event._deleted !== true && typeof event.order_id === 'string' && DELIVERED_KINDS.includes(String(event.kind));
}

/**
 * Recomputes the amount due of the payment of `orderId`. Returns the amount stored, or null when
 * nothing was written (no order, no payment, handed over already, or already right).
 */
export async function recomputePaymentDue(data: DueData, orderId: string, now: () => number = Date.now): Promise<number | null> {
  return data.transaction(async (tx) => {
    const order = await tx.order(orderId);
    if (!order) return null;
    const payment = await tx.payment(paymentIdOf(order.id));
    if (!payment || !DUE_OPEN_STATUSES.includes(payment.status)) return null;
    // The latest delivered/partial event of the order on its route (server/rules.ts deliveredLines).
    const latest = (await tx.events(order.id))
      .filter((e) => e.route_id === order.route_id && DELIVERED_KINDS.includes(e.kind))
      .sort((a, b) => a.at - b.at)
      .at(-1);
    const due = paymentDueCents(order, latest?.lines ?? null);
    if (payment.amount_due_cents === due) return null;
    tx.put({ ...payment, amount_due_cents: due, updated_at: Math.max(Number(payment.updated_at) + 1, now()) });
    return due;
  });
}
