/** Today's progress: each route of today taken to a stage (picking, ready, loaded, under way, completed). */
import type { Order, Route } from '../../src/domain/entities/operation';
import type { Rng } from '../../src/domain/prng';
import type { RouteStatus } from '../../src/domain/status/machines';
import { deliverStop } from './delivery';
import { MIN, must } from './options';
import { HUB_OPERATOR } from './people';
import { addPick, addReceipt, pickOrder } from './picking';
import type { DemoState } from './state';

/** Average minutes per stop of a round (riding plus handing over), for event times. */
const STOP_MINUTES = 14;

export function simulateToday(ctx: DemoState, routes: Route[]): void {
  const rng = ctx.rng.fork('today');
  // Route statuses: rider1 waits with a prepared route; the others are at various stages.
  const statuses: RouteStatus[] = routes.map((r) =>
    r.rider_id === 'u-rider1'
      ? 'ready'
      : rng.weighted<RouteStatus>([
          ['in_progress', 45],
          ['completed', 15],
          ['loaded', 10],
          ['ready', 15],
          ['picking', 15],
        ]),
  );
  let forced = statuses.indexOf('in_progress');
  if (forced < 0) {
    forced = routes.findIndex((r) => r.rider_id !== 'u-rider1');
    if (forced >= 0) statuses[forced] = 'in_progress';
  }
  routes.forEach((route, i) => {
    const status = must(statuses[i], 'el estado de la ruta');
    progressRoute(ctx, rng, route, status, i === forced);
  });
}

function ordersOf(ctx: DemoState, route: Route): Order[] {
  return route.stops.flatMap((s) => s.order_ids.map((id) => must(ctx.orderById.get(id), `el pedido ${id}`)));
}

function progressRoute(ctx: DemoState, rng: Rng, route: Route, status: RouteStatus, forced: boolean): void {
  route.status = status;
  const orders = ordersOf(ctx, route);
  const hub = ctx.hub(route.hub);
  const picker = HUB_OPERATOR[route.hub] ?? 'u-operador';
  const rider = route.rider_id;
  const n = route.stops.length;
  const isRider1 = rider === 'u-rider1';

  if (status === 'picking') {
    let t = ctx.ago(rng.int(20, 60) * MIN);
    for (const order of orders) {
      order.status = 'picking';
      const r = rng.next();
      if (r < 0.4) pickOrder(ctx, rng, order, route, picker, t, true, false);
      else if (r < 0.7 && order.lines.length > 1) {
        order.picking_status = 'in_progress';
        const upTo = rng.int(1, order.lines.length - 1);
        order.lines.forEach((l, j) => {
          if (j < upTo) {
            l.picked_quantity = l.quantity;
            addPick(ctx, rng, order, l, route, picker, t + j * 20_000);
          }
        });
        order.updated_at = Math.max(order.updated_at, t + order.lines.length * 20_000);
      }
      t = Math.min(ctx.o.now, t + rng.int(1, 4) * MIN);
    }
    route.updated_at = Math.max(route.updated_at, ctx.ago(rng.int(20, 60) * MIN));
    return;
  }

  // Every later stage starts from a fully picked route.
  let routeStart: number;
  let visited = 0;
  if (status === 'in_progress') {
    visited = n > 1 ? rng.int(1, n - 1) : 0;
    routeStart = ctx.ago((visited * STOP_MINUTES + rng.int(5, 20)) * MIN);
  } else if (status === 'completed') {
    visited = n;
    routeStart = ctx.ago((n * STOP_MINUTES + rng.int(30, 120)) * MIN);
  } else if (status === 'loaded') {
    routeStart = ctx.ago(rng.int(1, 5) * MIN);
  } else {
    routeStart = ctx.ago(rng.int(0, 30) * MIN);
  }
  const receiptAt = Math.max(0, routeStart - rng.int(10, 20) * MIN);
  let pickAt = Math.max(0, (status === 'ready' ? ctx.ago(rng.int(30, 150) * MIN) : receiptAt) - rng.int(60, 150) * MIN);
  // The forced route (the first one under way) always shows a short pick.
  let needShort = forced;
  orders.forEach((order) => {
    if (pickOrder(ctx, rng, order, route, picker, pickAt, !isRider1, needShort)) needShort = false;
    pickAt = Math.min(ctx.o.now, pickAt + rng.int(2, 5) * MIN);
  });
  route.updated_at = Math.max(route.updated_at, pickAt);
  if (status === 'ready') return;

  // Goods received by the rider at the hub.
  addReceipt(ctx, rng, route, orders, hub, receiptAt);
  route.updated_at = Math.max(route.updated_at, receiptAt);
  for (const b of ctx.bikes) {
    if (b.id === route.bike_id && status !== 'completed') {
      b.status = 'in_route';
      b.updated_at = Math.max(b.updated_at, receiptAt);
    }
  }
  if (status === 'loaded') return;

  for (const order of orders) {
    order.status = 'out_for_delivery';
    order.updated_at = Math.max(order.updated_at, routeStart);
  }
  const completed = status === 'completed';
  const handOverAt = completed ? Math.min(ctx.o.now, routeStart + (n + 1) * STOP_MINUTES * MIN + 5 * MIN) : 0;
  for (let j = 0; j < visited; j += 1) {
    const stop = must(route.stops[j], 'una parada');
    const at = Math.min(ctx.o.now - MIN, routeStart + (j + 1) * STOP_MINUTES * MIN - rng.int(0, 4) * MIN);
    deliverStop(ctx, rng, route, stop, Math.max(0, at), completed, forced && j === 0, handOverAt, picker);
  }
  route.updated_at = Math.max(route.updated_at, completed ? handOverAt : ctx.ago(rng.int(1, 5) * MIN));
}
