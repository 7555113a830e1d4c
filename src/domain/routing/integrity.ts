/**
 * The planning's invariants (issue 27), pure: what must hold between a day's routes and orders,
 * what breaks it, and the writes that put it right.
 *
 * One source of truth: **the routes' stops say which order goes on which route.** An order's
 * `route_id` and its «Pendiente» / «En ruta» status follow the live routes that list it: the
 * embedded server derives them in the transaction that stores the route (server/rules.ts), and
 * the device writes a planning action's routes and orders as one journaled action
 * (src/data/planningWrite.ts), so neither can be left half-done.
 *
 * On a day and hub, with «live» routes being those neither deleted nor cancelled:
 * - every order that is «planned» or later (not «Pendiente», not «Cancelado») is on exactly one
 *   stop of one live route, and its `route_id` names that route (`order_twice`, `order_unrouted`,
 *   `route_id_mismatch`);
 * - an order on a stop exists and is of the route's day and hub (`order_missing`,
 *   `order_other_day`); an order on a route is not «Pendiente» (`order_pending_on_route`);
 * - no stop without orders (the route schema refuses one already).
 *
 * A route under way or done (`in_progress`, `completed`) is history: it keeps listing the orders
 * it visited even after one was carried to another day or route (a failure re-planned), so its
 * listings of orders that moved on are not problems. An order whose route was cancelled past
 * planning (picked, on the road) waits for the carry-over to another day: not a problem either. A route's weight and volume are never
 * stored: they are computed from its orders wherever shown, so they cannot disagree with them.
 */
import type { Order, Route, RouteStop } from '../entities/operation';
import { msg, type DomainMessage } from '../messages';
import { addOrdersToStops } from './edit';

export type IntegrityProblem =
  | { readonly kind: 'order_twice'; readonly orderId: string; readonly routeIds: readonly string[] }
  | { readonly kind: 'order_missing'; readonly orderId: string; readonly routeId: string }
  | { readonly kind: 'order_other_day'; readonly orderId: string; readonly routeId: string }
  | { readonly kind: 'route_id_mismatch'; readonly orderId: string; readonly routeId: string }
  | { readonly kind: 'order_pending_on_route'; readonly orderId: string; readonly routeId: string }
  | { readonly kind: 'order_unrouted'; readonly orderId: string };

type RouteLike = Pick<Route, 'id' | 'code' | 'name' | 'date' | 'hub' | 'status' | 'stops'> & { readonly _deleted?: boolean };
type OrderLike = Pick<Order, 'id' | 'code' | 'date' | 'hub' | 'status' | 'route_id' | 'delivery_point_id'> & { readonly _deleted?: boolean };

/** Routes whose stops count: not deleted, not cancelled. */
export function isLiveRoute(route: Pick<Route, 'status'> & { readonly _deleted?: boolean }): boolean {
  return route._deleted !== true && route.status !== 'cancelled';
}

/** Routes that keep their listings as history. */
function isHistory(route: Pick<Route, 'status'>): boolean {
  return route.status === 'in_progress' || route.status === 'completed';
}

/** Orders that must be on exactly one live route of their day. */
export function mustBeRouted(order: Pick<Order, 'status'> & { readonly _deleted?: boolean }): boolean {
  return order._deleted !== true && order.status !== 'pending' && order.status !== 'cancelled';
}

/**
 * A stable key of a problem (to tell the problems a write brings from those that were there): an
 * order already on two routes that a write takes off one of three is not a new problem.
 */
export function problemKey(p: IntegrityProblem): string {
  return p.kind === 'order_twice' || p.kind === 'order_unrouted' ? `${p.kind}:${p.orderId}` : `${p.kind}:${p.orderId}:${p.routeId}`;
}

/**
 * The problems of one day and hub. `routes`: that day's and hub's routes (any status);
 * `orders`: every order they list plus the day's and hub's orders (more is harmless). With
 * `missingIsProblem` false, an order listed but not held (a device still syncing) is not one.
 */
