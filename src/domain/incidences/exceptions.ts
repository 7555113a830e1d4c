/**
 * The day's exceptions (issue 27 §3): one list of what went wrong on a delivery day, the
 * «Incidencias» screen and Home's «Incidencias de hoy» count. Pure.
 *
 * An exception is one stored record, of one of these kinds:
 * - `failed_delivery`: a delivery event of kind `failed` (reason, note, photo, what the rider
 *   asked for the goods). Each event counts once (its id), so a second attempt that fails again
 *   is a second exception, and the same event arriving twice (a replay, two pulls) is one;
 * - `picking_shortfall`: a picker's incidence on a product (`picker-product`: missing, damaged…);
 * - `delivery_product`: a rider's incidence on a product at the door (`delivery-product`);
 * - `cash_difference`: a rider's cash hand-over counted (recorded or reconciled) with a
 *   difference between the cash counted and the cash expected.
 * A picker's scanning mistake (`picker-error`) is not an exception of an order (the picking
 * screens count it per picker), nor is a follow-up document.
 *
 * The day of an exception is the delivery day of its route (`route.date`), never the day the
 * record was written: a failure recorded after midnight on a late round belongs to the route's
 * day. A picking incidence recorded before its order had a route belongs to its order's day.
 * A record whose route (or, without one, whose order) is not known has no day and is left out.
 */
import type { DeliveryEvent, Incidence } from '../entities/events';
import type { Order, Route } from '../entities/operation';
import type { CashHandover } from '../payments/handover';

