/**
 * Expected arrivals in the embedded server (issue 33), by the domain's one ETA function
 * (src/domain/tracking/eta.ts) over the stored route, its orders, points, hub, the day's delivery
 * events and the route's latest position. Used by the receivers' page and the notices ("on the
 * way, about 10 minutes"). Travel times: the hub's offline estimate unless the caller gives a
 * travel function (e.g. one filled from the routing service's table).
 */
import type { DeliveryEvent } from '../../src/domain/entities/events';
import type { DeliveryPoint, Order, Route } from '../../src/domain/entities/operation';
import type { Hub } from '../../src/domain/entities/reference';
import type { StopEta, TravelSeconds } from '../../src/domain/tracking/eta';
import { etaOfRouteDocs, travelSettingsOfHub } from '../../src/domain/tracking/fromEntities';
import type { DocStore } from '../store';
import { latestPositionOfRoute } from './positions';

export interface OrderEta {
  readonly orderId: string;
  readonly routeId: string;
  readonly seq: number;
  readonly etaMs: number;
  readonly lateByMs: number;
  /** Stops still to be visited before this one (0: the rider is heading to it). */
  readonly stopsBefore: number;
  /** Epoch ms of the position the ETA started from, or null («sin posición»). */
  readonly positionAtMs: number | null;
}

function hubOf(store: DocStore, hubNumber: number): Hub | null {
  const row = store.db
    .prepare("SELECT data FROM docs WHERE collection = 'catalog' AND deleted = 0 AND json_extract(data, '$.kind') = 'hub' AND json_extract(data, '$.number') = ? LIMIT 1")
    .get(hubNumber) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as Hub) : null;
}

/** The ETAs of a route's remaining stops; empty when the route is unknown or not in progress. */
export function etaOfRoute(store: DocStore, routeId: string, nowMs: number, travel?: TravelSeconds): StopEta[] {
  const route = store.get('routes', routeId) as (Route & { _deleted: boolean }) | null;
  if (!route || route._deleted || route.status !== 'in_progress') return [];
  const orderIds = route.stops.flatMap((s) => s.order_ids);
  const orders = [...store.getMany('orders', orderIds).values()] as unknown as Order[];
  const points = [...store.getMany('delivery_points', route.stops.map((s) => s.delivery_point_id)).values()] as unknown as DeliveryPoint[];
  const events = store.docsByRoute('deliveries', routeId) as unknown as DeliveryEvent[];
  const hub = hubOf(store, route.hub);
  const position = latestPositionOfRoute(store, routeId);
  return etaOfRouteDocs({
    route,
    orders,
    points,
    hub,
    events,
    position: position ? { lat: position.lat, lng: position.lng, atMs: position.at, accuracy: position.accuracy } : null,
    nowMs,
    hubSettings: travelSettingsOfHub(hub),
    ...(travel ? { travel } : {}),
  });
}

/** The ETA of one order: null when its route is not in progress or its stop is already done. */
export function etaOfOrder(store: DocStore, orderId: string, nowMs: number, travel?: TravelSeconds): OrderEta | null {
  const order = store.get('orders', orderId) as (Order & { _deleted: boolean }) | null;
  if (!order || order._deleted || order.route_id === '') return null;
  const etas = etaOfRoute(store, order.route_id, nowMs, travel);
  const index = etas.findIndex((e) => e.orderIds.includes(orderId));
  const mine = etas[index];
  if (!mine) return null;
  const position = latestPositionOfRoute(store, order.route_id);
  return { orderId, routeId: order.route_id, seq: mine.seq, etaMs: mine.etaMs, lateByMs: mine.lateByMs, stopsBefore: index, positionAtMs: position?.at ?? null };
}