export function dayProblems(day: { date: string; hub: number }, routes: readonly RouteLike[], orders: readonly OrderLike[], opts: { missingIsProblem?: boolean } = {}): IntegrityProblem[] {
  const missingIsProblem = opts.missingIsProblem ?? true;
  const byId = new Map(orders.filter((o) => o._deleted !== true).map((o) => [o.id, o]));
  const problems: IntegrityProblem[] = [];
  const listings = new Map<string, string[]>();
  const live = routes.filter((r) => r.date === day.date && r.hub === day.hub && isLiveRoute(r)).sort((a, b) => a.code.localeCompare(b.code) || a.id.localeCompare(b.id));
  for (const route of live) {
    for (const id of new Set(route.stops.flatMap((s) => s.order_ids))) {
      const order = byId.get(id);
      if (!order) {
        if (missingIsProblem && !isHistory(route)) problems.push({ kind: 'order_missing', orderId: id, routeId: route.id });
        continue;
      }
      if (isHistory(route) && order.route_id !== route.id) continue;
      listings.set(id, [...(listings.get(id) ?? []), route.id]);
      if (order.date !== route.date || order.hub !== route.hub) problems.push({ kind: 'order_other_day', orderId: id, routeId: route.id });
      else if (order.route_id !== route.id) problems.push({ kind: 'route_id_mismatch', orderId: id, routeId: route.id });
      else if (order.status === 'pending') problems.push({ kind: 'order_pending_on_route', orderId: id, routeId: route.id });
    }
  }
  for (const [orderId, routeIds] of listings) if (routeIds.length > 1) problems.push({ kind: 'order_twice', orderId, routeIds });
  const cancelled = new Set(routes.filter((r) => !isLiveRoute(r)).map((r) => r.id));
  for (const o of byId.values()) {
    if (o.date === day.date && o.hub === day.hub && mustBeRouted(o) && !listings.has(o.id) && !cancelled.has(o.route_id)) problems.push({ kind: 'order_unrouted', orderId: o.id });
  }
  return problems;
}

/** A problem as people read it: the order's code and the route's name, never internal ids. */
export function problemMessage(p: IntegrityProblem, names: { order(id: string): string; route(id: string): string }): DomainMessage {
  const order = names.order(p.orderId);
  switch (p.kind) {
    case 'order_twice':
      return msg('domain.routing.integrity.orderTwice', { order, routes: p.routeIds.map((r) => `«${names.route(r)}»`).join(', ') });
    case 'order_missing':
      return msg('domain.routing.integrity.orderMissing', { order, route: names.route(p.routeId) });
    case 'order_other_day':
      return msg('domain.routing.integrity.orderOtherDay', { order, route: names.route(p.routeId) });
    case 'route_id_mismatch':
      return msg('domain.routing.integrity.routeIdMismatch', { order, route: names.route(p.routeId) });
    case 'order_pending_on_route':
      return msg('domain.routing.integrity.pendingOnRoute', { order, route: names.route(p.routeId) });
    case 'order_unrouted':
      return msg('domain.routing.integrity.orderUnrouted', { order });
  }
}

/** The names the messages use, from the documents at hand (the id when one is not held). */
export function problemNames(routes: readonly RouteLike[], orders: readonly OrderLike[]): { order(id: string): string; route(id: string): string } {
  const codes = new Map(orders.map((o) => [o.id, o.code]));
  const routeNames = new Map(routes.map((r) => [r.id, r.name || r.code]));
  return { order: (id) => codes.get(id) ?? id, route: (id) => routeNames.get(id) ?? id };
}

function withoutOrders(stops: readonly RouteStop[], drop: ReadonlySet<string>): RouteStop[] {
  const kept = stops.map((s) => ({ ...s, order_ids: s.order_ids.filter((id) => !drop.has(id)) })).filter((s) => s.order_ids.length > 0);
  return kept.map((s, i) => ({ ...s, seq: i + 1 }));
}

export interface DayRepair<R extends RouteLike, O extends OrderLike> {
  /** Routes to write (whole documents, changed). */
  readonly routes: R[];
  /** Orders to write (whole documents, changed). */
  readonly orders: O[];
  /** Problems the repair cannot settle (an order past planning whose route is gone): they need a person. */
  readonly left: IntegrityProblem[];
}

