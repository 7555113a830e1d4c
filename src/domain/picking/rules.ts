/**
 * Picking rules that decide what to write (issue 12), pure: which pick «Deshacer» cancels and
 * the undo event that does it, what a typed quantity means in events, the status changes of
 * orders and routes that the derived progress calls for, and the operator's forced «Preparada».
 */
import type { Pick } from '../entities/events';
import type { Position } from '../entities/fields';
import type { Order, OrderLine, Route } from '../entities/operation';
import type { OrderStatus, PickingStatus, RouteStatus } from '../status/machines';
import { effectivePicks, type LineProgress, type OrderProgress, type RoutePickingProgress } from './progress';

/** Route statuses in which picking events may still be recorded. */
export const PICKABLE_ROUTE_STATUSES: readonly RouteStatus[] = ['planned', 'picking'];
/** Order statuses the picking flow moves (never an order on its way or delivered). */
export const PICKABLE_ORDER_STATUSES: readonly OrderStatus[] = ['planned', 'picking', 'picked'];

export interface UndoFilter {
  readonly order_id?: string;
  readonly line_id?: string;
  readonly route_id?: string;
  /** Only picks recorded by this user. */
  readonly created_by?: string;
}

/** The latest effective pick matching `filter` (what «Deshacer» cancels), or null. */
export function lastUndoablePick(picks: Iterable<Pick>, filter: UndoFilter): Pick | null {
  const matching = effectivePicks(picks).filter(
    (p) =>
      (filter.order_id === undefined || p.order_id === filter.order_id) &&
      (filter.line_id === undefined || p.line_id === filter.line_id) &&
      (filter.route_id === undefined || p.route_id === filter.route_id) &&
      (filter.created_by === undefined || p.created_by === filter.created_by),
  );
  return matching[matching.length - 1] ?? null;
}

/** FNV-1a (64 bits, hex): a short stable name for an id too long to prefix. */
function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i += 1) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

/**
 * The id of the undo of a pick: the same on every device and every tap, so a double tap or two
 * tablets undoing the same pick store one undo.
 */
export function undoIdFor(pickId: string): string {
  const id = `undo-${pickId}`;
  return id.length <= 64 ? id : `undo-${fnv1a64(pickId)}`;
}

export interface EventAuthor {
  readonly userId: string;
  readonly at: number;
  readonly position: Position | null;
}

/** The compensating event that cancels `pick` in full. */
export function undoEventFor(pick: Pick, author: EventAuthor): Pick {
  return {
    id: undoIdFor(pick.id),
    at: author.at,
    created_by: author.userId,
    position: author.position,
    route_id: pick.route_id,
    order_id: pick.order_id,
    line_id: pick.line_id,
    product_id: pick.product_id,
    delivery_point_id: pick.delivery_point_id,
    hub: pick.hub,
    quantity: pick.quantity,
    scanned_barcode: '',
    undoes: pick.id,
  };
}

/**
 * What bringing a line to `target` units takes, in events: undo the latest picks while the box
 * holds more than `target` (an undo takes a whole pick out), then pick what is still missing.
 */
export function planSetQuantity(line: Pick_<LineProgress, 'picked' | 'picks'>, target: number): { undo: Pick[]; pick: number } {
  if (!Number.isInteger(target) || target < 0) throw new RangeError('target must be a whole number ≥ 0');
  const undo: Pick[] = [];
  let inBox = line.picked;
  const stack = [...line.picks];
  while (inBox > target) {
    const last = stack.pop();
    if (!last) break;
    undo.push(last);
    inBox -= last.quantity;
  }
  return { undo, pick: target - inBox };
}

type Pick_<T, K extends keyof T> = { [P in K]: T[P] };

/** The order lines with `picked_quantity` set from the events (capped at the quantity asked). */
export function pickedQuantityCache(order: Pick_<Order, 'lines'>, progress: OrderProgress): OrderLine[] {
  const byLine = new Map(progress.lines.map((l) => [l.line_id, l]));
  return order.lines.map((l) => ({ ...l, picked_quantity: Math.min(l.quantity, byLine.get(l.line_id)?.picked ?? 0) }));
}

export interface OrderChanges {
  readonly status?: OrderStatus;
  readonly picking_status?: PickingStatus;
  readonly lines?: OrderLine[];
}

