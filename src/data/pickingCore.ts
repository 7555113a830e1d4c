/**
 * What every picking action shares (issue 12): the refusals, the event ids and times, and the
 * reads an action needs (through its `tx`, src/data/action.ts). The actions: ./pickingPicks.ts,
 * ./pickingIncidences.ts; the statuses that follow: ./pickingSettlement.ts (all through ./picking.ts).
 */
import { z } from 'zod';
import { ActionError } from './actionError';
import { INCIDENCE_KINDS, type Incidence, type IncidenceType, type Pick } from '../domain/entities/events';
import type { Position } from '../domain/entities/fields';
import type { Order, Route } from '../domain/entities/operation';
import { PICKABLE_ORDER_STATUSES, PICKABLE_ROUTE_STATUSES, indexPickingEvents, routePickingProgress, type RoutePickingProgress } from '../domain/picking';
import { MACHINES } from '../domain/status/machines';
import { actorHubs, reads, type ActionEngine, type Actor, type Reads } from './action';
import { statusText } from '../i18n/status';

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

/** What every picking action may carry: where the device was, and its time (tests; default: now, never twice the same ms). */
export const pickingExtras = {
  position: z.custom<Position | null>((v) => v === null || (typeof v === 'object' && typeof (v as Position).lat === 'number')).optional(),
  now: z.number().int().optional(),
};

// ── Reading what an action needs ─────────────────────────────────────────────────────────────

export async function loadOrder(tx: Reads, orderId: string): Promise<Order> {
  const order = await tx.get('orders', orderId);
  if (!order) throw new ActionError('picking.errors.orderNotFound', { id: orderId }, 'order_not_found');
  return order;
}

export async function loadRoute(tx: Reads, routeId: string): Promise<Route> {
  const route = await tx.get('routes', routeId);
  if (!route) throw new ActionError('picking.errors.routeNotFound', { id: routeId }, 'route_not_found');
  return route;
}

/** Refuses a user who may not pick this route (role, hub). */
export function assertPicker(actor: Actor, route: Route): void {
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
export async function pickingContext(tx: Reads, orderId: string, lineId: string | null, actor: Actor) {
  const order = await loadOrder(tx, orderId);
  if (order.route_id === '') throw new ActionError('picking.errors.orderNotOnRoute', { order: order.code }, 'order_not_on_route');
  const route = await loadRoute(tx, order.route_id);
  assertPicker(actor, route);
  assertPickable(route, order);
  const line = lineId === null ? null : order.lines.find((l) => l.line_id === lineId);
  if (line === undefined) throw new ActionError('picking.errors.lineNotFound', { line: String(lineId), order: order.code }, 'line_not_found');
  return { order, route, line };
}

export async function eventsOfOrders(tx: Reads, orderIds: readonly string[]): Promise<{ picks: Pick[]; incidences: Incidence[] }> {
  const [picks, incidences] = await Promise.all([
    tx.find('picks', { selector: { order_id: { $in: [...orderIds] } } }),
    tx.find('incidences', { selector: { order_id: { $in: [...orderIds] }, kind: { $in: [...INCIDENCE_KINDS] } } }),
  ]);
  return { picks, incidences };
}

export interface RoutePickingState {
  readonly route: Route;
  readonly orders: readonly Order[];
  readonly picks: readonly Pick[];
  readonly incidences: readonly Incidence[];
  readonly progress: RoutePickingProgress;
}

/** A route, its orders, their picking events and the progress they mean (read once). */
export async function pickingStateOf(tx: Reads, routeId: string): Promise<RoutePickingState> {
  const route = await loadRoute(tx, routeId);
  const ids = route.stops.flatMap((s) => s.order_ids);
  const found = await tx.findByIds('orders', ids);
  const orders = ids.flatMap((id) => {
    const o = found.get(id);
    return o ? [o] : [];
  });
  const { picks, incidences } = await eventsOfOrders(tx, ids);
  return { route, orders, picks, incidences, progress: routePickingProgress(route, orders, indexPickingEvents(picks, incidences)) };
}

/** The same, read from the stored documents (screens' checks, tests). */
export function routePickingState(engine: { readonly db: ActionEngine['db'] }, routeId: string): Promise<RoutePickingState> {
  return pickingStateOf(reads(engine.db), routeId);
}

export function checkQuantity(q: number, min: number): void {
  if (!Number.isInteger(q) || q < min || q > MAX_PICK_QUANTITY) {
    throw new ActionError('picking.errors.badQuantity', { min, max: MAX_PICK_QUANTITY }, 'bad_quantity');
  }
}

/** The route of an order as stored (the key its actions run one at a time by); '' when unknown. */
export async function routeIdOf(engine: { readonly db: ActionEngine['db'] }, orderId: string): Promise<string> {
  return (await engine.db.orders.findOne(orderId).exec())?.route_id ?? '';
}
