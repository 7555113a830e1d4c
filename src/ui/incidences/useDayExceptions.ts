/**
 * The exceptions of a delivery day (issue 27 §3), live: the day's routes and orders, then the
 * failed deliveries, product incidences and cash hand-overs of those routes (and the picking
 * incidences of the day's orders recorded before they had a route), read by their indexes and
 * put together by the domain (src/domain/incidences/exceptions.ts). Shared by the «Incidencias»
 * list and Home's «Incidencias de hoy», so both count the same.
 */
import { useMemo } from 'react';
import { useLiveQuery } from '../../data/hooks';
import { ordersOfDay, routesOfDay } from '../../data/queries';
import { exceptionIncidencesOfRoutes, failedDeliveriesOfRoutes, handoversOfRoutes, unroutedIncidencesOfOrders } from '../../data/incidences';
import type { DeliveryEvent, Incidence } from '../../domain/entities/events';
import type { Order, PaymentDoc, Route } from '../../domain/entities/operation';
import { exceptionsOfDay, type DayException } from '../../domain/incidences/exceptions';
import '../../i18n/es/incidences';

export interface DayExceptions {
  readonly exceptions: readonly DayException[];
  /** The day's routes (for their codes and names). */
  readonly routes: readonly Route[];
  readonly loading: boolean;
}

export function useDayExceptions(day: string): DayExceptions {
  const routes = useLiveQuery<Route[]>((db) => routesOfDay(db, day), [day], []);
  const orders = useLiveQuery<Order[]>((db) => ordersOfDay(db, day), [day], []);
  const routeIds = useMemo(() => routes.data.map((r) => r.id).sort(), [routes.data]);
  const orderIds = useMemo(() => orders.data.map((o) => o.id).sort(), [orders.data]);
  const routeKey = routeIds.join(',');
  const orderKey = orderIds.join(',');
  const failed = useLiveQuery<DeliveryEvent[]>((db) => (routeIds.length > 0 ? failedDeliveriesOfRoutes(db, routeIds) : null), [routeKey], []);
  const onRoutes = useLiveQuery<Incidence[]>((db) => (routeIds.length > 0 ? exceptionIncidencesOfRoutes(db, routeIds) : null), [routeKey], []);
  const unrouted = useLiveQuery<Incidence[]>((db) => (orderIds.length > 0 ? unroutedIncidencesOfOrders(db, orderIds) : null), [orderKey], []);
  const handovers = useLiveQuery<PaymentDoc[]>((db) => (routeIds.length > 0 ? handoversOfRoutes(db, routeIds) : null), [routeKey], []);
  const exceptions = useMemo(
    () =>
      exceptionsOfDay(
        { routes: routes.data, orders: orders.data, deliveries: failed.data, incidences: [...onRoutes.data, ...unrouted.data], payments: handovers.data },
        { day, hub: null },
      ),
    [day, routes.data, orders.data, failed.data, onRoutes.data, unrouted.data, handovers.data],
  );
  const loading = routes.loading || orders.loading || failed.loading || onRoutes.loading || unrouted.loading || handovers.loading;
  return { exceptions, routes: routes.data, loading };
}
