/**
 * What every planning action shares (./planning.ts): the actor, the error, `Changes` (the final
 * state of every route and order an action changes, handed to the action's transaction in the
 * order they must be written, issue 27), and the reads and checks the actions make before they
 * compute it (through the action's `tx`).
 */
import { ActionError } from './actionError';
import type { DeliveryPoint, Order, Route } from '../domain/entities/operation';
import { appendChanges, recordsChanges, routeChanges, type ChangeLabels } from '../domain/routing/changes';
import {
  isEditableRoute,
  ordersWithoutLocation,
  removeOrdersFromStops,
} from '../domain/routing/edit';
import { routeMachine } from '../domain/status/machines';
import { requireRole, type Actor, type Reads, type Tx } from './action';
import { statusText } from '../i18n/status';


/** The documents an action writes, by id (the last state of each wins). */
export class Changes {
  readonly routes = new Map<string, Route>();
  readonly orders = new Map<string, Order>();

  route(r: Route): Route {
    this.routes.set(r.id, r);
    return r;
  }

  order(o: Order): void {
    this.orders.set(o.id, o);
  }

  /** The route as this action left it so far, else as stored. */
  current(r: Route): Route {
    return this.routes.get(r.id) ?? r;
  }

  /** Orders each written route takes that it did not list before (routes that take fewer are written first). */
  private readonly gains = new Map<string, number>();

  /** Records what a stored route held before this action (for the order routes are written in); returns it. */
  seen(r: Route): Route {
    if (!this.gains.has(r.id)) this.gains.set(r.id, -1 - r.stops.reduce((n, s) => n + s.order_ids.length, 0));
    return r;
  }

  /** Hands every document to the action's transaction (written together when the action ends). */
  write(tx: Tx): void {
    // Routes that give orders up before those that take them, new routes last: however the
    // replication splits the action into pushes, the server never sees an order on two routes.
    const taken = (r: Route) => {
      const had = this.gains.get(r.id);
      const now = r.stops.reduce((n, s) => n + s.order_ids.length, 0);
      return had === undefined ? Number.MAX_SAFE_INTEGER : now + had + 1;
    };
    const routes = [...this.routes.values()].sort((a, b) => taken(a) - taken(b));
    for (const r of routes) tx.put('routes', r);
    for (const o of this.orders.values()) tx.put('orders', o);
  }
}

export const PLANNABLE_ORDER = new Set<Order['status']>(['pending', 'planned']);

