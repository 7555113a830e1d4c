/**
 * Live data of the picking screens (issue 12): every query comes from src/data/queries.ts; the
 * progress figures are derived here from the picking events with src/domain/picking.
 */
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { type QueryResult, useDocById, useEngine, useLiveQuery } from '../../data/hooks';
import { exceptionIncidencesOfRoutes, unroutedIncidencesOfOrders } from '../../data/incidences';
import { useSession } from '../../data/session';
import { actorHubs, watchPickingSettlement, type Actor } from '../../data/picking';
import {
  hubsQuery,
  incidencesOfOrders,
  ordersOfDayInHub,
  ordersOfDeliveryPoint,
  ordersOfRoute,
  picksOfOrders,
  routeByIdQuery,
  ordersOfDay,
  routesOfDay,
  routesOfDayInHub,
} from '../../data/queries';
import { madridDate } from '../../domain/dates';
import { deliveryDayOf } from '../../domain/incidences/exceptions';
import type { Incidence, Pick } from '../../domain/entities/events';
import type { Order, Route } from '../../domain/entities/operation';
import type { Hub } from '../../domain/entities/reference';
import { indexPickingEvents, routePickingProgress, type PickingIndex, type RoutePickingProgress } from '../../domain/picking';
import { mayWriteHub, writableHubs } from '../../domain/access/hubScope';
import { t } from '../../i18n';
import '../../i18n/es/incidences';
import '../../i18n/es/picking';

/** The day and hub the picker works on (kept while he moves between picking screens). */
interface PickingDay {
  readonly date: string;
  /** null: the signed-in user's hub. */
  readonly hub: number | null;
  setDate(date: string): void;
  setHub(hub: number): void;
}

export const usePickingDayStore = create<PickingDay>((set) => ({
  date: madridDate(),
  hub: null,
  setDate: (date) => set({ date }),
  setHub: (hub) => set({ hub }),
}));

/** The picker: the signed-in user, his system role and hub. */
export function usePickingActor(): Actor & { readonly hub: number } {
  const user = useSession((s) => s.user);
  const hub = user?.hub ?? 0;
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus', hub, hubs: user?.hubs ?? (hub > 0 ? [hub] : []) };
}

/**
 * The selected day and hub (the user's hub unless he chose another; hub 1 for a user of hub 0).
 * An operator with hubs picks in his hubs only (issues 28 and 29): a hub chosen earlier on this
 * device that is not one of his (another user's, or before his hubs changed) is not offered to him.
 */
export function usePickingDay(): { date: string; hub: number; setDate: (d: string) => void; setHub: (h: number) => void } {
  const actor = usePickingActor();
  const s = usePickingDayStore();
  const own = actor.hub > 0 ? actor.hub : null;
  const mine = actorHubs(actor);
  const chosen = s.hub ?? own;
  const hub =
    actor.role === 'operator' && mine.length > 0
      ? chosen !== null && mine.includes(chosen) ? chosen : (mine[0] ?? 1)
      : (chosen ?? 1);
  return { date: s.date, hub, setDate: s.setDate, setHub: s.setHub };
}

/**
 * Why the signed-in user may not pick `route` (a route of another hub for an operator; not a
 * picker at all), worded for the screen, or null when he may. The same rule the picking actions
 * check before they write (src/data/picking.ts), shown before he starts.
 */
export function usePickingRefusal(route: { readonly code: string; readonly hub: number } | null): string | null {
  const actor = usePickingActor();
  const { data: hubs } = useHubs();
  if (!route) return null;
  if (actor.role !== 'operator' && actor.role !== 'admin') return t('picking.errors.notPicker');
  const mine = actorHubs(actor);
  if (mayWriteHub(writableHubs({ base_role: actor.role, hubs: mine }), route.hub)) return null;
  const hubName = (n: number) => hubs.find((h) => h.number === n)?.name ?? t('pickingScreens.hubNumber', { n });
  if (mine.length === 0) return t('pickingScreens.noHubToPick', { route: route.code, routeHub: hubName(route.hub) });
  return t('pickingScreens.otherHubRoute', { route: route.code, routeHub: hubName(route.hub), hub: mine.map(hubName).join(', ') });
}

/**
 * Settles routes whose picking events change on this device (events synchronised from another
 * tablet included), while a picking screen is open.
 */
export function usePickingSettlement(): void {
  const engine = useEngine();
  const actor = usePickingActor();
  useEffect(() => {
    if (!engine || (actor.role !== 'operator' && actor.role !== 'admin')) return undefined;
    return watchPickingSettlement(engine, actor);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- actor fields listed
  }, [engine, actor.userId, actor.role, actor.hub, actor.hubs]);
}

