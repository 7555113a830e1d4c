/**
 * Hand edits of a day's routes on the planning board (issue 11), pure: the stops of a route as
 * the route entity stores them (seq 1…n, a delivery point and its orders, an ETA). The data layer
 * (src/data/planning.ts) writes what these return; the optimiser (./day.ts) recomputes ETAs.
 *
 * - Orders added to a route join the stop of their delivery point when the route already visits
 *   it; otherwise they make a new stop at the end, one per delivery point, in the given order.
 * - Every edit renumbers the stops 1…n. A stop whose orders are all removed disappears.
 * - The ETA of an edited stop is kept until the board saves the evaluated times (`withTimes`).
 */
import { isValidLatLng } from '../deliveryPoints';
import type { DeliveryPoint, Route, RouteStop } from '../entities/operation';
import { routeMachine, type RouteStatus } from '../status/machines';
import { msg, worded } from '../messages';

/** Routes the planning board may still change (stops, rider, bike). */
export const EDITABLE_ROUTE_STATUSES: readonly RouteStatus[] = ['draft', 'planned'];

export function isEditableRoute(route: Pick<Route, 'status'>): boolean {
  return EDITABLE_ROUTE_STATUSES.includes(route.status);
}

export interface OrderRef {
  readonly id: string;
  readonly delivery_point_id: string;
}

function renumber(stops: readonly Omit<RouteStop, 'seq'>[]): RouteStop[] {
  return stops.map((s, i) => ({ seq: i + 1, delivery_point_id: s.delivery_point_id, order_ids: [...s.order_ids], eta: s.eta, ...(s.lock ? { lock: s.lock } : {}) }));
}

/** The stops with these orders added (joining the stop of their point, else new stops at the end). */
export function addOrdersToStops(stops: readonly RouteStop[], orders: readonly OrderRef[], eta = '00:00'): RouteStop[] {
  const next = stops.map((s) => ({ ...s, order_ids: [...s.order_ids] }));
  const present = new Set(next.flatMap((s) => s.order_ids));
  for (const o of orders) {
    if (present.has(o.id)) continue;
    present.add(o.id);
    const stop = next.find((s) => s.delivery_point_id === o.delivery_point_id);
    if (stop) stop.order_ids.push(o.id);
    else next.push({ seq: next.length + 1, delivery_point_id: o.delivery_point_id, order_ids: [o.id], eta });
  }
  return renumber(next);
}

/**
 * Whether the stop at `seq` may move one place up (-1) or down (+1): not past the ends, and
 * neither it nor the stop it would swap with is locked in place (`position`).
 */
export function canMoveStop(stops: readonly RouteStop[], seq: number, delta: -1 | 1): boolean {
  const a = stops[seq - 1];
  const b = stops[seq - 1 + delta];
  return a !== undefined && b !== undefined && seq - 1 + delta >= 0 && a.lock !== 'position' && b.lock !== 'position';
}

/**
 * The stops with the stop at `seq` moved one place up (-1) or down (+1); unchanged at the ends and
 * when either stop is locked in place (`canMoveStop`).
 */
export function moveStopBy(stops: readonly RouteStop[], seq: number, delta: -1 | 1): RouteStop[] {
  const i = seq - 1;
  const j = i + delta;
  if (!canMoveStop(stops, seq, delta)) return renumber(stops);
  const next = stops.slice();
  const a = next[i] as RouteStop;
  next[i] = next[j] as RouteStop;
  next[j] = a;
  return renumber(next);
}

/**
 * Whether the stop at `seq` may be dragged to place `to` (1…n) of the same route: it is not
 * locked, and no stop locked in place would change its number (the stops between the two places
 * shift by one). A drop on its own place is no move.
 */
export function canPlaceStop(stops: readonly RouteStop[], seq: number, to: number): boolean {
  const stop = stops[seq - 1];
  if (!stop || stop.lock !== undefined || to < 1 || to > stops.length || to === seq) return false;
  const [lo, hi] = seq < to ? [seq, to] : [to, seq];
  return stops.slice(lo - 1, hi).every((s) => s.lock !== 'position');
}

/** The stops with the stop at `seq` dragged to place `to`; unchanged when `canPlaceStop` says no. */
export function placeStopAt(stops: readonly RouteStop[], seq: number, to: number): RouteStop[] {
  if (!canPlaceStop(stops, seq, to)) return renumber(stops);
  const next = stops.slice();
  const [moved] = next.splice(seq - 1, 1);
  next.splice(to - 1, 0, moved as RouteStop);
  return renumber(next);
}

/**
 * Whether orders of `pointId` may be dropped at place `to` (1…n+1) of a route: when the route
 * already visits the point they join that stop (nothing shifts); otherwise a new stop at `to`
 * shifts the later ones, so none of those may be locked in place.
 */
export function canInsertStopAt(stops: readonly RouteStop[], pointId: string, to: number): boolean {
  if (stops.some((s) => s.delivery_point_id === pointId)) return true;
  return to >= 1 && to <= stops.length + 1 && stops.slice(to - 1).every((s) => s.lock !== 'position');
}

/**
 * The stops with these orders (of one delivery point, a dragged stop's) put at place `to`: they
 * join the stop of their point when the route visits it, else make a new stop there. Unchanged
 * when `canInsertStopAt` says no.
 */
