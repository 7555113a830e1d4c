import { useDocById, useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import type { Actor } from '../../data/action';
import { catalogOfKind, deliveriesOfOrder, deliveriesOfRoute, incidencesOfRoute, ordersOfRoute } from '../../data/queries';
import type { DeliveryEvent, Incidence } from '../../domain/entities/events';
import type { Order } from '../../domain/entities/operation';
import type { Status } from '../../domain/entities/reference';


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
  const order = useDocById('orders', orderId);
  const route = useDocById('routes', routeId);
  const events = useOrderEvents(orderId);
  return { order: order.data, route: route.data, events: events.data, loading: order.loading || route.loading };
}