/**
 * The writes that settle a day's problems («Reparar»), all of them one action:
 * - an order on two live routes stays on the one a route past planning holds, else on the one
 *   its `route_id` names, else on the first by code; the others lose it;
 * - an order listed but missing, or of another day or hub, leaves the stop (a stop left empty
 *   goes);
 * - an order listed gets that route's id, and «En ruta» when «Pendiente»;
 * - an order «En ruta» that no route lists goes back to «Pendiente»; one further on goes back on
 *   the live route its `route_id` names (joining the stop of its point), else it is left for a
 *   person (`left`).
 * Only editable routes («Borrador», «Planificada») lose or gain orders; the others are kept.
 */
export function repairDay<R extends RouteLike, O extends OrderLike>(day: { date: string; hub: number }, routes: readonly R[], orders: readonly O[]): DayRepair<R, O> {
  const byId = new Map(orders.filter((o) => o._deleted !== true).map((o) => [o.id, o]));
  const editable = (r: RouteLike) => r.status === 'draft' || r.status === 'planned';
  const live = routes.filter((r) => r.date === day.date && r.hub === day.hub && isLiveRoute(r)).sort((a, b) => a.code.localeCompare(b.code) || a.id.localeCompare(b.id));
  const stops = new Map<string, RouteStop[]>(live.map((r) => [r.id, r.stops.map((s) => ({ ...s, order_ids: [...s.order_ids] }))]));
  const drop = new Map<string, Set<string>>();
  const dropFrom = (routeId: string, orderId: string) => drop.set(routeId, (drop.get(routeId) ?? new Set()).add(orderId));

  // Who keeps each listed order.
  const holders = new Map<string, R[]>();
  for (const r of live) {
    for (const id of new Set(r.stops.flatMap((s) => s.order_ids))) {
      const order = byId.get(id);
      if (isHistory(r) && order && order.route_id !== r.id) continue;
      if ((!order || order.date !== r.date || order.hub !== r.hub) && editable(r)) {
        dropFrom(r.id, id);
        continue;
      }
      holders.set(id, [...(holders.get(id) ?? []), r]);
    }
  }
  const keeper = new Map<string, R>();
  for (const [id, rs] of holders) {
    const order = byId.get(id);
    const keep = rs.find((r) => !editable(r)) ?? rs.find((r) => r.id === order?.route_id) ?? (rs[0] as R);
    keeper.set(id, keep);
    for (const r of rs) if (r !== keep && editable(r)) dropFrom(r.id, id);
  }
  // Orders no live route keeps.
  const left: IntegrityProblem[] = [];
  const orderWrites = new Map<string, O>();
  const cancelled = new Set(routes.filter((r) => !isLiveRoute(r)).map((r) => r.id));
  for (const o of byId.values()) {
    if (o.date !== day.date || o.hub !== day.hub || !mustBeRouted(o) || keeper.has(o.id) || cancelled.has(o.route_id)) continue;
    const home = live.find((r) => r.id === o.route_id);
    if (o.status === 'planned' || !home) {
      if (o.status === 'planned') orderWrites.set(o.id, { ...o, route_id: '', status: 'pending' });
      else left.push({ kind: 'order_unrouted', orderId: o.id });
      continue;
    }
    stops.set(home.id, addOrdersToStops(stops.get(home.id) ?? [], [o], home.stops.at(-1)?.eta ?? '00:00'));
    keeper.set(o.id, home);
  }
  // Orders follow the route that keeps them.
  for (const [id, r] of keeper) {
    const o = byId.get(id);
    if (!o) continue;
    const status = o.status === 'pending' ? 'planned' : o.status;
    if (o.route_id !== r.id || status !== o.status) orderWrites.set(id, { ...(orderWrites.get(id) ?? o), route_id: r.id, status });
  }
  const routeWrites: R[] = [];
  for (const r of live) {
    const next = withoutOrders(stops.get(r.id) ?? r.stops, drop.get(r.id) ?? new Set());
    if (JSON.stringify(next) !== JSON.stringify(r.stops)) routeWrites.push({ ...r, stops: next });
  }
  return { routes: routeWrites, orders: [...orderWrites.values()], left };
}
