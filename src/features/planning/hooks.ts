/** Live data of the planning screens (every read goes through src/data). */
import { useMemo } from 'react';
import { useLiveQuery } from '../../data/hooks';
import { useSession } from '../../data/session';
import { allDocs, allUsers, carryOverCandidates, deliveriesOfRoutes, docsByIds, ordersOfRoute } from '../../data/queries';
import { carryOverFrom, carryOverOrders, type CarryOver } from '../../domain/routing/carryOver';
import type { Bike, Order, Route, User } from '../../domain/entities/operation';
import type { DeliveryEvent } from '../../domain/entities/events';
import type { Actor } from '../../data/planning';

const NONE: never[] = [];

export function usePlanningActor(): Actor {
  const user = useSession((s) => s.user);
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus' };
}


export function useRouteOrders(routeId: string | undefined) {
  return useLiveQuery<Order[]>((db) => (routeId ? ordersOfRoute(db, routeId) : null), [routeId], NONE);
}

export function useRoutesEvents(routeIds: readonly string[]) {
  const key = routeIds.join(',');
  return useLiveQuery<DeliveryEvent[]>((db) => (routeIds.length > 0 ? deliveriesOfRoutes(db, routeIds) : null), [key], NONE);
}


export function useUsers() {
  const { data } = useLiveQuery<User[]>((db) => allUsers(db), [], NONE);
  return useMemo(() => new Map(data.map((u) => [u.id, u])), [data]);
}

export function useBikes() {
  return useLiveQuery<Bike[]>((db) => allDocs(db, 'bikes'), [], NONE).data;
}


/** Orders of earlier days that come back to be planned on `date` at `hub` (cancelled route, «reprogramar»). */
export function useCarryOver(date: string, hub: number, valid: boolean): CarryOver[] {
  const from = valid ? carryOverFrom(date) : '';
  const { data: candidates } = useLiveQuery<Order[]>((db) => (valid ? carryOverCandidates(db, hub, from, date) : null), [date, hub, from, valid], NONE);
  const routeIds = useMemo(() => [...new Set(candidates.map((o) => o.route_id).filter((id) => id !== ''))].sort(), [candidates]);
  const key = routeIds.join(',');
  const { data: routes } = useLiveQuery<Map<string, Route>>((db) => (key ? docsByIds(db, 'routes', key.split(',')) : null), [key], new Map());
  const { data: events } = useRoutesEvents(routeIds);
  return useMemo(() => (valid ? carryOverOrders(date, hub, candidates, routes, events) : []), [valid, date, hub, candidates, routes, events]);
}
