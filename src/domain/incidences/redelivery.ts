/**
 * A re-delivery (issue 13): resolving a delivery incidence (a product damaged, missing or refused
 * at the door) can create a new order for a later day with what has to go again: the incidence's
 * product, in the incidence's quantity (the whole line when it names none), at the price and tax
 * the client was charged. The order is unplanned (no route) and waits among that day's orders
 * for the planner; it names the original in its notes (worded by the caller from the catalogue)
 * and has no external reference, so a later import of the client's file never takes it for
 * one of its own orders. Pure.
 */
import type { Order } from '../entities/operation';
import { newOrderCode } from '../orderForm';

export type RedeliveryProblem = 'date' | 'product';

export interface RedeliveryInput {
  readonly original: Order;
  readonly incidence: { readonly product_id: string; readonly quantity: number };
  /** The new delivery day: after the original's, and not before `today`. */
  readonly date: string;
  readonly today: string;
  readonly id: string;
  readonly notes: string;
  readonly now: number;
}

/** The re-delivery order, or why it cannot be made. */
export function redeliveryOrder(input: RedeliveryInput): { ok: true; order: Order } | { ok: false; problem: RedeliveryProblem } {
  const { original, incidence, date, today } = input;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date <= original.date || date < today) return { ok: false, problem: 'date' };
  const line = original.lines.find((l) => l.product_id === incidence.product_id);
  if (!line) return { ok: false, problem: 'product' };
  const quantity = incidence.quantity > 0 ? Math.min(incidence.quantity, line.quantity) : line.quantity;
  return {
    ok: true,
    order: {
      id: input.id,
      code: newOrderCode(date, input.id.replace(/^[^-]*-/, '')),
      client_id: original.client_id,
      delivery_point_id: original.delivery_point_id,
      hub: original.hub,
      date,
      window_start: original.window_start,
      window_end: original.window_end,
      status: 'pending',
      picking_status: 'pending',
      status_id: '',
      route_id: '',
      lines: [{ ...line, line_id: 'l1', quantity, picked_quantity: 0 }],
      payment_method: original.payment_method,
      external_ref: '',
      notes: input.notes.slice(0, 500),
      created_at: input.now,
      updated_at: input.now,
    },
  };
}
