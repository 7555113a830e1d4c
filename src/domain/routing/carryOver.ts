/**
 * Re-planning carry-over (issue 11): which orders of earlier days come back among the unplanned
 * orders of the day being planned. Pure; the board reads the candidates through
 * `carryOverCandidates` (src/data/queries.ts) and brings them with `carryOverOrders`
 * (src/data/planning.ts).
 */
import type { Order, Route } from '../entities/operation';
import type { DeliveryEvent } from '../entities/events';

/** How many days back the board looks for orders to bring (a week: a weekend or a holiday in between). */
export const CARRY_OVER_DAYS = 7;

/**
 * Why an order comes back: its route was cancelled (`route_cancelled`), it was left «Pendiente»
 * with no route (`left_pending`: what cancelling a route leaves, or never planned), or it failed
 * and was marked «reprogramar» (`rescheduled`).
 */
export type CarryOverReason = 'route_cancelled' | 'left_pending' | 'rescheduled';

export interface CarryOver {
  readonly order: Order;
  readonly reason: CarryOverReason;
}

/** The first day (inclusive) the board looks back to for `date` (YYYY-MM-DD). */
export function carryOverFrom(date: string, days = CARRY_OVER_DAYS): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** The outcome of an order's last failure, '' when it never failed. */
function lastFailureOutcome(orderId: string, events: readonly Pick<DeliveryEvent, 'order_id' | 'kind' | 'at' | 'outcome'>[]): DeliveryEvent['outcome'] {
  let last: Pick<DeliveryEvent, 'at' | 'outcome'> | null = null;
  for (const e of events) {
    if (e.order_id !== orderId || e.kind !== 'failed') continue;
    if (!last || e.at >= last.at) last = e;
  }
  return last?.outcome ?? '';
}

/**
 * The orders of earlier days (from `carryOverFrom(date)` up to the day before `date`) of `hub`
 * that come back to be planned on `date`:
 * - «Pendiente» (or «En ruta») with no route or on a cancelled route (cancelling a route sends its
 *   orders back to «Pendiente» with no route; one still pointing at the cancelled route counts too);
 * - «Fallido» whose last failure was marked «reprogramar» (`outcome: 'reschedule'`).
 * A failed order marked «volver al hub», a delivered, returned or cancelled order never comes
 * back. Sorted by day, then code.
 */
export function carryOverOrders(
  date: string,
  hub: number,
  orders: readonly Order[],
  routes: ReadonlyMap<string, Pick<Route, 'status'>>,
  events: readonly Pick<DeliveryEvent, 'order_id' | 'kind' | 'at' | 'outcome'>[],
  days = CARRY_OVER_DAYS,
): CarryOver[] {
  const from = carryOverFrom(date, days);
  const out: CarryOver[] = [];
  for (const order of orders) {
    if (order.hub !== hub || order.date >= date || order.date < from) continue;
    if (order.status === 'pending' || order.status === 'planned') {
      if (order.route_id === '') {
        if (order.status === 'pending') out.push({ order, reason: 'left_pending' });
        continue;
      }
      if (routes.get(order.route_id)?.status === 'cancelled') out.push({ order, reason: 'route_cancelled' });
      continue;
    }
    if (order.status === 'failed' && lastFailureOutcome(order.id, events) === 'reschedule') out.push({ order, reason: 'rescheduled' });
  }
  return out.sort((a, b) => a.order.date.localeCompare(b.order.date) || a.order.code.localeCompare(b.order.code, 'es', { numeric: true }));
}
