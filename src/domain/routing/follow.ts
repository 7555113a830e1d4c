/**
 * What a route's write means for the documents that follow it (pure; issue 27 and issue 29):
 * - its orders: the routes' stops are the one source of truth of which order goes on which
 *   route, so an order a route lists takes its id and «En ruta», and one it drops goes back to
 *   «Pendiente» (the embedded server's push, server/rules.ts; the Firebase trusted function,
 *   functions/src/routeWrite.ts);
 * - its delivery points: on Firebase a point carries the riders whose live routes stop there
 *   (`rider_ids`, issue 29 finding 2), which the rules read to let a rider read it.
 */
import type { Order, Route } from '../entities/operation';
import { isLiveRoute } from './integrity';

type RouteLike = Pick<Route, 'id' | 'status' | 'stops' | 'rider_id'> & { readonly _deleted?: boolean };

/** The orders a route lists, none when it is cancelled or deleted. */
export function listedOrders(route: RouteLike | null): Set<string> {
  return route && isLiveRoute(route) ? new Set(route.stops.flatMap((s) => s.order_ids)) : new Set();
}

/** The delivery points a route stops at, none when it is cancelled or deleted. */
export function stopPoints(route: RouteLike | null): Set<string> {
  return route && isLiveRoute(route) ? new Set(route.stops.map((s) => s.delivery_point_id).filter((p) => typeof p === 'string' && p !== '')) : new Set();
}

/**
 * The orders a route's write changes: those it adds get its id and «En ruta» (when «Pendiente»
 * or «En ruta» on another route); those it drops, still on it and not yet picked, go back to
 * «Pendiente». `order` reads a live order (null: missing or deleted); `at` is the new
 * `updated_at` of an order written.
 */
export function ordersFollowingRoute(before: RouteLike | null, route: RouteLike, order: (id: string) => Order | null, at: (order: Order) => number): Order[] {
  const was = listedOrders(before);
  const now = listedOrders(route);
  const out: Order[] = [];
  for (const id of now) {
    const o = order(id);
    if (!o) continue;
    const claim = o.status === 'pending' || (o.status === 'planned' && o.route_id !== route.id);
    if (claim) out.push({ ...o, route_id: route.id, status: 'planned', updated_at: at(o) });
  }
  for (const id of was) {
    if (now.has(id)) continue;
    const o = order(id);
    if (!o || o.route_id !== route.id || (o.status !== 'pending' && o.status !== 'planned')) continue;
    out.push({ ...o, route_id: '', status: 'pending', updated_at: at(o) });
  }
  return out;
}

/**
 * The riders who may read each of `points`: those with a live route that stops there. `routes`
 * are every live or not route of the riders concerned (at least); the result has every point
 * asked, sorted ids (empty when nobody).
 */
export function pointRiders(points: Iterable<string>, routes: readonly RouteLike[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const p of points) out.set(p, new Set());
  for (const r of routes) {
    if (typeof r.rider_id !== 'string' || r.rider_id === '') continue;
    for (const p of stopPoints(r)) out.get(p)?.add(r.rider_id);
  }
  return new Map([...out].map(([p, riders]) => [p, [...riders].sort()]));
}
