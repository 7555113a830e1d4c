/**
 * What the operator does with the orders an optimiser proposal left out (issue 27 §2), pure: no
 * order is dropped silently — each left-out group (a delivery point's orders) is listed with its
 * reason, and the operator either puts it on a new route («Añadir una ruta»: another rider and
 * bike, chosen on the board once saved) or forces it onto a route of the proposal («Forzar en la
 * ruta…», at the end, or joining that route's stop of the same point). The board evaluates the
 * day again after saving, so times and warnings of a forced stop show there.
 */
import type { DayPlanResult, DayPlanRoute, DayPlanStop, DayUnplanned } from './day';

function stopOf(u: DayUnplanned, seq: number, eta: string): DayPlanStop {
  return { seq, delivery_point_id: u.delivery_point_id, order_ids: [...u.order_ids], eta, arrival_s: 0, start_s: 0, departure_s: 0, waiting_s: 0, late_s: 0, window_start: '', window_end: '', lock: 'none' };
}

function without(result: DayPlanResult, index: number): { left: DayUnplanned; unplanned: DayUnplanned[] } {
  const left = result.unplanned[index];
  if (!left) throw new RangeError(`no left-out group ${index}`);
  return { left, unplanned: result.unplanned.filter((_, i) => i !== index) };
}

/** The proposal with left-out group `index` on a new route of its own (no rider or bike yet). */
export function withNewRoute(result: DayPlanResult, index: number, plannedStart: string): DayPlanResult {
  const { left, unplanned } = without(result, index);
  const empty = { weight_g: 0, volume_ml: 0, boxes: 0 };
  const route: DayPlanRoute = {
    route_id: null,
    rider_id: '',
    bike_id: '',
    planned_start: plannedStart,
    end: plannedStart,
    start_s: 0,
    end_s: 0,
    stops: [stopOf(left, 1, plannedStart)],
    distance_m: 0,
    duration_s: 0,
    travel_s: 0,
    waiting_s: 0,
    load: empty,
    capacity: empty,
    warnings: [],
  };
  return { ...result, routes: [...result.routes, route], unplanned };
}

/** The proposal with left-out group `index` forced onto route `routeIndex` (joining its stop of the same point, else last). */
export function forceIntoRoute(result: DayPlanResult, index: number, routeIndex: number): DayPlanResult {
  const { left, unplanned } = without(result, index);
  const target = result.routes[routeIndex];
  if (!target) throw new RangeError(`no route ${routeIndex}`);
  const same = target.stops.findIndex((s) => s.delivery_point_id === left.delivery_point_id);
  const stops =
    same >= 0
      ? target.stops.map((s, i) => (i === same ? { ...s, order_ids: [...s.order_ids, ...left.order_ids.filter((id) => !s.order_ids.includes(id))] } : s))
      : [...target.stops, stopOf(left, target.stops.length + 1, target.stops.at(-1)?.eta ?? target.planned_start)];
  return { ...result, routes: result.routes.map((r, i) => (i === routeIndex ? { ...r, stops } : r)), unplanned };
}
