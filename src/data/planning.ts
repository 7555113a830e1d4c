/**
 * The operator's planning actions (issue 11): the route form, the planning board's hand edits,
 * saving an optimiser proposal and publishing. Written locally first (they work offline) through
 * the one write path (`engine.writer`, validated with the entity schemas).
 *
 * Orders follow their route: an order put on a route gets its `route_id` and, when «Pendiente»,
 * becomes «En ruta» (`planned`); an order taken off a route (stop removed, route cancelled) gets
 * `route_id` '' and goes back to «Pendiente». Only orders «Pendiente» or «En ruta» of the route's
 * day and hub may be planned; only routes «Borrador» or «Planificada» may be edited.
 *
 * Status changes follow the route machine (src/domain/status/machines.ts) for the actor's role;
 * «Publicar» moves a draft with a rider and stops to «Planificada», which the rider's phone shows.
 *
 * Every action writes all its documents or none (issue 27): it reads what it needs, works out
 * the final state of every route and order it changes, and hands them to `writer.writeAll` in one
 * call (journaled, so a closed page cannot leave half of it). The routes' stops are the source of truth of the order ↔ route
 * relation (src/domain/routing/integrity.ts): the server derives the orders' link from them.
 */
import type { SystemRole } from '../domain/access/groups';
import type { DeliveryPoint, Order, Route, RouteStop } from '../domain/entities/operation';
import type { DayPlanResult } from '../domain/routing/day';
import type { DeliveryEvent } from '../domain/entities/events';
import { carryOverOrders } from '../domain/routing/carryOver';
import { repairDay, type IntegrityProblem } from '../domain/routing/integrity';
import { appendChanges, recordsChanges, routeChanges, type ChangeLabels } from '../domain/routing/changes';
import {
  addOrdersToStops,
  canInsertStopAt,
  canMoveStop,
  canPlaceStop,
  insertOrdersAt,
  isEditableRoute,
  lockStopAt,
  moveStopBy,
  nextRouteCode,
  ordersWithoutLocation,
  placePointPatch,
  placeStopAt,
  publishProblems,
  removeOrdersFromStops,
  removeStopAt,
  withTimes,
} from '../domain/routing/edit';
import { checkTransition, routeMachine, type RouteStatus } from '../domain/status/machines';
import { t } from '../i18n';
import type { DataEngine } from './engine';
import { ValidationFailed } from './writes';
import { statusText } from '../i18n/status';

export type PlanningEngine = Pick<DataEngine, 'db' | 'writer'>;

/** The documents an action writes, by id (the last state of each wins). */
class Changes {
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

  async write(engine: PlanningEngine): Promise<void> {
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

export interface PlanningActor {
  readonly userId: string;
  readonly role: SystemRole;
}

/** A refused planning action: `message` is the Spanish text to show. */
export class PlanningError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PlanningError';
  }
}

const PLANNABLE_ORDER = new Set<Order['status']>(['pending', 'planned']);

