/** Orders of one day for every hub and one route per rider (nearest-neighbour order from the hub). */
import type { Order, OrderLine, Route, RouteStop } from '../../src/domain/entities/operation';
import type { Rng } from '../../src/domain/prng';
import { ORDER_NOTES } from './names';
import { hhmm, MIN, minutesOf, must, pad } from './options';
import { distanceM, type HubDef, HUBS } from './places';
import type { DemoState} from './state';
import { type PointInfo } from './state';

/** Cargo-bike speed in town, metres per minute (12 km/h), and the street detour factor. */
const BIKE_M_PER_MIN = 200;
const DETOUR = 1.3;

function makeOrder(ctx: DemoState, rng: Rng, point: PointInfo, date: string, seq: number, width: number, createdAt: number): Order {
  const clientKey = rng.pick(point.clients);
  const client = must(ctx.clientByKey.get(clientKey), `el cliente ${clientKey}`);
  const catalogue = must(ctx.activeProducts.get(clientKey), `los productos de ${clientKey}`);
  const nLines = clientKey === 'synlab' ? rng.int(1, 4) : rng.int(1, 6);
  const lines: OrderLine[] = rng.sample(catalogue, nLines).map((p, i) => {
    let quantity: number;
    if (p.unit === 'caja') quantity = rng.int(1, clientKey === 'synlab' ? 4 : 3);
    else if (p.unit === 'pack') quantity = rng.int(1, 6);
    else if (p.unit === 'kg') quantity = rng.int(1, 3);
    else quantity = clientKey === 'synlab' ? rng.int(1, 4) : rng.int(2, 12);
    return {
      line_id: `L${i + 1}`,
      product_id: p.id,
      name: p.name,
      quantity,
      unit_price_cents: p.price_cents,
      tax_id: p.tax_id,
      tax_rate_bp: must(ctx.taxRate.get(p.tax_id), `el impuesto ${p.tax_id}`),
      picked_quantity: 0,
    };
  });
  // Delivery window inside the point's receiving hours, usually from (or soon after) opening.
  const opens = minutesOf(point.dp.opens);
  const closes = minutesOf(point.dp.closes);
  const span = closes - opens;
  const length = Math.min(rng.pick([120, 180, 240]), span);
  const start = opens + 30 * rng.int(0, Math.min(2, Math.floor((span - length) / 30)));
  const compact = date.replace(/-/g, '');
  const order: Order = {
    id: `o-${compact}-${pad(seq, width)}`,
    code: `P-${compact}-${pad(seq, width)}`,
    client_id: client.id,
    delivery_point_id: point.dp.id,
    hub: point.dp.hub,
    date,
    window_start: hhmm(start),
    window_end: hhmm(start + length),
    status: 'pending',
    picking_status: 'pending',
    status_id: '',
    route_id: '',
    lines,
    payment_method: rng.weighted(client.paymentMix),
    external_ref: `${client.refPrefix}-${compact.slice(2)}-${pad(rng.int(0, 999_999), 6)}`,
    notes: rng.chance(0.12) ? rng.pick(ORDER_NOTES) : '',
    created_at: createdAt,
    updated_at: createdAt,
  };
  return order;
}

