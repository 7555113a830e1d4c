/**
 * What every planning action shares (./planning.ts): the actor, the error, `Changes` (the final
 * state of every route and order an action changes, written together with `writer.writeAll`,
 * issue 27), and the reads and checks the actions make before they compute it.
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
import { plainDoc, reads, requireRole, type ActionEngine, type Actor } from './action';
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

  async write(engine: ActionEngine): Promise<void> {
    // Routes that give orders up before those that take them, new routes last: however the
    // replication splits the action into pushes, the server never sees an order on two routes.
    const taken = (r: Route) => {
      const had = this.gains.get(r.id);
      const now = r.stops.reduce((n, s) => n + s.order_ids.length, 0);
      return had === undefined ? Number.MAX_SAFE_INTEGER : now + had + 1;
    };
    const routes = [...this.routes.values()].sort((a, b) => taken(a) - taken(b));
    await engine.writer.writeAll({ routes, orders: [...this.orders.values()] });
  }
}

export const PLANNABLE_ORDER = new Set<Order['status']>(['pending', 'planned']);

export function newRouteId(): string {
  return `rt-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

export function requireOps(actor: Actor): void {
  requireRole(actor, ['operator', 'admin'], 'planning.errors.forbidden');
}

export async function loadRoute(engine: ActionEngine, id: string): Promise<Route> {
  const route = await reads(engine.db).get('routes', id);
  if (!route) throw new ActionError('planning.errors.routeNotFound', { id }, 'route_not_found');
  return route;
}

export async function loadEditableRoute(engine: ActionEngine, id: string): Promise<Route> {
  const route = await loadRoute(engine, id);
  if (!isEditableRoute(route)) {
    throw new ActionError('planning.errors.routeLocked', { route: route.name, status: statusText(routeMachine, route.status) }, 'route_locked');
  }
  return route;
}

/** How the record of changes names riders, bikes and points of a route before and after a change. */
export async function changeLabels(engine: ActionEngine, before: Route, after: Route): Promise<ChangeLabels> {
  const ids = (xs: readonly string[]) => [...new Set(xs.filter((x) => x !== ''))];
  const users = await engine.db.users.findByIds(ids([before.rider_id, after.rider_id])).exec();
  const bikes = await engine.db.bikes.findByIds(ids([before.bike_id, after.bike_id])).exec();
  const points = await engine.db.delivery_points.findByIds(ids([...before.stops, ...after.stops].map((s) => s.delivery_point_id))).exec();
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
export async function changedRoute(engine: ActionEngine, actor: Actor, before: Route, patch: Partial<Route>): Promise<Route> {
  const after: Route = { ...before, ...patch };
  // Nothing for the record (a draft, or only times and locks changed): no lookups of names.
  const byId: ChangeLabels = { rider: (x) => x, bike: (x) => x, point: (x) => x };
  if (!recordsChanges(before, after) || routeChanges(before, after, byId, { id: actor.userId, name: actor.userId }, 0).length === 0) return after;
  const me = await engine.db.users.findOne(actor.userId).exec();
  const added = routeChanges(before, after, await changeLabels(engine, before, after), { id: actor.userId, name: me?.name ?? actor.userId }, Date.now());
  return { ...after, changes: appendChanges(before.changes, added) };
}

/** Writes one route's change (an action of one document). */
export async function patchRoute(engine: ActionEngine, actor: Actor, before: Route, patch: Partial<Route>): Promise<Route> {
  const changes = new Changes();
  const after = changes.route(await changedRoute(engine, actor, changes.seen(before), patch));
  await changes.write(engine);
  return after;
}

export async function loadOrders(engine: ActionEngine, ids: readonly string[]): Promise<Order[]> {
  const found = await reads(engine.db).findByIds('orders', ids);
  return ids.map((id) => {
    const order = found.get(id);
    if (!order) throw new ActionError('planning.errors.orderNotFound', { id }, 'order_not_found');
    return order;
  });
}

/** Orders that may go on `route` (its day and hub, «Pendiente» or already on this route). */
export async function plannableOrders(engine: ActionEngine, route: Pick<Route, 'id' | 'date' | 'hub'>, ids: readonly string[]): Promise<Order[]> {
  const orders = await loadOrders(engine, ids);
  for (const o of orders) {
    if (o.date !== route.date || o.hub !== route.hub) {
      throw new ActionError('planning.errors.orderOtherDay', { order: o.code, date: o.date, hub: o.hub }, 'order_other_day');
    }
    if (!PLANNABLE_ORDER.has(o.status)) {
      throw new ActionError('planning.errors.orderLocked', { order: o.code }, 'order_locked');
    }
    if (o.route_id !== '' && o.route_id !== route.id) {
      // On another route of the board: the caller moves it (the other route loses it first).
      const otherRoute = await reads(engine.db).get('routes', o.route_id);
      if (otherRoute && !isEditableRoute(otherRoute)) throw new ActionError('planning.errors.orderLocked', { order: o.code }, 'order_locked');
    }
  }
  await refuseUnlocated(engine, orders);
  return orders;
}

/** A point «sin ubicación» (made by the import) is placed on the map before its orders are planned. */
export async function refuseUnlocated(engine: ActionEngine, orders: readonly Order[]): Promise<void> {
  const points = await engine.db.delivery_points.findByIds([...new Set(orders.map((o) => o.delivery_point_id))]).exec();
  const pointOf = new Map<string, DeliveryPoint>([...points.entries()].map(([id, d]) => [id, plainDoc('delivery_points', d)]));
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
export async function releaseOrders(engine: ActionEngine, changes: Changes, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await reads(engine.db).findByIds('orders', ids);
  for (const id of ids) {
    const o = changes.orders.get(id) ?? found.get(id);
    if (!o || !PLANNABLE_ORDER.has(o.status)) continue;
    changes.order({ ...o, route_id: '', status: 'pending' });
  }
}

/** Removes orders from the other editable routes that hold them (an order is on one route). */
export async function detachFromOtherRoutes(engine: ActionEngine, actor: Actor, changes: Changes, orders: readonly Order[], routeId: string): Promise<void> {
  const byRoute = new Map<string, string[]>();
  for (const o of orders) {
    if (o.route_id === '' || o.route_id === routeId) continue;
    byRoute.set(o.route_id, [...(byRoute.get(o.route_id) ?? []), o.id]);
  }
  for (const [other, ids] of byRoute) {
    const stored = await reads(engine.db).get('routes', other);
    if (!stored) continue;
    const r = changes.current(stored);
    changes.route(await changedRoute(engine, actor, changes.seen(r), { stops: removeOrdersFromStops(r.stops, ids) }));
  }
}

// ── Route form ───────────────────────────────────────────────────────────────────────────────
