/**
 * The Home dashboard's figures for one operation day, for one hub or for all of them.
 *
 * - Orders and routes of the day, counted by system status.
 * - Delivered share: orders delivered in full or in part over the day's orders that are not
 *   cancelled (0 when there are none).
 * - Incidences of the day: the day's exceptions (src/domain/incidences/exceptions.ts: failed
 *   deliveries, picking shortfalls, product incidences at the door, cash counted with a
 *   difference) of the day's routes, by the routes' delivery day, whatever their follow-up.
 * - Cash collected: from the `collected` delivery events of the day's routes paid in cash,
 *   `amount_collected_cents − change_cents` (what the rider keeps: the amount due). Card and
 *   transfer collections are summed apart.
 */
import type { DeliveryEvent } from './entities/events';
import type { Order, Route } from './entities/operation';
import type { DayException } from './incidences/exceptions';
import { ORDER_STATUSES, ROUTE_STATUSES, type OrderStatus, type RouteStatus } from './status/machines';

export interface DayInput {
  /** The operation day, `YYYY-MM-DD` (Madrid). */
  readonly today: string;
  /** Hub number, or null for every hub. */
  readonly hub: number | null;
  readonly orders: readonly Pick<Order, 'hub' | 'date' | 'status'>[];
  readonly routes: readonly Pick<Route, 'id' | 'hub' | 'date' | 'status'>[];
  readonly events: readonly Pick<DeliveryEvent, 'kind' | 'route_id' | 'payment_method' | 'amount_collected_cents' | 'change_cents'>[];
  /** The exceptions (src/domain/incidences/exceptions.ts); those of other days are not counted. */
  readonly exceptions: readonly Pick<DayException, 'hub' | 'day'>[];
}

export interface DaySummary {
  readonly orders: { readonly total: number; readonly byStatus: Readonly<Record<OrderStatus, number>> };
  readonly routes: { readonly total: number; readonly byStatus: Readonly<Record<RouteStatus, number>> };
  readonly delivered: { readonly done: number; readonly of: number; readonly share: number };
  readonly incidences: number;
  readonly cashCents: number;
  readonly otherCollectedCents: number;
}

function zeroes<S extends string>(statuses: readonly S[]): Record<S, number> {
  return Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
}

export function summariseDay(input: DayInput): DaySummary {
  const inHub = (hub: number) => input.hub === null || hub === input.hub;

  const orderCounts = zeroes(ORDER_STATUSES);
  let orders = 0;
  for (const o of input.orders) {
    if (o.date !== input.today || !inHub(o.hub)) continue;
    orders += 1;
    orderCounts[o.status] += 1;
  }

  const routeCounts = zeroes(ROUTE_STATUSES);
  const routeIds = new Set<string>();
  for (const r of input.routes) {
    if (r.date !== input.today || !inHub(r.hub)) continue;
    routeIds.add(r.id);
    routeCounts[r.status] += 1;
  }

  let cashCents = 0;
  let otherCollectedCents = 0;
  for (const e of input.events) {
    if (e.kind !== 'collected' || !routeIds.has(e.route_id)) continue;
    if (e.payment_method === 'cash') cashCents += e.amount_collected_cents - e.change_cents;
    else otherCollectedCents += e.amount_collected_cents;
  }

  let incidences = 0;
  for (const e of input.exceptions) if (inHub(e.hub) && e.day === input.today) incidences += 1;

  const done = orderCounts.delivered + orderCounts.partially_delivered;
  const of = orders - orderCounts.cancelled;
  return {
    orders: { total: orders, byStatus: orderCounts },
    routes: { total: routeIds.size, byStatus: routeCounts },
    delivered: { done, of, share: of > 0 ? done / of : 0 },
    incidences,
    cashCents,
    otherCollectedCents,
  };
}

/** Sections of a stacked bar: each status with a count, in the machine's order, as % of the total. */
export function statusSections<S extends string>(counts: Readonly<Record<S, number>>, order: readonly S[]): { status: S; count: number; percent: number }[] {
  const total = order.reduce((sum, s) => sum + counts[s], 0);
  if (total === 0) return [];
  return order.filter((s) => counts[s] > 0).map((s) => ({ status: s, count: counts[s], percent: (counts[s] / total) * 100 }));
}