export function insertOrdersAt(stops: readonly RouteStop[], orders: readonly OrderRef[], to: number, eta: string): RouteStop[] {
  const pointId = orders[0]?.delivery_point_id;
  if (pointId === undefined || orders.some((o) => o.delivery_point_id !== pointId) || !canInsertStopAt(stops, pointId, to)) return renumber(stops);
  if (stops.some((s) => s.delivery_point_id === pointId)) return addOrdersToStops(stops, orders, eta);
  const present = new Set(stops.flatMap((s) => s.order_ids));
  const next: Omit<RouteStop, 'seq'>[] = stops.slice();
  next.splice(to - 1, 0, { delivery_point_id: pointId, order_ids: orders.map((o) => o.id).filter((id) => !present.has(id)), eta });
  return renumber(next.filter((s) => s.order_ids.length > 0));
}

/** The stops without the stop at `seq`, and the orders it carried. */
export function removeStopAt(stops: readonly RouteStop[], seq: number): { stops: RouteStop[]; orderIds: string[] } {
  const removed = stops[seq - 1];
  if (!removed) return { stops: renumber(stops), orderIds: [] };
  return { stops: renumber(stops.filter((_, k) => k !== seq - 1)), orderIds: [...removed.order_ids] };
}

/**
 * The stops with the stop at `seq` locked (`position`: the optimiser keeps it on this route at
 * this place; `route`: on this route) or freed (`none`). Unchanged when there is no such stop.
 */
export function lockStopAt(stops: readonly RouteStop[], seq: number, lock: 'position' | 'route' | 'none'): RouteStop[] {
  return renumber(
    stops.map((s, k) => {
      if (k !== seq - 1) return s;
      const { lock: _old, ...free } = s;
      return lock === 'none' ? free : { ...free, lock };
    }),
  );
}

/** The stops without these orders (stops left empty disappear). */
export function removeOrdersFromStops(stops: readonly RouteStop[], orderIds: readonly string[]): RouteStop[] {
  const gone = new Set(orderIds);
  return renumber(stops.map((s) => ({ ...s, order_ids: s.order_ids.filter((id) => !gone.has(id)) })).filter((s) => s.order_ids.length > 0));
}

export interface StopTimes {
  readonly delivery_point_id: string;
  readonly order_ids: readonly string[];
  readonly eta: string;
}

/**
 * The stops with the ETAs of an evaluation of the same route (matched by delivery point and
 * orders; a stop the evaluation does not know keeps its ETA).
 */
export function withTimes(stops: readonly RouteStop[], evaluated: readonly StopTimes[]): RouteStop[] {
  const key = (s: { delivery_point_id: string; order_ids: readonly string[] }) => `${s.delivery_point_id}|${[...s.order_ids].sort().join(',')}`;
  const etaOf = new Map(evaluated.map((s) => [key(s), s.eta]));
  return stops.map((s) => ({ ...s, eta: etaOf.get(key(s)) ?? s.eta }));
}

export interface PublishProblem {
  /** Field of the route the problem is about. */
  readonly path: 'status' | 'rider_id' | 'stops';
  readonly message: string;
}

/** Why a route cannot be published (reasons in the interface's language; empty when it can). */
export function publishProblems(route: Pick<Route, 'status' | 'rider_id' | 'stops' | 'name'>): PublishProblem[] {
  const problems: PublishProblem[] = [];
  if (route.status !== 'draft') problems.push({ path: 'status', message: worded(msg('domain.routing.publish.notDraft', { name: route.name, status: routeMachine.labels[route.status] })) });
  if (route.rider_id === '') problems.push({ path: 'rider_id', message: worded(msg('domain.routing.publish.noRider', { name: route.name })) });
  if (route.stops.length === 0) problems.push({ path: 'stops', message: worded(msg('domain.routing.publish.noStops', { name: route.name })) });
  return problems;
}

/** Code of a new route: `R-YYYYMMDD-H<hub>-<n>` with `n` one more than the day's highest. */
export function nextRouteCode(date: string, hub: number, existingCodes: readonly string[]): string {
  const prefix = `R-${date.replace(/-/g, '')}-H${hub}-`;
  let max = 0;
  for (const c of existingCodes) {
    if (!c.startsWith(prefix)) continue;
    const n = Number(c.slice(prefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return `${prefix}${max + 1}`;
}

// ── Points «sin ubicación» ───────────────────────────────────────────────────────────────────

/**
 * Whether a delivery point has a place to plan: the import makes points «sin ubicación»
 * (`located: false`, the hub's position as a placeholder) when a line names an address it does not
 * know; a point missing from the device cannot be planned either.
 */
export function isLocatedPoint(point: Pick<DeliveryPoint, 'located'> | undefined): boolean {
  return point !== undefined && point.located !== false;
}

/**
 * The orders (of those given, in order) whose delivery point is «sin ubicación». A point not in
 * `points` is not judged here (it may not have synced yet).
 */
export function ordersWithoutLocation<O extends OrderRef>(orders: readonly O[], points: ReadonlyMap<string, Pick<DeliveryPoint, 'located'>>): O[] {
  return orders.filter((o) => points.get(o.delivery_point_id)?.located === false);
}

export type PlacementResult = { readonly ok: true; readonly patch: { readonly lat: number; readonly lng: number; readonly located: true } } | { readonly ok: false; readonly field: 'lat' | 'lng' };

/**
 * The change that places a point «sin ubicación» on the map: latitude -90..90 and longitude
 * -180..180 (finite numbers); the point becomes located. Names the first wrong field.
 */
export function placePointPatch(lat: unknown, lng: unknown): PlacementResult {
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) return { ok: false, field: 'lat' };
  if (!isValidLatLng(lat, lng)) return { ok: false, field: 'lng' };
  return { ok: true, patch: { lat, lng: lng as number, located: true } };
}