/** What a screen about one product of one order starts from (the day's picking settled while it is open). */
export function useOrderProduct(orderId: string | undefined, productId: string | undefined) {
  usePickingSettlement();
  return { engine: useEngine(), actor: usePickingActor(), order: useDocById('orders', orderId), product: useDocById('products', productId) };
}

export function useHubs() {
  return useLiveQuery<Hub[]>((db) => hubsQuery(db), [], []);
}

export function usePickingRoute(id: string | undefined) {
  return useLiveQuery<Route | null>((db) => (id ? routeByIdQuery(db, id) : null), [id], null);
}

export function useDayRoutes(date: string, hub: number | null) {
  return useLiveQuery<Route[]>((db) => (hub === null ? routesOfDay(db, date) : routesOfDayInHub(db, date, hub)), [date, hub], []);
}

export function useDayOrders(date: string, hub: number) {
  return useLiveQuery<Order[]>((db) => ordersOfDayInHub(db, date, hub), [date, hub], []);
}

export function useRouteOrdersList(routeId: string | undefined) {
  return useLiveQuery<Order[]>((db) => (routeId ? ordersOfRoute(db, routeId) : null), [routeId], []);
}

export function usePointOrders(pointId: string | undefined) {
  return useLiveQuery<Order[]>((db) => (pointId ? ordersOfDeliveryPoint(db, pointId) : null), [pointId], []);
}








/** Picks and incidences of some orders, indexed for the progress functions (live). */
export function usePickingEvents(orderIds: readonly string[]): { picks: Pick[]; incidences: Incidence[]; index: PickingIndex; loading: boolean } {
  const key = [...new Set(orderIds)].sort().join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  const picks = useLiveQuery<Pick[]>((db) => (ids.length > 0 ? picksOfOrders(db, ids) : null), [key], []);
  const incidences = useLiveQuery<Incidence[]>((db) => (ids.length > 0 ? incidencesOfOrders(db, ids) : null), [key], []);
  const index = useMemo(() => indexPickingEvents(picks.data, incidences.data), [picks.data, incidences.data]);
  return { picks: picks.data, incidences: incidences.data, index, loading: picks.loading || incidences.loading };
}

/** Progress of some routes from their orders and the orders' events (live). */
export function useRoutesProgress(routes: readonly Route[], orders: readonly Order[]): { progress: Map<string, RoutePickingProgress>; index: PickingIndex; loading: boolean } {
  const orderIds = useMemo(() => routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)), [routes]);
  const events = usePickingEvents(orderIds);
  const progress = useMemo(() => new Map(routes.map((r) => [r.id, routePickingProgress(r, orders, events.index)])), [routes, orders, events.index]);
  return { progress, index: events.index, loading: events.loading };
}

/**
 * Incidences of one kind of the routes that deliver on `date` (issue 27 §3: the routes'
 * delivery day, as the day selector says, not the day they were recorded): those of the day's
 * routes, and those recorded on the day's orders before they had a route
 * (src/domain/incidences/exceptions.ts `deliveryDayOf`).
 */
export function useIncidencesOfDay(kind: 'picker-product' | 'picker-error', date: string): QueryResult<Incidence[]> {
  const routes = useLiveQuery<Route[]>((db) => routesOfDay(db, date), [date], []);
  const orders = useLiveQuery<Order[]>((db) => ordersOfDay(db, date), [date], []);
  const routeKey = routes.data.map((r) => r.id).sort().join(',');
  const orderKey = orders.data.map((o) => o.id).sort().join(',');
  const onRoutes = useLiveQuery<Incidence[]>((db) => (routeKey ? exceptionIncidencesOfRoutes(db, routeKey.split(','), [kind]) : null), [kind, routeKey], []);
  const unrouted = useLiveQuery<Incidence[]>((db) => (orderKey ? unroutedIncidencesOfOrders(db, orderKey.split(','), [kind]) : null), [kind, orderKey], []);
  const data = useMemo(() => {
    const routeDays = new Map(routes.data.map((r) => [r.id, r]));
    const orderDays = new Map(orders.data.map((o) => [o.id, o]));
    const seen = new Set<string>();
    return [...onRoutes.data, ...unrouted.data].filter((i) => deliveryDayOf(i, routeDays, orderDays) === date && !seen.has(i.id) && seen.add(i.id) !== undefined).sort((a, b) => a.at - b.at);
  }, [date, routes.data, orders.data, onRoutes.data, unrouted.data]);
  return { data, loading: routes.loading || orders.loading || onRoutes.loading || unrouted.loading };
}