export const EXCEPTION_KINDS = ['failed_delivery', 'picking_shortfall', 'delivery_product', 'cash_difference'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** One exception of a day, with what the list shows of it (names are looked up by the screen). */
export interface DayException {
  /** The record's id (the delivery event, the incidence or the hand-over): what its follow-up names. */
  readonly id: string;
  readonly kind: ExceptionKind;
  /** When it was recorded (the device's time). */
  readonly at: number;
  /** The route's delivery day (YYYY-MM-DD). */
  readonly day: string;
  readonly hub: number;
  /** '' for a picking incidence recorded before its order had a route. */
  readonly route_id: string;
  /** '' for a cash difference (it is the rider's, not an order's). */
  readonly order_id: string;
  readonly delivery_point_id: string;
  /** Who recorded it (rider, picker, or the operator who counted the cash). */
  readonly created_by: string;
  /** failed_delivery: the catalogue status of the reason («Ausente», «Cerrado»…). */
  readonly reason_status_id: string;
  /** failed_delivery: what the rider asked for the goods. */
  readonly outcome: DeliveryEvent['outcome'];
  /** Incidences: its type (damaged, missing…); '' otherwise. */
  readonly type: Incidence['type'] | '';
  readonly product_id: string;
  readonly quantity: number;
  readonly note: string;
  readonly photo_file: string;
  /** cash_difference: counted − expected (negative: short); 0 otherwise. */
  readonly difference_cents: number;
  /** cash_difference: the rider whose cash it was. */
  readonly rider_id: string;
}

type RouteLike = Pick<Route, 'id' | 'date' | 'hub'>;
type OrderLike = Pick<Order, 'id' | 'date' | 'hub'>;
type FailedLike = Pick<DeliveryEvent, 'id' | 'kind' | 'at' | 'order_id' | 'route_id' | 'rider_id' | 'delivery_point_id' | 'created_by' | 'reason_status_id' | 'outcome' | 'note' | 'photo_file'>;
type IncidenceLike = Pick<Incidence, 'id' | 'kind' | 'at' | 'type' | 'order_id' | 'product_id' | 'route_id' | 'delivery_point_id' | 'hub' | 'created_by' | 'quantity' | 'note' | 'photo_file'>;
type HandoverLike = Pick<CashHandover, 'id' | 'kind' | 'route_id' | 'rider_id' | 'hub' | 'date' | 'status' | 'expected_cents' | 'counted_cents' | 'reason' | 'recorded_by' | 'recorded_at'>;

export interface ExceptionSources {
  /** Routes (at least those the records name; more is fine). */
  readonly routes: readonly RouteLike[];
  /** Orders (at least those of records without a route; more is fine). */
  readonly orders: readonly OrderLike[];
  /** Delivery events of any kind (only `failed` ones are exceptions). */
  readonly deliveries: readonly FailedLike[];
  /** Incidences of any kind (follow-ups and picker errors are left out). */
  readonly incidences: readonly IncidenceLike[];
  /** Payments documents; only cash hand-overs (`kind: 'cash-handover'`) are read. */
  readonly payments: readonly { readonly kind: string }[];
}

export interface ExceptionFilter {
  /** The routes' delivery day (YYYY-MM-DD). */
  readonly day: string;
  /** One hub, or null for every hub. */
  readonly hub: number | null;
}

const INCIDENCE_EXCEPTION: Readonly<Partial<Record<Incidence['kind'], ExceptionKind>>> = {
  'picker-product': 'picking_shortfall',
  'delivery-product': 'delivery_product',
};

/**
 * The delivery day of a record of a route (an incidence, a pick): its route's day, or its
 * order's when it has no route; undefined when that route or order is not known.
 */
export function deliveryDayOf(
  record: { readonly route_id: string; readonly order_id: string },
  routes: ReadonlyMap<string, Pick<Route, 'date'>>,
  orders: ReadonlyMap<string, Pick<Order, 'date'>>,
): string | undefined {
  return record.route_id === '' ? orders.get(record.order_id)?.date : routes.get(record.route_id)?.date;
}

/** Whether a hand-over was counted with a difference (a count still open is no exception yet). */
export function isCashDifference(h: Pick<CashHandover, 'status' | 'counted_cents' | 'expected_cents'>): boolean {
  return h.status !== 'collected' && h.counted_cents !== h.expected_cents;
}

/**
 * The exceptions of a delivery day (and hub), newest first. Each record counts once, whatever
 * the lists it came in (the same incidence found by its route and by its order is one).
 */
export function exceptionsOfDay(sources: ExceptionSources, filter: ExceptionFilter): DayException[] {
  const routes = new Map(sources.routes.map((r) => [r.id, r]));
  const orders = new Map(sources.orders.map((o) => [o.id, o]));
  const seen = new Set<string>();
  const out: DayException[] = [];
  const keep = (e: DayException) => {
    const key = `${e.kind}:${e.id}`;
    if (e.day !== filter.day || (filter.hub !== null && e.hub !== filter.hub) || seen.has(key)) return;
    seen.add(key);
    out.push(e);
  };
  const blank = { reason_status_id: '', outcome: '', type: '', product_id: '', quantity: 0, note: '', photo_file: '', difference_cents: 0, rider_id: '' } as const;

  for (const e of sources.deliveries) {
    if (e.kind !== 'failed') continue;
    const route = routes.get(e.route_id);
    if (!route) continue;
    keep({
      ...blank,
      id: e.id,
      kind: 'failed_delivery',
      at: e.at,
      day: route.date,
      hub: route.hub,
      route_id: e.route_id,
      order_id: e.order_id,
      delivery_point_id: e.delivery_point_id,
      created_by: e.created_by,
      reason_status_id: e.reason_status_id,
      outcome: e.outcome,
      note: e.note,
      photo_file: e.photo_file,
      rider_id: e.rider_id,
    });
  }

  for (const i of sources.incidences) {
    const kind = INCIDENCE_EXCEPTION[i.kind];
    if (!kind) continue;
    const route = i.route_id === '' ? undefined : routes.get(i.route_id);
    const day = deliveryDayOf(i, routes, orders);
    if (day === undefined) continue;
    keep({
      ...blank,
      id: i.id,
      kind,
      at: i.at,
      day,
      hub: route?.hub ?? i.hub,
      route_id: i.route_id,
      order_id: i.order_id,
      delivery_point_id: i.delivery_point_id,
      created_by: i.created_by,
      type: i.type,
      product_id: i.product_id,
      quantity: i.quantity,
      note: i.note,
      photo_file: i.photo_file,
    });
  }

  for (const p of sources.payments) {
    if (p.kind !== 'cash-handover') continue;
    const h = p as unknown as HandoverLike;
    if (!isCashDifference(h)) continue;
    const route = routes.get(h.route_id);
    keep({
      ...blank,
      id: h.id,
      kind: 'cash_difference',
      at: h.recorded_at,
      day: route?.date ?? h.date,
      hub: route?.hub ?? h.hub,
      route_id: h.route_id,
      order_id: '',
      delivery_point_id: '',
      created_by: h.recorded_by,
      note: h.reason,
      difference_cents: h.counted_cents - h.expected_cents,
      rider_id: h.rider_id,
    });
  }

  return out.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** How many exceptions of each kind (every kind present, 0 when none). */
export function exceptionCounts(exceptions: readonly Pick<DayException, 'kind'>[]): Record<ExceptionKind, number> & { total: number } {
  const counts = { failed_delivery: 0, picking_shortfall: 0, delivery_product: 0, cash_difference: 0, total: 0 };
  for (const e of exceptions) {
    counts[e.kind] += 1;
    counts.total += 1;
  }
  return counts;
}

/**
 * An exception as the subject of its follow-up (src/domain/incidences/followUp.ts): an incidence
 * is its own subject; a failed delivery's follow-ups name the failed event (`follows` is its
 * id) and copy its order, route, point and hub. The stored follow-up shape needs a product and a
 * type: a failed delivery's names `productId` (the order's first product; nothing reads it) and
 * the type «Otro». A cash difference has no follow-up here (its count is reconciled on the
 * payments screen): null.
 */
export function followUpSubject(e: DayException, productId: string): Incidence | null {
  if (e.kind === 'cash_difference' || e.order_id === '') return null;
  return {
    id: e.id,
    at: e.at,
    created_by: e.created_by,
    position: null,
    kind: e.kind === 'picking_shortfall' ? 'picker-product' : 'delivery-product',
    type: e.type === '' ? 'other' : e.type,
    order_id: e.order_id,
    product_id: e.product_id !== '' ? e.product_id : productId,
    route_id: e.route_id,
    delivery_point_id: e.delivery_point_id,
    hub: e.hub,
    quantity: e.quantity,
    note: e.note,
    photo_file: e.photo_file,
  };
}
