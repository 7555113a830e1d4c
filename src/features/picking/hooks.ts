/**
 * Live data of the picking screens (issue 12): every query comes from src/data/queries.ts; the
 * progress figures are derived here from the picking events with src/domain/picking.
 */
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { useDocById, useDocsByIds, useEngine, useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import { watchPickingSettlement, type PickingActor } from '../../data/picking';
import {
  hubsQuery,
  incidencesOfKindBetween,
  incidencesOfOrders,
  ordersOfDayInHub,
  ordersOfDeliveryPoint,
  ordersOfRoute,
  picksOfOrders,
  routeByIdQuery,
  routesOfDay,
  routesOfDayInHub,
} from '../../data/queries';
import { madridDate, madridDayBounds } from '../../domain/dates';
import type { Incidence, Pick } from '../../domain/entities/events';
import type { DeliveryPoint, Order, Product, Route } from '../../domain/entities/operation';
import type { Hub } from '../../domain/entities/reference';
import { indexPickingEvents, routePickingProgress, type PickingIndex, type RoutePickingProgress } from '../../domain/picking';

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
export function usePickingActor(): PickingActor {
  const user = useSession((s) => s.user);
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus', hub: user?.hub ?? 0 };
}

/** The selected day and hub (the user's hub unless he chose another; hub 1 for a user of hub 0). */
export function usePickingDay(): { date: string; hub: number; setDate: (d: string) => void; setHub: (h: number) => void } {
  const actor = usePickingActor();
  const s = usePickingDayStore();
  return { date: s.date, hub: s.hub ?? (actor.hub > 0 ? actor.hub : 1), setDate: s.setDate, setHub: s.setHub };
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
  }, [engine, actor.userId, actor.role, actor.hub]);
}

/** What a screen about one product of one order starts from (the day's picking settled while it is open). */
export function useOrderProduct(orderId: string | undefined, productId: string | undefined) {
  usePickingSettlement();
  return { engine: useEngine(), actor: usePickingActor(), order: useOrderDoc(orderId), product: useProductDoc(productId) };
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

export function useOrderDoc(id: string | undefined) {
  return useDocById<Order>('orders', id);
}

export function useProductDoc(id: string | undefined) {
  return useDocById<Product>('products', id);
}

export function usePointDoc(id: string | undefined) {
  return useDocById<DeliveryPoint>('delivery_points', id);
}

export function useProductsByIds(ids: readonly string[]) {
  return useDocsByIds<Product>('products', ids);
}

export function useOrdersByIds(ids: readonly string[]) {
  return useDocsByIds<Order>('orders', ids);
}

export function useRoutesByIds(ids: readonly string[]) {
  return useDocsByIds<Route>('routes', ids);
}

export function usePointsByIds(ids: readonly string[]) {
  return useDocsByIds<DeliveryPoint>('delivery_points', ids);
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

/** Incidences of one kind recorded on a Madrid day. */
export function useIncidencesOfDay(kind: 'picker-product' | 'picker-error', date: string) {
  const [from, to] = useMemo(() => madridDayBounds(date), [date]);
  return useLiveQuery<Incidence[]>((db) => incidencesOfKindBetween(db, kind, from, to), [kind, from, to], []);
}
