/**
 * The planning input of a hub's day, from the app's documents (orders, delivery points,
 * products, routes, users, bikes, bike models, the hub): what the planning board sends the
 * optimiser.
 *
 * - Routes that can still be planned: the day's routes of the hub in «Borrador» or «Planificada»,
 *   with their stops and locks (a stop's stored `lock`, else `locks`: by route id and seq).
 * - Orders: the unplanned ones of that day and hub («Pendiente» without route) and those on the
 *   routes above. Line weights and volumes come from the products.
 * - Riders: active riders of the hub not on a route that is already under way; bikes: the hub's
 *   bikes that are available, or assigned to one of the routes above.
 *
 * What «Optimizar» may change (`scope`, issue 27 §2; the board's default is `unrouted`):
 * - `unrouted`: only the orders without a route are planned. Every stop already on a draft stays
 *   on its route (lock `route`: the new stops go around it); published routes («Planificada»)
 *   stay exactly as they are — left out of the problem (their riders and bikes are taken), or,
 *   with `intoPublished`, open to new stops after their own (their stops locked in place);
 * - `drafts`: the drafts are planned again from scratch; published routes as in `unrouted`;
 * - `all`: drafts and published routes are planned again (their stops' own locks hold).
 * In every scope an order without a route joins the stop of its delivery point that a route
 * already has, when their windows overlap: a shop's orders of a day go to the same stop unless
 * they cannot.
 */
import type { Bike, DeliveryPoint, Order, Product, Route, User } from '../entities/operation';
import type { BikeModel, Hub } from '../entities/reference';
import type { DayPlanInput, DayPlanSettings } from './day';
import type { StopLock } from './model';

export interface DayEntities {
  readonly date: string;
  readonly hub: Hub;
  readonly orders: readonly Order[];
  readonly deliveryPoints: readonly DeliveryPoint[];
  readonly products: readonly Product[];
  readonly routes: readonly Route[];
  readonly users: readonly User[];
  readonly bikes: readonly Bike[];
  readonly bikeModels: readonly BikeModel[];
  /** Locks of stops: route id → seq → lock. */
  readonly locks?: ReadonlyMap<string, ReadonlyMap<number, StopLock>>;
  readonly settings?: Partial<DayPlanSettings>;
  readonly maxNewRoutes?: number;
  /** What the optimiser may change (see above); `all` when absent. */
  readonly scope?: PlanScope;
  /** With `unrouted` or `drafts`: published routes may take new stops after their own. */
  readonly intoPublished?: boolean;
}

export type PlanScope = 'unrouted' | 'drafts' | 'all';

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const PLANNABLE_ROUTE = new Set(['draft', 'planned']);

