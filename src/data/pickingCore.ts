/**
 * What every picking action shares (issue 12): who picks, the refusal, the event ids and times,
 * one action at a time per route, and the reads an action needs. The actions: ./pickingPicks.ts,
 * ./pickingIncidences.ts; the statuses that follow: ./pickingSettlement.ts (all through ./picking.ts).
 */
import { ActionError } from './actionError';
import type { SystemRole } from '../domain/access/groups';
import { INCIDENCE_KINDS, type Incidence, type IncidenceType, type Pick } from '../domain/entities/events';
import type { Order, Route } from '../domain/entities/operation';
import { PICKABLE_ORDER_STATUSES, PICKABLE_ROUTE_STATUSES, indexPickingEvents, routePickingProgress, type RoutePickingProgress } from '../domain/picking';
import { MACHINES } from '../domain/status/machines';
import type { DataEngine } from './engine';
import { statusText } from '../i18n/status';

/** Who picks: his id, role, home hub and the hubs he writes in (operators pick only their hubs' routes). */
export interface PickingActor {
  readonly userId: string;
  readonly role: SystemRole;
  readonly hub: number;
  /** The hubs he writes in (issue 29, finding 6); absent: his home hub only. */
  readonly hubs?: readonly number[];
}

/** The hubs an actor picks in (his `hubs`, else his home hub). */
export function actorHubs(actor: PickingActor): readonly number[] {
  return actor.hubs ?? (actor.hub > 0 ? [actor.hub] : []);
}

/** The parts of the data engine the picking actions use (tests hand in just these). */
export type PickingEngine = Pick_<DataEngine, 'db' | 'writer' | 'queueUpload'>;
export type Pick_<T, K extends keyof T> = { [P in K]: T[P] };

export const MAX_PICK_QUANTITY = 100_000;
/** Incidence types a picker may record (others belong to the delivery). */
export const PICKING_INCIDENCE_TYPES = ['missing', 'damaged', 'not_found', 'expired', 'wrong_quantity', 'other'] as const satisfies readonly IncidenceType[];
export type PickingIncidenceType = (typeof PICKING_INCIDENCE_TYPES)[number];
export const PICKER_ERROR_TYPES = ['wrong_product', 'wrong_quantity'] as const satisfies readonly IncidenceType[];
export type PickerErrorType = (typeof PICKER_ERROR_TYPES)[number];

export function newEventId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

let lastEventAt = 0;
/**
 * The device time of a new picking event: never the same millisecond twice on this device, so
 * «the latest pick» (ordered by time, then id) is always the one written last, even when two taps
 * land in one millisecond.
 */
export function eventTime(now?: number): number {
  if (now !== undefined) return now;
  lastEventAt = Math.max(Date.now(), lastEventAt + 1);
  return lastEventAt;
}

// ── One action at a time per route ───────────────────────────────────────────────────────────

const running = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, action: () => Promise<T>): Promise<T> {
  const previous = running.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(action);
  running.set(key, next);
  const forget = () => {
    if (running.get(key) === next) running.delete(key);
  };
  next.then(forget, forget);
  return next;
}

// ── Reading what an action needs ─────────────────────────────────────────────────────────────

export async function loadOrder(engine: Pick_<PickingEngine, 'db'>, orderId: string): Promise<Order> {
  const doc = await engine.db.orders.findOne(orderId).exec();
  if (!doc) throw new ActionError('picking.errors.orderNotFound', { id: orderId }, 'order_not_found');
  return doc.toJSON() as unknown as Order;
}

export async function loadRoute(engine: Pick_<PickingEngine, 'db'>, routeId: string): Promise<Route> {
  const doc = await engine.db.routes.findOne(routeId).exec();
  if (!doc) throw new ActionError('picking.errors.routeNotFound', { id: routeId }, 'route_not_found');
  return doc.toJSON() as unknown as Route;
}

/** Refuses a user who may not pick this route (role, hub). */
export function assertPicker(actor: PickingActor, route: Route): void {
  if (actor.role !== 'operator' && actor.role !== 'admin') throw new ActionError('picking.errors.notPicker', {}, 'not_picker');
  if (actor.role === 'operator' && !actorHubs(actor).includes(route.hub)) {
    throw new ActionError('picking.errors.otherHub', { route: route.code, routeHub: route.hub, hub: actorHubs(actor).join(', ') }, 'other_hub');
  }
}

export function assertPickable(route: Route, order: Order | null): void {
  if (!PICKABLE_ROUTE_STATUSES.includes(route.status)) {
    throw new ActionError('picking.errors.routeNotPickable', { route: route.code, status: statusText(MACHINES.route, route.status) }, 'route_not_pickable');
  }
  if (order && !PICKABLE_ORDER_STATUSES.includes(order.status)) {
    throw new ActionError('picking.errors.orderNotPickable', { order: order.code, status: statusText(MACHINES.order, order.status) }, 'order_not_pickable');
  }
}

/** An order that can be picked now, its route, and the line asked for. */
export async function pickingContext(engine: PickingEngine, orderId: string, lineId: string | null, actor: PickingActor) {
  const order = await loadOrder(engine, orderId);
  if (order.route_id === '') throw new ActionError('picking.errors.orderNotOnRoute', { order: order.code }, 'order_not_on_route');
  const route = await loadRoute(engine, order.route_id);
  assertPicker(actor, route);
  assertPickable(route, order);
  const line = lineId === null ? null : order.lines.find((l) => l.line_id === lineId);
  if (line === undefined) throw new ActionError('picking.errors.lineNotFound', { line: String(lineId), order: order.code }, 'line_not_found');
  return { order, route, line };
}

export async function eventsOfOrders(engine: Pick_<PickingEngine, 'db'>, orderIds: readonly string[]): Promise<{ picks: Pick[]; incidences: Incidence[] }> {
  const [picks, incidences] = await Promise.all([
    engine.db.picks.find({ selector: { order_id: { $in: [...orderIds] } } }).exec(),
    engine.db.incidences.find({ selector: { order_id: { $in: [...orderIds] }, kind: { $in: [...INCIDENCE_KINDS] } } }).exec(),
  ]);
  return { picks: picks.map((d) => d.toJSON() as unknown as Pick), incidences: incidences.map((d) => d.toJSON() as unknown as Incidence) };
}

export interface RoutePickingState {
  readonly route: Route;
  readonly orders: readonly Order[];
  readonly picks: readonly Pick[];
  readonly incidences: readonly Incidence[];
  readonly progress: RoutePickingProgress;
}

/** A route, its orders, their picking events and the progress they mean (read once). */
export async function routePickingState(engine: Pick_<PickingEngine, 'db'>, routeId: string): Promise<RoutePickingState> {
  const route = await loadRoute(engine, routeId);
  const ids = route.stops.flatMap((s) => s.order_ids);
  const found = await engine.db.orders.findByIds(ids).exec();
  const orders = ids.flatMap((id) => {
    const d = found.get(id);
    return d ? [d.toJSON() as unknown as Order] : [];
  });
  const { picks, incidences } = await eventsOfOrders(engine, ids);
  return { route, orders, picks, incidences, progress: routePickingProgress(route, orders, indexPickingEvents(picks, incidences)) };
}


export function checkQuantity(q: number, min: number): void {
  if (!Number.isInteger(q) || q < min || q > MAX_PICK_QUANTITY) {
    throw new ActionError('picking.errors.badQuantity', { min, max: MAX_PICK_QUANTITY }, 'bad_quantity');
  }
}

export async function routeIdOf(engine: PickingEngine, orderId: string): Promise<string> {
  return (await loadOrder(engine, orderId)).route_id;
}
