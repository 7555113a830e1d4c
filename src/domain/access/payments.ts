/**
 * Who controls a payment's money (issue 17, finding 5). The access table says who may write
 * payments at all; these rules say what the amounts may be. The server applies them to every
 * pushed payment (server/rules.ts); the rider's screens offer only what they allow.
 *
 * - The amount due is never taken from a device: the server computes it from the order's lines
 *   and what was delivered (the order's delivered/partial event; until that event arrives, every
 *   deliverable unit), and recomputes it when the event arrives later, as long as the payment
 *   has not been handed over. Only an administrator sets it by hand.
 * - A rider records what he collected, once: he creates the order's payment (`pay-<order id>`),
 *   at «Cobrado por el rider» or «A cuenta», never changes it afterwards (operators review it:
 *   handed over → reconciled). «A cuenta» (invoiced, nothing collected at the door) belongs to
 *   orders paid on account only, and an order paid on account is recorded only that way.
 * - Nothing changes after reconciliation, except by an administrator.
 */
import type { DeliveredLine } from '../entities/events';
import type { Order, Payment, PaymentMethod } from '../entities/operation';
import { deliverableUnits } from '../delivery';
import { amountDueCents } from '../money';
import type { SystemRole } from './groups';

export type PaymentCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** The id of an order's payment: one payment per order. */
export function paymentIdOf(orderId: string): string {
  return `pay-${orderId}`;
}

/** Amount due of an order: its lines × what was delivered (every deliverable unit when not known yet). */
export function paymentDueCents(order: Pick<Order, 'lines'>, delivered: readonly Pick<DeliveredLine, 'line_id' | 'delivered'>[] | null): number {
  const quantities = delivered ?? order.lines.map((l) => ({ line_id: l.line_id, delivered: deliverableUnits(l) }));
  return amountDueCents(
    order.lines,
    quantities.map((l) => ({ line_id: l.line_id, delivered: l.delivered })),
  );
}

/** Methods a rider may record for an order paid with `orderMethod`. */
export function riderPaymentMethods(orderMethod: PaymentMethod): PaymentMethod[] {
  return orderMethod === 'on_account' ? ['on_account'] : ['cash', 'card', 'transfer'];
}

/** Statuses a rider records his collection with (never pending, never a reviewer's status). */
export const RIDER_PAYMENT_STATUSES: readonly Payment['status'][] = ['collected', 'on_account'];

/** Statuses in which the server still recomputes the amount due (before the hand-over). */
export const DUE_OPEN_STATUSES: readonly Payment['status'][] = ['pending', 'collected', 'on_account'];

/** The payment a rider creates for an order of his route. */
export function checkRiderPayment(payment: Payment, order: Order | null): PaymentCheck {
  const deny = (reason: string): PaymentCheck => ({ ok: false, reason });
  if (!order) return deny(`El pedido «${payment.order_id}» del cobro no existe`);
  if (order.route_id === '' || order.route_id !== payment.route_id) return deny(`El pedido «${order.code}» no pertenece a la ruta del cobro`);
  if (payment.id !== paymentIdOf(order.id)) return deny(`El cobro del pedido «${order.code}» debe llamarse «${paymentIdOf(order.id)}»`);
  if (!RIDER_PAYMENT_STATUSES.includes(payment.status)) return deny('Un rider registra el cobro como «Cobrado» o «A cuenta»');
  if (!riderPaymentMethods(order.payment_method).includes(payment.method)) {
    return deny(order.payment_method === 'on_account' ? `El pedido «${order.code}» se paga a cuenta` : `El pedido «${order.code}» no se paga a cuenta: registra lo cobrado`);
  }
  if ((payment.method === 'on_account') !== (payment.status === 'on_account')) return deny('Un pago a cuenta tiene el estado «A cuenta»');
  if (payment.method === 'on_account' && payment.amount_collected_cents !== 0) return deny('En un pago a cuenta no se cobra nada en la puerta');
  if (payment.reviewed_by !== '') return deny('Solo un operador revisa un cobro');
  return { ok: true };
}

/** Whether a role may change a payment in its current status. */
export function checkPaymentChange(role: SystemRole, before: Pick<Payment, 'status'>): PaymentCheck {
  if (before.status === 'reconciled' && role !== 'admin') return { ok: false, reason: 'Un pago conciliado ya no se modifica' };
  return { ok: true };
}