function sameLines(a: readonly OrderLine[], b: readonly OrderLine[]): boolean {
  return a.length === b.length && a.every((l, i) => l.picked_quantity === b[i]?.picked_quantity);
}

/**
 * The changes an order needs so that its statuses say what its events say, or null:
 * - picking status = the derived one (pending, in progress, picked, incomplete), except that a
 *   started order never goes back to «Sin empezar»;
 * - while its route is being picked, an order is «En picking» and becomes «Preparado» once every
 *   line is picked or covered by an incidence; an undo that reopens a line reopens the order;
 * - `routePicking` says whether the route is being picked (or is becoming «Preparada» with
 *   these events); once it is «Preparada» (or later) nothing moves any more;
 * - `lines[].picked_quantity` is a cache written when the order becomes «Preparado» (and by
 *   the forced «Preparada»): what the rider loads and delivers.
 */
export function orderSettlement(order: Pick_<Order, 'status' | 'picking_status' | 'lines'>, progress: OrderProgress, routePicking: boolean): OrderChanges | null {
  if (!PICKABLE_ORDER_STATUSES.includes(order.status) || !routePicking) return null;
  const status: OrderStatus = progress.complete ? 'picked' : 'picking';
  const changes: { -readonly [K in keyof OrderChanges]: OrderChanges[K] } = {};
  if (status !== order.status) changes.status = status;
  // Once started, an order whose picks were all undone stays «En curso» (never back to «Sin empezar»).
  const picking_status = progress.picking_status === 'pending' && order.picking_status !== 'pending' ? 'in_progress' : progress.picking_status;
  if (picking_status !== order.picking_status) changes.picking_status = picking_status;
  if (status === 'picked') {
    const lines = pickedQuantityCache(order, progress);
    if (!sameLines(lines, order.lines)) changes.lines = lines;
  }
  return Object.keys(changes).length === 0 ? null : changes;
}

/**
 * The status a route's events call for, or null: a planned route with any picking event is
 * «En picking»; a route in picking whose every line is picked or covered becomes «Preparada».
 */
export function routeSettlement(route: Pick_<Route, 'status'>, progress: RoutePickingProgress): RouteStatus | null {
  const started = progress.units_picked > 0 || progress.units_short > 0 || progress.units_over > 0;
  if (route.status === 'planned' && started) return progress.complete ? 'ready' : 'picking';
  if (route.status === 'picking' && progress.complete) return 'ready';
  return null;
}

export const FORCE_REASON_MIN = 3;
export const FORCE_REASON_MAX = 500;

export type ForceReadyCheck =
  | { readonly ok: true; readonly reason: string }
  | { readonly ok: false; readonly code: 'reason_too_short' | 'reason_too_long' | 'route_not_pickable' };

/** Whether an operator may declare a route «Preparada» now, with this reason. */
export function checkForceReady(route: Pick_<Route, 'status'>, reason: string): ForceReadyCheck {
  const trimmed = reason.trim();
  if (!PICKABLE_ROUTE_STATUSES.includes(route.status)) return { ok: false, code: 'route_not_pickable' };
  if (trimmed.length < FORCE_REASON_MIN) return { ok: false, code: 'reason_too_short' };
  if (trimmed.length > FORCE_REASON_MAX) return { ok: false, code: 'reason_too_long' };
  return { ok: true, reason: trimmed };
}

/**
 * The changes of an order of a route forced «Preparada»: «Preparado», its picking status
 * «Completo» when everything is in the box and «Incompleto» otherwise, and the cache of what was
 * picked. Orders not in the picking flow are left alone (null).
 */
export function forcedOrderSettlement(order: Pick_<Order, 'status' | 'picking_status' | 'lines'>, progress: OrderProgress): OrderChanges | null {
  if (!PICKABLE_ORDER_STATUSES.includes(order.status)) return null;
  const everything = progress.lines.every((l) => l.state === 'picked');
  const picking_status: PickingStatus = everything ? 'picked' : 'incomplete';
  const lines = pickedQuantityCache(order, progress);
  const changes: { -readonly [K in keyof OrderChanges]: OrderChanges[K] } = {};
  if (order.status !== 'picked') changes.status = 'picked';
  if (order.picking_status !== picking_status) changes.picking_status = picking_status;
  if (!sameLines(lines, order.lines)) changes.lines = lines;
  return Object.keys(changes).length === 0 ? null : changes;
}
