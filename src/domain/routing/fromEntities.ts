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
}

const PLANNABLE_ROUTE = new Set(['draft', 'planned']);

export function dayInputFromEntities(e: DayEntities): DayPlanInput {
  const hubNo = e.hub.number;
  const routes = e.routes.filter((r) => r.hub === hubNo && r.date === e.date && PLANNABLE_ROUTE.has(r.status));
  const busyRiders = new Set(e.routes.filter((r) => r.date === e.date && !PLANNABLE_ROUTE.has(r.status) && r.status !== 'cancelled').map((r) => r.rider_id));
  const onRoutes = new Set(routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)));
  const orders = e.orders.filter((o) => o.hub === hubNo && o.date === e.date && (onRoutes.has(o.id) || (o.route_id === '' && o.status === 'pending')));
  const planned = new Set(orders.map((o) => o.id));
  const points = new Map(e.deliveryPoints.map((p) => [p.id, p]));
  const products = new Map(e.products.map((p) => [p.id, p]));
  const models = new Map(e.bikeModels.map((m) => [m.id, m]));
  const bikesUsed = new Set(routes.map((r) => r.bike_id).filter((b) => b !== ''));
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
        .map((s) => ({ delivery_point_id: s.delivery_point_id, order_ids: s.order_ids.filter((id) => planned.has(id)), lock: s.lock ?? e.locks?.get(r.id)?.get(s.seq) ?? 'none' }))
        .filter((s) => s.order_ids.length > 0),
    })),
    riders: e.users.filter((u) => u.role === 'rider' && u.active && u.hub === hubNo && !busyRiders.has(u.id)).map((u) => ({ id: u.id })),
    bikes: e.bikes
      .filter((b) => b.hub === hubNo && (b.status === 'available' || bikesUsed.has(b.id)) && models.has(b.model_id))
      .map((b) => {
        const m = models.get(b.model_id) as BikeModel;
        return { id: b.id, capacity_kg: m.capacity_kg, capacity_l: m.capacity_l };
      }),
    ...(e.maxNewRoutes !== undefined ? { maxNewRoutes: e.maxNewRoutes } : {}),
    ...(settings ? { settings } : {}),
  };
}