/** Orders of one day for every hub, and one route per rider. Returns the day's routes. */
export function buildDay(ctx: DemoState, date: string, isToday: boolean): Route[] {
  const rng = ctx.rng.fork(`day:${date}`);
  const compact = date.replace(/-/g, '');
  const width = Math.max(4, String(ctx.o.ordersPerDay).length);
  const hubs = HUBS.filter((h) => (ctx.pointsByHub.get(h.number)?.length ?? 0) > 0);
  const dayRoutes: Route[] = [];
  const [dd, mm] = [date.slice(8, 10), date.slice(5, 7)];
  let seq = 0;

  hubs.forEach((h, hi) => {
    const pool = must(ctx.pointsByHub.get(h.number), `los puntos del hub ${h.number}`);
    const riders = ctx.ridersByHub.get(h.number) ?? [];
    const nOrders = Math.floor(ctx.o.ordersPerDay / hubs.length) + (hi < ctx.o.ordersPerDay % hubs.length ? 1 : 0);
    // Stops per route: 8–15, fewer when the hub has few orders (leave some for planning).
    const maxStops = Math.max(8, Math.min(15, Math.floor((nOrders * 0.85) / Math.max(1, riders.length))));
    const targets = riders.map(() => rng.int(8, maxStops));
    const stopCount = Math.min(
      targets.reduce((a, b) => a + b, 0),
      nOrders,
      pool.length,
    );
    const stopPoints = rng.sample(pool, stopCount);

    // Orders: one for every stop point first, then the rest anywhere in the hub's area.
    const byPoint = new Map<string, Order[]>();
    for (let i = 0; i < nOrders; i += 1) {
      const point = i < stopPoints.length ? must(stopPoints[i], 'un punto de parada') : rng.pick(pool);
      seq += 1;
      const createdAt = isToday ? ctx.ago(rng.int(14 * 60, 40 * 60) * MIN) : ctx.ago(rng.int(30, 14 * 60) * MIN);
      const order = makeOrder(ctx, rng, point, date, seq, width, createdAt);
      ctx.orders.push(order);
      ctx.orderById.set(order.id, order);
      const list = byPoint.get(point.dp.id);
      if (list) list.push(order);
      else byPoint.set(point.dp.id, [order]);
    }

    // Sweep: sort the stop points by bearing from the hub, so each rider gets one sector.
    const cosLat = Math.cos((h.lat * Math.PI) / 180);
    const angle = (p: PointInfo) => Math.atan2(p.dp.lat - h.lat, (p.dp.lng - h.lng) * cosLat);
    const swept = stopPoints
      .map((p) => ({ p, a: angle(p) }))
      .sort((a, b) => a.a - b.a || (a.p.dp.id < b.p.dp.id ? -1 : 1))
      .map((x) => x.p);
    const offset = swept.length > 0 ? rng.int(0, swept.length - 1) : 0;
    const ring = swept.slice(offset).concat(swept.slice(0, offset));

    const bikes = (ctx.bikesByHub.get(h.number) ?? []).filter((b) => b.status !== 'maintenance');
    let cursor = 0;
    riders.forEach((rider, k) => {
      const chunk = ring.slice(cursor, cursor + must(targets[k], 'el tamaño de la ruta'));
      cursor += chunk.length;
      if (chunk.length === 0) return;
      const ordered = nearestNeighbourOrder(h, chunk);
      const plannedStart = rng.pick([450, 465, 480, 495, 510, 540]); // 07:30–09:00
      let t = plannedStart + 10;
      let prevLat = h.lat;
      let prevLng = h.lng;
      let distance = 0;
      const stops: RouteStop[] = [];
      for (const p of ordered) {
        const orders = (byPoint.get(p.dp.id) ?? []).slice(0, 100);
        const leg = distanceM(prevLat, prevLng, p.dp.lat, p.dp.lng) * DETOUR;
        distance += leg;
        t += Math.max(2, Math.ceil(leg / BIKE_M_PER_MIN));
        stops.push({ seq: stops.length + 1, delivery_point_id: p.dp.id, order_ids: orders.map((x) => x.id), eta: hhmm(t) });
        t += 4 + 2 * orders.length;
        prevLat = p.dp.lat;
        prevLng = p.dp.lng;
      }
      distance += distanceM(prevLat, prevLng, h.lat, h.lng) * DETOUR;
      const bike = bikes.length > 0 ? bikes[k % bikes.length] : undefined;
      const route: Route = {
        id: `rt-${compact}-${h.code.toLowerCase()}-${k + 1}`,
        code: `R-${compact}-${h.code}-${k + 1}`,
        name: `${h.shortName} · ${rider.name.split(' ')[0] ?? rider.name} · ${dd}/${mm}`,
        hub: h.number,
        date,
        rider_id: rider.id,
        bike_id: bike?.id ?? '',
        status: 'planned',
        status_id: '',
        stops,
        planned_start: hhmm(plannedStart),
        distance_m: Math.round(distance),
        cancel_reason: '',
        updated_at: ctx.ago(rng.int(isToday ? 10 * 60 : 20, isToday ? 16 * 60 : 6 * 60) * MIN),
      };
      for (const stop of stops) {
        for (const id of stop.order_ids) {
          const order = must(ctx.orderById.get(id), `el pedido ${id}`);
          order.route_id = route.id;
          order.status = 'planned';
          order.updated_at = Math.max(order.created_at, route.updated_at);
        }
      }
      ctx.routes.push(route);
      dayRoutes.push(route);
    });

    // A few unplanned orders were cancelled by the client.
    for (const list of byPoint.values()) {
      for (const order of list) {
        if (order.route_id === '' && rng.chance(0.02)) {
          order.status = 'cancelled';
          order.notes = 'Anulado por el cliente.';
          order.updated_at = Math.max(order.created_at, ctx.ago(rng.int(10, 120) * MIN));
        }
      }
    }
  });
  return dayRoutes;
}

/** Orders points by repeatedly visiting the nearest one, starting from the hub. */
function nearestNeighbourOrder(hub: HubDef, points: readonly PointInfo[]): PointInfo[] {
  const left = points.slice();
  const out: PointInfo[] = [];
  let lat = hub.lat;
  let lng = hub.lng;
  const k = Math.cos((hub.lat * Math.PI) / 180);
  while (left.length > 0) {
    let best = 0;
    let bestD = Infinity;
    left.forEach((p, i) => {
      const dy = p.dp.lat - lat;
      const dx = (p.dp.lng - lng) * k;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    const [next] = left.splice(best, 1);
    if (!next) break;
    out.push(next);
    lat = next.dp.lat;
    lng = next.dp.lng;
  }
  return out;
}