function newRouteId(): string {
  return `rt-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

function requireOps(actor: PlanningActor): void {
  if (actor.role !== 'operator' && actor.role !== 'admin') throw new PlanningError('forbidden', t('planning.errors.forbidden'));
}

async function loadRoute(engine: PlanningEngine, id: string): Promise<Route> {
  const doc = await engine.db.routes.findOne(id).exec();
  if (!doc) throw new PlanningError('route_not_found', t('planning.errors.routeNotFound', { id }));
  return doc.toJSON() as unknown as Route;
}

async function loadEditableRoute(engine: PlanningEngine, id: string): Promise<Route> {
  const route = await loadRoute(engine, id);
  if (!isEditableRoute(route)) {
    throw new PlanningError('route_locked', t('planning.errors.routeLocked', { route: route.name, status: statusText(routeMachine, route.status) }));
  }
  return route;
}

/** How the record of changes names riders, bikes and points of a route before and after a change. */
async function changeLabels(engine: PlanningEngine, before: Route, after: Route): Promise<ChangeLabels> {
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
async function changedRoute(engine: PlanningEngine, actor: PlanningActor, before: Route, patch: Partial<Route>): Promise<Route> {
  const after: Route = { ...before, ...patch };
  // Nothing for the record (a draft, or only times and locks changed): no lookups of names.
  const byId: ChangeLabels = { rider: (x) => x, bike: (x) => x, point: (x) => x };
  if (!recordsChanges(before, after) || routeChanges(before, after, byId, { id: actor.userId, name: actor.userId }, 0).length === 0) return after;
  const me = await engine.db.users.findOne(actor.userId).exec();
  const added = routeChanges(before, after, await changeLabels(engine, before, after), { id: actor.userId, name: me?.name ?? actor.userId }, Date.now());
  return { ...after, changes: appendChanges(before.changes, added) };
}

/** Writes one route's change (an action of one document). */
async function patchRoute(engine: PlanningEngine, actor: PlanningActor, before: Route, patch: Partial<Route>): Promise<Route> {
  const changes = new Changes();
  const after = changes.route(await changedRoute(engine, actor, changes.seen(before), patch));
  await changes.write(engine);
  return after;
}

async function loadOrders(engine: PlanningEngine, ids: readonly string[]): Promise<Order[]> {
  const found = await engine.db.orders.findByIds([...ids]).exec();
  return ids.map((id) => {
    const doc = found.get(id);
    if (!doc) throw new PlanningError('order_not_found', t('planning.errors.orderNotFound', { id }));
    return doc.toJSON() as unknown as Order;
  });
}

/** Orders that may go on `route` (its day and hub, «Pendiente» or already on this route). */
async function plannableOrders(engine: PlanningEngine, route: Pick<Route, 'id' | 'date' | 'hub'>, ids: readonly string[]): Promise<Order[]> {
  const orders = await loadOrders(engine, ids);
  for (const o of orders) {
    if (o.date !== route.date || o.hub !== route.hub) {
      throw new PlanningError('order_other_day', t('planning.errors.orderOtherDay', { order: o.code, date: o.date, hub: o.hub }));
    }
    if (!PLANNABLE_ORDER.has(o.status)) {
      throw new PlanningError('order_locked', t('planning.errors.orderLocked', { order: o.code }));
    }
    if (o.route_id !== '' && o.route_id !== route.id) {
      // On another route of the board: the caller moves it (the other route loses it first).
      const other = await engine.db.routes.findOne(o.route_id).exec();
      const otherRoute = other?.toJSON() as unknown as Route | undefined;
      if (otherRoute && !isEditableRoute(otherRoute)) throw new PlanningError('order_locked', t('planning.errors.orderLocked', { order: o.code }));
    }
  }
  await refuseUnlocated(engine, orders);
  return orders;
}

/** A point «sin ubicación» (made by the import) is placed on the map before its orders are planned. */
async function refuseUnlocated(engine: PlanningEngine, orders: readonly Order[]): Promise<void> {
  const points = await engine.db.delivery_points.findByIds([...new Set(orders.map((o) => o.delivery_point_id))]).exec();
  const pointOf = new Map([...points.entries()].map(([id, d]) => [id, d.toJSON() as unknown as DeliveryPoint]));
  const unlocated = ordersWithoutLocation(orders, pointOf);
  if (unlocated.length > 0) {
    const names = [...new Set(unlocated.map((o) => pointOf.get(o.delivery_point_id)?.name ?? o.delivery_point_id))];
    throw new PlanningError('point_unlocated', t('planning.errors.pointUnlocated', { points: names.map((n) => `«${n}»`).join(', '), orders: unlocated.map((o) => o.code).join(', ') }));
  }
}

/** Puts orders on a route (route_id, «En ruta»). */
function claimOrders(changes: Changes, orders: readonly Order[], routeId: string): void {
  for (const o of orders) {
    if (o.route_id === routeId && o.status === 'planned') continue;
    changes.order({ ...o, route_id: routeId, status: o.status === 'pending' ? 'planned' : o.status });
  }
}

/** Takes orders off their route («Pendiente», no route). */
async function releaseOrders(engine: PlanningEngine, changes: Changes, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await engine.db.orders.findByIds([...ids]).exec();
  for (const id of ids) {
    const o = changes.orders.get(id) ?? (found.get(id)?.toJSON() as unknown as Order | undefined);
    if (!o || !PLANNABLE_ORDER.has(o.status)) continue;
    changes.order({ ...o, route_id: '', status: 'pending' });
  }
}

/** Removes orders from the other editable routes that hold them (an order is on one route). */
async function detachFromOtherRoutes(engine: PlanningEngine, actor: PlanningActor, changes: Changes, orders: readonly Order[], routeId: string): Promise<void> {
  const byRoute = new Map<string, string[]>();
  for (const o of orders) {
    if (o.route_id === '' || o.route_id === routeId) continue;
    byRoute.set(o.route_id, [...(byRoute.get(o.route_id) ?? []), o.id]);
  }
  for (const [other, ids] of byRoute) {
    const doc = await engine.db.routes.findOne(other).exec();
    if (!doc) continue;
    const r = changes.current(doc.toJSON() as unknown as Route);
    changes.route(await changedRoute(engine, actor, changes.seen(r), { stops: removeOrdersFromStops(r.stops, ids) }));
  }
}

// ── Route form ───────────────────────────────────────────────────────────────────────────────

/** What the route form edits. */
export interface RouteFields {
  readonly name: string;
  readonly date: string;
  readonly hub: number;
  readonly rider_id: string;
  readonly bike_id: string;
  readonly planned_start: string;
  readonly status: RouteStatus;
  readonly cancel_reason: string;
}

/**
 * Creates (`id` null) or changes a route from the form. The status may only take a step of the
 * route machine the actor's role may take; a route with stops keeps its day and hub (its orders
 * are of that day and hub); cancelling sends its orders back to «Pendiente».
 */
export async function saveRoute(engine: PlanningEngine, actor: PlanningActor, id: string | null, fields: RouteFields): Promise<Route> {
  requireOps(actor);
  const now = Date.now();
  if (id === null) {
    if (fields.status !== routeMachine.initial) throw new ValidationFailed([{ path: 'status', message: t('planning.errors.newRouteStatus') }]);
    const codes = (await engine.db.routes.find({ selector: { date: fields.date, hub: fields.hub } }).exec()).map((d) => d.code);
    const route: Route = {
      id: newRouteId(),
      code: nextRouteCode(fields.date, fields.hub, codes),
      name: fields.name,
      hub: fields.hub,
      date: fields.date,
      rider_id: fields.rider_id,
      bike_id: fields.bike_id,
      status: fields.status,
      status_id: '',
      stops: [],
      planned_start: fields.planned_start,
      distance_m: 0,
      cancel_reason: '',
      updated_at: now,
    };
    await engine.writer.writeAll({ routes: [route] });
    return route;
  }
  const existing = await loadRoute(engine, id);
  const step = checkTransition(routeMachine, existing.status, fields.status, actor.role);
  if (!step.ok) throw new ValidationFailed([{ path: 'status', message: step.reason }]);
  const errors: { path: string; message: string }[] = [];
  if (existing.stops.length > 0 && fields.date !== existing.date) errors.push({ path: 'date', message: t('planning.errors.dateWithStops') });
  if (existing.stops.length > 0 && fields.hub !== existing.hub) errors.push({ path: 'hub', message: t('planning.errors.hubWithStops') });
  if (fields.status === 'planned' && existing.status === 'draft') {
    for (const p of publishProblems({ ...existing, rider_id: fields.rider_id })) errors.push({ path: p.path === 'stops' ? 'status' : p.path, message: p.message });
  }
  if (errors.length > 0) throw new ValidationFailed(errors);
  const cancelling = fields.status === 'cancelled' && existing.status !== 'cancelled';
  const released = cancelling ? existing.stops.flatMap((s) => s.order_ids) : [];
  const changes = new Changes();
  const saved = changes.route(await changedRoute(engine, actor, changes.seen(existing), {
    name: fields.name,
    date: fields.date,
    hub: fields.hub,
    rider_id: fields.rider_id,
    bike_id: fields.bike_id,
    planned_start: fields.planned_start,
    status: fields.status,
    cancel_reason: fields.status === 'cancelled' ? fields.cancel_reason : '',
    ...(cancelling ? { stops: [] } : {}),
  }));
  await releaseOrders(engine, changes, released);
  await changes.write(engine);
  return saved;
}

// ── Planning board: hand edits ───────────────────────────────────────────────────────────────

export interface NewRouteInput {
  readonly date: string;
  readonly hub: number;
  readonly orderIds: readonly string[];
  readonly rider_id?: string;
  readonly bike_id?: string;
  readonly planned_start?: string;
}

/** A new draft route with these orders (one stop per delivery point, in the given order). */
export async function createRouteWithOrders(engine: PlanningEngine, actor: PlanningActor, input: NewRouteInput): Promise<Route> {
  requireOps(actor);
  if (input.orderIds.length === 0) throw new PlanningError('no_orders', t('planning.errors.noOrders'));
  const codes = (await engine.db.routes.find({ selector: { date: input.date, hub: input.hub } }).exec()).map((d) => d.code);
  const code = nextRouteCode(input.date, input.hub, codes);
  const id = newRouteId();
  const orders = await plannableOrders(engine, { id, date: input.date, hub: input.hub }, input.orderIds);
  const changes = new Changes();
  await detachFromOtherRoutes(engine, actor, changes, orders, id);
  const route: Route = {
    id,
    code,
    name: t('planning.newRouteName', { n: code.slice(code.lastIndexOf('-') + 1), date: `${input.date.slice(8, 10)}/${input.date.slice(5, 7)}` }),
    hub: input.hub,
    date: input.date,
    rider_id: input.rider_id ?? '',
    bike_id: input.bike_id ?? '',
    status: 'draft',
    status_id: '',
    stops: addOrdersToStops([], orders, input.planned_start ?? '00:00'),
    planned_start: input.planned_start ?? '08:00',
    distance_m: 0,
    cancel_reason: '',
    updated_at: Date.now(),
  };
  changes.route(route);
  claimOrders(changes, orders, id);
  await changes.write(engine);
  return route;
}

/** Adds orders to a route (joining the stop of their point, else new stops at the end). */
export async function addOrdersToRoute(engine: PlanningEngine, actor: PlanningActor, routeId: string, orderIds: readonly string[]): Promise<Route> {
  requireOps(actor);
  const route = await loadEditableRoute(engine, routeId);
  const orders = await plannableOrders(engine, route, orderIds);
  const changes = new Changes();
  await detachFromOtherRoutes(engine, actor, changes, orders, routeId);
  const saved = changes.route(await changedRoute(engine, actor, changes.seen(route), { stops: addOrdersToStops(route.stops, orders, route.stops.at(-1)?.eta ?? route.planned_start) }));
  claimOrders(changes, orders, routeId);
  await changes.write(engine);
  return saved;
}

/** Moves a stop one place up (-1) or down (+1). */
export async function moveStop(engine: PlanningEngine, actor: PlanningActor, routeId: string, seq: number, delta: -1 | 1): Promise<Route> {
  requireOps(actor);
  const route = await loadEditableRoute(engine, routeId);
  if (seq < 1 || seq > route.stops.length) throw new PlanningError('stop_not_found', t('planning.errors.stopNotFound', { seq, route: route.name }));
  if (!canMoveStop(route.stops, seq, delta)) throw new PlanningError('stop_locked', t('planning.errors.stopLocked', { seq, route: route.name }));
  return patchRoute(engine, actor, route, { stops: moveStopBy(route.stops, seq, delta) });
}

/**
 * Moves a stop (with its orders) to another route of the same day and hub: at the end, or at
 * place `toSeq` (a drag on the board). When that route already visits the point, the orders join
 * its stop. A place that would shift a stop locked in place is refused.
 */
export async function moveStopToRoute(engine: PlanningEngine, actor: PlanningActor, fromId: string, seq: number, toId: string, toSeq?: number): Promise<void> {
  requireOps(actor);
  if (fromId === toId) return;
  const from = await loadEditableRoute(engine, fromId);
  const to = await loadEditableRoute(engine, toId);
  if (from.date !== to.date || from.hub !== to.hub) throw new PlanningError('other_day', t('planning.errors.routeOtherDay', { route: to.name }));
  const stop = from.stops[seq - 1];
  if (!stop) throw new PlanningError('stop_not_found', t('planning.errors.stopNotFound', { seq, route: from.name }));
  if (stop.lock !== undefined) throw new PlanningError('stop_locked', t('planning.errors.stopLockedOut', { seq, route: from.name }));
  const place = toSeq ?? to.stops.length + 1;
  if (!canInsertStopAt(to.stops, stop.delivery_point_id, place)) throw new PlanningError('stop_locked', t('planning.errors.dropLocked', { seq: place, route: to.name }));
  const orders = await loadOrders(engine, stop.order_ids);
  const changes = new Changes();
  changes.route(await changedRoute(engine, actor, changes.seen(from), { stops: removeStopAt(from.stops, seq).stops }));
  changes.route(await changedRoute(engine, actor, changes.seen(to), { stops: insertOrdersAt(to.stops, orders, place, stop.eta) }));
  claimOrders(changes, orders, toId);
  await changes.write(engine);
}

/** Drags a stop to place `to` of its own route; refused when a stop locked in place would move. */
export async function placeStop(engine: PlanningEngine, actor: PlanningActor, routeId: string, seq: number, to: number): Promise<Route> {
  requireOps(actor);
  const route = await loadEditableRoute(engine, routeId);
  if (seq < 1 || seq > route.stops.length) throw new PlanningError('stop_not_found', t('planning.errors.stopNotFound', { seq, route: route.name }));
  if (to === seq) return route;
  if (!canPlaceStop(route.stops, seq, to)) throw new PlanningError('stop_locked', t('planning.errors.placeLocked', { seq, to, route: route.name }));
  return patchRoute(engine, actor, route, { stops: placeStopAt(route.stops, seq, to) });
}

/**
 * Locks a stop in place (`position`: the optimiser keeps it on this route at this place) or frees
 * it (`none`).
 */
export async function lockStop(engine: PlanningEngine, actor: PlanningActor, routeId: string, seq: number, lock: 'position' | 'route' | 'none'): Promise<Route> {
  requireOps(actor);
  const route = await loadEditableRoute(engine, routeId);
  if (seq < 1 || seq > route.stops.length) throw new PlanningError('stop_not_found', t('planning.errors.stopNotFound', { seq, route: route.name }));
  return patchRoute(engine, actor, route, { stops: lockStopAt(route.stops, seq, lock) });
}

/** Removes a stop: its orders go back to the unplanned ones. */
export async function removeStop(engine: PlanningEngine, actor: PlanningActor, routeId: string, seq: number): Promise<Route> {
  requireOps(actor);
  const route = await loadEditableRoute(engine, routeId);
  if (seq < 1 || seq > route.stops.length) throw new PlanningError('stop_not_found', t('planning.errors.stopNotFound', { seq, route: route.name }));
  const { stops, orderIds } = removeStopAt(route.stops, seq);
  const changes = new Changes();
  const saved = changes.route(await changedRoute(engine, actor, changes.seen(route), { stops }));
  await releaseOrders(engine, changes, orderIds);
  await changes.write(engine);
  return saved;
}

/** Assigns the rider and the bike of a route on the board. */
export async function assignRoute(engine: PlanningEngine, actor: PlanningActor, routeId: string, change: { rider_id?: string; bike_id?: string }): Promise<Route> {
  requireOps(actor);
  return patchRoute(engine, actor, await loadEditableRoute(engine, routeId), change);
}

/**
 * Places a delivery point «sin ubicación» on the map (the board's «Ubicar»): it gets the chosen
 * latitude and longitude and is located from then on, so its orders can be planned.
 */
export async function placePoint(engine: PlanningEngine, actor: PlanningActor, pointId: string, lat: unknown, lng: unknown): Promise<DeliveryPoint> {
  requireOps(actor);
  const doc = await engine.db.delivery_points.findOne(pointId).exec();
  if (!doc) throw new PlanningError('point_not_found', t('planning.errors.pointNotFound', { id: pointId }));
  const placed = placePointPatch(lat, lng);
  if (!placed.ok) throw new ValidationFailed([{ path: placed.field, message: t(placed.field === 'lat' ? 'planning.place.latInvalid' : 'planning.place.lngInvalid') }]);
  return engine.writer.patch('delivery_points', pointId, placed.patch);
}

// ── Optimiser proposals and publishing ───────────────────────────────────────────────────────

function stopsOf(r: DayPlanResult['routes'][number]): RouteStop[] {
  return r.stops.map((s, i) => ({ seq: i + 1, delivery_point_id: s.delivery_point_id, order_ids: [...s.order_ids], eta: s.eta, ...(s.lock !== 'none' ? { lock: s.lock } : {}) }));
}

/**
 * Saves an optimiser proposal of a day and hub: the given routes get their new stops, times and
 * distance; new routes are made as drafts; orders left out go back to «Pendiente». Returns the ids
 * of the routes written.
 */
export async function saveDayPlan(engine: PlanningEngine, actor: PlanningActor, input: { date: string; hub: number; result: DayPlanResult }): Promise<string[]> {
  requireOps(actor);
  const { date, hub, result } = input;
  const dayRoutes = (await engine.db.routes.find({ selector: { date, hub } }).exec()).map((d) => d.toJSON() as unknown as Route);
  const codes = dayRoutes.map((r) => r.code);
  const written: string[] = [];
  const onPlan = new Set(result.routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
  const before = new Set(dayRoutes.filter(isEditableRoute).flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
  const changes = new Changes();
  // Every order of the plan, read once (an order on another route of the board moves with it).
  const planOrders = new Map((await loadOrders(engine, [...onPlan])).map((o) => [o.id, o]));
  const routeById = new Map(dayRoutes.map((r) => [r.id, r]));
  const checkOrders = (route: Pick<Route, 'id' | 'date' | 'hub'>, ids: readonly string[]): Order[] =>
    ids.map((id) => {
      const o = planOrders.get(id) as Order;
      if (o.date !== route.date || o.hub !== route.hub) throw new PlanningError('order_other_day', t('planning.errors.orderOtherDay', { order: o.code, date: o.date, hub: o.hub }));
      if (!PLANNABLE_ORDER.has(o.status)) throw new PlanningError('order_locked', t('planning.errors.orderLocked', { order: o.code }));
      const other = o.route_id !== '' && o.route_id !== route.id ? routeById.get(o.route_id) : undefined;
      if (other && !isEditableRoute(other)) throw new PlanningError('order_locked', t('planning.errors.orderLocked', { order: o.code }));
      return o;
    });
  await refuseUnlocated(engine, [...planOrders.values()]);
  for (const r of result.routes) {
    const orderIds = r.stops.flatMap((s) => s.order_ids);
    if (r.route_id !== null) {
      const existing = routeById.get(r.route_id);
      if (!existing) throw new PlanningError('route_not_found', t('planning.errors.routeNotFound', { id: r.route_id }));
      if (!isEditableRoute(existing)) throw new PlanningError('route_locked', t('planning.errors.routeLocked', { route: existing.name, status: statusText(routeMachine, existing.status) }));
      changes.route(await changedRoute(engine, actor, changes.seen(existing), { stops: stopsOf(r), rider_id: r.rider_id, bike_id: r.bike_id, planned_start: r.planned_start, distance_m: Math.min(1_000_000, r.distance_m) }));
      claimOrders(changes, checkOrders(existing, orderIds), existing.id);
      written.push(existing.id);
      continue;
    }
    if (r.stops.length === 0) continue;
    const code = nextRouteCode(date, hub, codes);
    codes.push(code);
    const id = newRouteId();
    const orders = checkOrders({ id, date, hub }, orderIds);
    changes.route({
      id,
      code,
      name: t('planning.newRouteName', { n: code.slice(code.lastIndexOf('-') + 1), date: `${date.slice(8, 10)}/${date.slice(5, 7)}` }),
      hub,
      date,
      rider_id: r.rider_id,
      bike_id: r.bike_id,
      status: 'draft',
      status_id: '',
      stops: stopsOf(r),
      planned_start: r.planned_start,
      distance_m: Math.min(1_000_000, r.distance_m),
      cancel_reason: '',
      updated_at: Date.now(),
    });
    claimOrders(changes, orders, id);
    written.push(id);
  }
  // Routes of the day the plan does not name keep their stops, less the orders it put elsewhere.
  for (const r of dayRoutes) {
    if (!isEditableRoute(r) || changes.routes.has(r.id)) continue;
    const moved = r.stops.flatMap((s) => s.order_ids).filter((id) => onPlan.has(id));
    if (moved.length > 0) changes.route(await changedRoute(engine, actor, changes.seen(r), { stops: removeOrdersFromStops(r.stops, moved) }));
  }
  await releaseOrders(engine, changes, [...before].filter((id) => !onPlan.has(id)));
  await changes.write(engine);
  return written;
}

/**
 * Writes the evaluated times of the board's routes (ETAs, departure, distance) — after hand edits
 * the stored ETAs are the board's last evaluation.
 */
export async function saveTimes(engine: PlanningEngine, actor: PlanningActor, evaluation: DayPlanResult): Promise<void> {
  requireOps(actor);
  const ids = evaluation.routes.flatMap((r) => (r.route_id === null ? [] : [r.route_id]));
  const found = ids.length > 0 ? await engine.db.routes.findByIds(ids).exec() : new Map();
  const changes = new Changes();
  for (const r of evaluation.routes) {
    if (r.route_id === null) continue;
    const doc = found.get(r.route_id);
    if (!doc) continue;
    const route = doc.toJSON() as unknown as Route;
    if (!isEditableRoute(route)) continue;
    const stops = withTimes(route.stops, r.stops);
    const distance = Math.min(1_000_000, r.distance_m);
    const same = stops.every((s, i) => s.eta === route.stops[i]?.eta) && route.planned_start === r.planned_start && route.distance_m === distance;
    if (!same) changes.route(await changedRoute(engine, actor, changes.seen(route), { stops, planned_start: r.planned_start, distance_m: distance }));
  }
  await changes.write(engine);
}

/**
 * Publishes draft routes («Borrador» → «Planificada»): each needs a rider and stops. Nothing is
 * published when any route cannot be (the reasons name every problem).
 */
export async function publishRoutes(engine: PlanningEngine, actor: PlanningActor, routeIds: readonly string[]): Promise<void> {
  requireOps(actor);
  const routes = await Promise.all(routeIds.map((id) => loadRoute(engine, id)));
  const problems = routes.flatMap((r) => {
    const step = checkTransition(routeMachine, r.status, 'planned', actor.role);
    return step.ok ? publishProblems(r).map((p) => p.message) : [step.reason];
  });
  if (problems.length > 0) throw new PlanningError('cannot_publish', problems.join('. '));
  const changes = new Changes();
  for (const r of routes) changes.route(await changedRoute(engine, actor, changes.seen(r), { status: 'planned' }));
  await changes.write(engine);
}

/**
 * Brings orders of earlier days to `date` (re-planning carry-over): those of `orderIds` that
 * `carryOverOrders` still brings (a cancelled route, a failure marked «reprogramar») become
 * «Pendiente» orders of `date` with no route, among the day's unplanned ones. Returns how many
 * were brought (an order planned or changed meanwhile elsewhere is left alone).
 */
export async function bringCarriedOrders(engine: PlanningEngine, actor: PlanningActor, date: string, hub: number, orderIds: readonly string[]): Promise<number> {
  requireOps(actor);
  const found = await engine.db.orders.findByIds([...orderIds]).exec();
  const orders = [...found.values()].map((d) => d.toJSON() as unknown as Order);
  const routeIds = [...new Set(orders.map((o) => o.route_id).filter((id) => id !== ''))];
  const routeDocs = routeIds.length > 0 ? await engine.db.routes.findByIds(routeIds).exec() : new Map();
  const routes = new Map([...routeDocs.entries()].map(([id, d]) => [id as string, (d as { toJSON(): unknown }).toJSON() as Route]));
  const events = routeIds.length > 0 ? (await engine.db.deliveries.find({ selector: { route_id: { $in: routeIds } } }).exec()).map((d) => d.toJSON() as DeliveryEvent) : [];
  const brought = carryOverOrders(date, hub, orders, routes, events);
  const changes = new Changes();
  for (const { order } of brought) changes.order({ ...order, date, route_id: '', status: 'pending', status_id: '' });
  await changes.write(engine);
  return brought.length;
}

/**
 * «Reparar el día» (issue 27): settles what data written before the planning's invariants were
 * enforced left broken on a day and hub (src/domain/routing/integrity.ts `repairDay`), as one
 * action. Returns how many documents it wrote and the problems only a person can settle.
 */
export async function repairDayPlan(engine: PlanningEngine, actor: PlanningActor, date: string, hub: number): Promise<{ written: number; left: IntegrityProblem[] }> {
  requireOps(actor);
  const routes = (await engine.db.routes.find({ selector: { date, hub } }).exec()).map((d) => d.toJSON() as unknown as Route);
  const dayOrders = (await engine.db.orders.find({ selector: { date, hub } }).exec()).map((d) => d.toJSON() as unknown as Order);
  const have = new Set(dayOrders.map((o) => o.id));
  const listed = [...new Set(routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)))].filter((id) => !have.has(id));
  const others = listed.length > 0 ? [...(await engine.db.orders.findByIds(listed).exec()).values()].map((d) => d.toJSON() as unknown as Order) : [];
  const fix = repairDay({ date, hub }, routes, [...dayOrders, ...others]);
  const changes = new Changes();
  for (const r of fix.routes) changes.route(await changedRoute(engine, actor, routes.find((x) => x.id === r.id) ?? r, { stops: r.stops }));
  for (const o of fix.orders) changes.order(o);
  await changes.write(engine);
  return { written: fix.routes.length + fix.orders.length, left: fix.left };
}