export function newRouteId(): string {
  return `rt-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

export function requireOps(actor: Actor): void {
  requireRole(actor, ['operator', 'admin'], 'planning.errors.forbidden');
}

export async function loadRoute(tx: Reads, id: string): Promise<Route> {
  const route = await tx.get('routes', id);
  if (!route) throw new ActionError('planning.errors.routeNotFound', { id }, 'route_not_found');
  return route;
}

export async function loadEditableRoute(tx: Reads, id: string): Promise<Route> {
  const route = await loadRoute(tx, id);
  if (!isEditableRoute(route)) {
    throw new ActionError('planning.errors.routeLocked', { route: route.name, status: statusText(routeMachine, route.status) }, 'route_locked');
  }
  return route;
}

/** How the record of changes names riders, bikes and points of a route before and after a change. */
export async function changeLabels(tx: Reads, before: Route, after: Route): Promise<ChangeLabels> {
  const ids = (xs: readonly string[]) => [...new Set(xs.filter((x) => x !== ''))];
  const users = await tx.findByIds('users', ids([before.rider_id, after.rider_id]));
  const bikes = await tx.findByIds('bikes', ids([before.bike_id, after.bike_id]));
  const points = await tx.findByIds('delivery_points', ids([...before.stops, ...after.stops].map((s) => s.delivery_point_id)));
  return {
    rider: (id) => (id === '' ? '' : (users.get(id)?.name ?? id)),
    bike: (id) => (id === '' ? '' : (bikes.get(id)?.code ?? id)),
    point: (id) => points.get(id)?.name ?? id,
  };
}

/**
 * A route with a change. Once the route is published, its record gets who changed what
 * (src/domain/routing/changes.ts), in the same document.
 */
export async function changedRoute(tx: Reads, actor: Actor, before: Route, patch: Partial<Route>): Promise<Route> {
  const after: Route = { ...before, ...patch };
  // Nothing for the record (a draft, or only times and locks changed): no lookups of names.
  const byId: ChangeLabels = { rider: (x) => x, bike: (x) => x, point: (x) => x };
  if (!recordsChanges(before, after) || routeChanges(before, after, byId, { id: actor.userId, name: actor.userId }, 0).length === 0) return after;
  const me = await tx.get('users', actor.userId);
  const added = routeChanges(before, after, await changeLabels(tx, before, after), { id: actor.userId, name: me?.name ?? actor.userId }, tx.now);
  return { ...after, changes: appendChanges(before.changes, added) };
}

/** One route's change (an action of one document). */
export async function patchRoute(tx: Tx, actor: Actor, before: Route, patch: Partial<Route>): Promise<Route> {
  const changes = new Changes();
  const after = changes.route(await changedRoute(tx, actor, changes.seen(before), patch));
  changes.write(tx);
  return after;
}

export async function loadOrders(tx: Reads, ids: readonly string[]): Promise<Order[]> {
  const found = await tx.findByIds('orders', ids);
  return ids.map((id) => {
    const order = found.get(id);
    if (!order) throw new ActionError('planning.errors.orderNotFound', { id }, 'order_not_found');
    return order;
  });
}

/** Orders that may go on `route` (its day and hub, «Pendiente» or already on this route). */
export async function plannableOrders(tx: Reads, route: Pick<Route, 'id' | 'date' | 'hub'>, ids: readonly string[]): Promise<Order[]> {
  const orders = await loadOrders(tx, ids);
  for (const o of orders) {
    if (o.date !== route.date || o.hub !== route.hub) {
      throw new ActionError('planning.errors.orderOtherDay', { order: o.code, date: o.date, hub: o.hub }, 'order_other_day');
    }
    if (!PLANNABLE_ORDER.has(o.status)) {
      throw new ActionError('planning.errors.orderLocked', { order: o.code }, 'order_locked');
    }
    if (o.route_id !== '' && o.route_id !== route.id) {
      // On another route of the board: the caller moves it (the other route loses it first).
      const otherRoute = await tx.get('routes', o.route_id);
      if (otherRoute && !isEditableRoute(otherRoute)) throw new ActionError('planning.errors.orderLocked', { order: o.code }, 'order_locked');
    }
  }
  await refuseUnlocated(tx, orders);
  return orders;
}

/** A point «sin ubicación» (made by the import) is placed on the map before its orders are planned. */
export async function refuseUnlocated(tx: Reads, orders: readonly Order[]): Promise<void> {
  const pointOf: ReadonlyMap<string, DeliveryPoint> = await tx.findByIds('delivery_points', [...new Set(orders.map((o) => o.delivery_point_id))]);
  const unlocated = ordersWithoutLocation(orders, pointOf);
  if (unlocated.length > 0) {
    const names = [...new Set(unlocated.map((o) => pointOf.get(o.delivery_point_id)?.name ?? o.delivery_point_id))];
    throw new ActionError('planning.errors.pointUnlocated', { points: names.map((n) => `«${n}»`).join(', '), orders: unlocated.map((o) => o.code).join(', ') }, 'point_unlocated');
  }
}

/** Puts orders on a route (route_id, «En ruta»). */
export function claimOrders(changes: Changes, orders: readonly Order[], routeId: string): void {
  for (const o of orders) {
    if (o.route_id === routeId && o.status === 'planned') continue;
    changes.order({ ...o, route_id: routeId, status: o.status === 'pending' ? 'planned' : o.status });
  }
}

/** Takes orders off their route («Pendiente», no route). */
export async function releaseOrders(tx: Reads, changes: Changes, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.findByIds('orders', ids);
  for (const id of ids) {
    const o = changes.orders.get(id) ?? found.get(id);
    if (!o || !PLANNABLE_ORDER.has(o.status)) continue;
    changes.order({ ...o, route_id: '', status: 'pending' });
  }
}

/** Removes orders from the other editable routes that hold them (an order is on one route). */
export async function detachFromOtherRoutes(tx: Reads, actor: Actor, changes: Changes, orders: readonly Order[], routeId: string): Promise<void> {
  const byRoute = new Map<string, string[]>();
  for (const o of orders) {
    if (o.route_id === '' || o.route_id === routeId) continue;
    byRoute.set(o.route_id, [...(byRoute.get(o.route_id) ?? []), o.id]);
  }
  for (const [other, ids] of byRoute) {
    const stored = await tx.get('routes', other);
    if (!stored) continue;
    const r = changes.current(stored);
    changes.route(await changedRoute(tx, actor, changes.seen(r), { stops: removeOrdersFromStops(r.stops, ids) }));
  }
}

// ── Route form ───────────────────────────────────────────────────────────────────────────────