export function dayInputFromEntities(e: DayEntities): DayPlanInput {
  const hubNo = e.hub.number;
  const scope = e.scope ?? 'all';
  const keepPublished = scope !== 'all';
  // Published routes kept out of the problem (scope `unrouted`/`drafts` without `intoPublished`).
  const keptOut = (r: Route) => keepPublished && !e.intoPublished && r.status === 'planned';
  const routes = e.routes.filter((r) => r.hub === hubNo && r.date === e.date && PLANNABLE_ROUTE.has(r.status) && !keptOut(r));
  const busyRiders = new Set(e.routes.filter((r) => r.date === e.date && ((!PLANNABLE_ROUTE.has(r.status) && r.status !== 'cancelled') || (r.hub === hubNo && keptOut(r)))).map((r) => r.rider_id));
  const keptOutBikes = new Set(e.routes.filter((r) => r.date === e.date && r.hub === hubNo && keptOut(r)).map((r) => r.bike_id));
  const onRoutes = new Set(routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
  /** How a stop already on a route is held in this scope. */
  const lockOf = (r: Route, own: StopLock): StopLock => {
    if (own === 'position') return 'position';
    if (r.status === 'planned' && keepPublished) return 'position';
    if (scope === 'unrouted') return own === 'none' ? 'route' : own;
    return own;
  };
  const orders = e.orders.filter((o) => o.hub === hubNo && o.date === e.date && (onRoutes.has(o.id) || (o.route_id === '' && o.status === 'pending')));
  const planned = new Set(orders.map((o) => o.id));
  const points = new Map(e.deliveryPoints.map((p) => [p.id, p]));
  const products = new Map(e.products.map((p) => [p.id, p]));
  const models = new Map(e.bikeModels.map((m) => [m.id, m]));
  const bikesUsed = new Set(routes.map((r) => r.bike_id).filter((b) => b !== ''));
  const byId = new Map(orders.map((o) => [o.id, o]));
  // Orders without a route join the stop of their point a route already has (windows overlapping).
  const joining = new Map<string, string[]>(); // "routeId|seq" → order ids
  for (const o of orders) {
    if (onRoutes.has(o.id)) continue;
    for (const r of routes) {
      const stop = r.stops.find((st) => st.delivery_point_id === o.delivery_point_id);
      if (!stop) continue;
      const mates = stop.order_ids.map((id) => byId.get(id)).filter((x): x is Order => x !== undefined);
      const start = Math.max(minutes(o.window_start), ...mates.map((m) => minutes(m.window_start)));
      const end = Math.min(minutes(o.window_end), ...mates.map((m) => minutes(m.window_end)));
      if (start >= end) continue;
      const key = `${r.id}|${stop.seq}`;
      joining.set(key, [...(joining.get(key) ?? []), o.id]);
      break;
    }
  }
  // The hub's travel settings (its record), then the caller's.
  const fromHub: Partial<DayPlanSettings> = {
    ...(e.hub.detour_factor !== undefined ? { detourFactor: e.hub.detour_factor } : {}),
    ...(e.hub.speed_kmh !== undefined ? { speedKmh: e.hub.speed_kmh } : {}),
  };
  const settings = Object.keys(fromHub).length > 0 || e.settings ? { ...fromHub, ...e.settings } : undefined;
  return {
    hub: { lat: e.hub.lat, lng: e.hub.lng, opens: e.hub.opens, closes: e.hub.closes },
    orders: orders.map((o) => {
      const p = points.get(o.delivery_point_id);
      return {
        id: o.id,
        code: o.code,
        delivery_point_id: o.delivery_point_id,
        // A point «sin ubicación» holds its hub's position as a placeholder: not a place to plan.
        lat: p && p.located !== false ? p.lat : null,
        lng: p && p.located !== false ? p.lng : null,
        window_start: o.window_start,
        window_end: o.window_end,
        lines: o.lines.map((l) => {
          const product = products.get(l.product_id);
          return { quantity: l.quantity, weight_g: product?.weight_g ?? 0, volume_ml: product?.volume_ml ?? 0 };
        }),
      };
    }),
    routes: routes.map((r) => ({
      id: r.id,
      rider_id: r.rider_id,
      bike_id: r.bike_id,
      planned_start: r.planned_start,
      stops: r.stops
        .map((s) => ({
          delivery_point_id: s.delivery_point_id,
          order_ids: [...s.order_ids.filter((id) => planned.has(id)), ...(joining.get(`${r.id}|${s.seq}`) ?? [])],
          lock: lockOf(r, s.lock ?? e.locks?.get(r.id)?.get(s.seq) ?? 'none'),
        }))
        .filter((s) => s.order_ids.length > 0),
    })),
    riders: e.users.filter((u) => u.role === 'rider' && u.active && u.hub === hubNo && !busyRiders.has(u.id)).map((u) => ({ id: u.id })),
    bikes: e.bikes
      .filter((b) => b.hub === hubNo && (b.status === 'available' || bikesUsed.has(b.id)) && !keptOutBikes.has(b.id) && models.has(b.model_id))
      .map((b) => {
        const m = models.get(b.model_id) as BikeModel;
        return { id: b.id, capacity_kg: m.capacity_kg, capacity_l: m.capacity_l };
      }),
    ...(e.maxNewRoutes !== undefined ? { maxNewRoutes: e.maxNewRoutes } : {}),
    ...(settings ? { settings } : {}),
  };
}
