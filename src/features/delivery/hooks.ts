import { useDocById, useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import type { Actor } from '../../data/round';
import { catalogOfKind, deliveriesOfOrder, deliveriesOfRoute, docsByIds, incidencesOfRoute, ordersOfRoute } from '../../data/queries';
import type { DeliveryEvent, Incidence } from '../../domain/entities/events';
import type { DeliveryPoint, Order, Product, Route } from '../../domain/entities/operation';
import type { Status } from '../../domain/entities/reference';

export function useRoute(id: string | undefined) {
  return useDocById<Route>('routes', id);
}

export function useRouteOrders(routeId: string | undefined) {
  return useLiveQuery<Order[]>((db) => (routeId ? ordersOfRoute(db, routeId) : null), [routeId], []);
}

export function useRouteEvents(routeId: string | undefined) {
  return useLiveQuery<DeliveryEvent[]>((db) => (routeId ? deliveriesOfRoute(db, routeId) : null), [routeId], []);
}

export function useOrderEvents(orderId: string | undefined) {
  return useLiveQuery<DeliveryEvent[]>((db) => (orderId ? deliveriesOfOrder(db, orderId) : null), [orderId], []);
}

export function useRouteIncidences(routeId: string | undefined) {
  return useLiveQuery<Incidence[]>((db) => (routeId ? incidencesOfRoute(db, routeId) : null), [routeId], []);
}

export function useOrder(id: string | undefined) {
  return useDocById<Order>('orders', id);
}

export function usePoint(id: string | undefined) {
  return useDocById<DeliveryPoint>('delivery_points', id);
}

export function usePoints(ids: readonly string[]) {
  const key = ids.join(',');
  return useLiveQuery<Map<string, DeliveryPoint>>((db) => (ids.length > 0 ? docsByIds(db, 'delivery_points', ids) : null), [key], new Map());
}

export function useProducts(ids: readonly string[]) {
  const key = ids.join(',');
  return useLiveQuery<Map<string, Product>>((db) => (ids.length > 0 ? docsByIds(db, 'products', ids) : null), [key], new Map());
}

export function useDeliveryStatuses() {
  return useLiveQuery<Status[]>((db) => catalogOfKind(db, 'status-delivery'), [], []);
}

/** Who acts on this device: the signed-in user and his system role. */
export function useActor(): Actor {
  const user = useSession((s) => s.user);
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus' };
}

/** An order on its route with the order's delivery events: what every order screen starts from. */
export function useOrderOnRoute(orderId: string | undefined, routeId: string | undefined) {
  const order = useOrder(orderId);
  const route = useRoute(routeId);
  const events = useOrderEvents(orderId);
  return { order: order.data, route: route.data, events: events.data, loading: order.loading || route.loading };
}
