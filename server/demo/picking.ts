/** Picks (with the picker's incidences) and the rider's goods receipt at the hub. */
import type { IncidenceType } from '../../src/domain/entities/events';
import type { Order, OrderLine, Route } from '../../src/domain/entities/operation';
import type { Rng } from '../../src/domain/prng';
import { near } from './delivery';
import { must } from './options';
import type { HubDef } from './places';
import type { DemoState } from './state';

/** Picks every line of an order (maybe short of one product, with a picker incidence). */
export function pickOrder(ctx: DemoState, rng: Rng, order: Order, route: Route, picker: string, at: number, allowShort: boolean, forceShort: boolean): boolean {
  let short = false;
  for (const l of order.lines) l.picked_quantity = l.quantity;
  order.status = 'picked';
  order.picking_status = 'picked';
  if (allowShort && (forceShort || rng.chance(0.05))) {
    const only = order.lines.length === 1;
    const candidates = order.lines.filter((l) => l.quantity > (only ? 1 : 0));
    if (candidates.length > 0) {
      const line = rng.pick(candidates);
      const shortage = rng.int(1, line.quantity - (only ? 1 : 0));
      line.picked_quantity = line.quantity - shortage;
      order.picking_status = 'incomplete';
      short = true;
      const type = rng.weighted<IncidenceType>([
        ['missing', 5],
        ['damaged', 3],
        ['not_found', 2],
        ['expired', 1],
      ]);
      const notes: Record<string, string> = {
        missing: 'No queda stock suficiente en el hub.',
        damaged: 'Envase dañado en el palé; se aparta.',
        not_found: 'No se encuentra en su ubicación.',
        expired: 'Producto con fecha de consumo pasada.',
      };
      const id = rng.uuid();
      ctx.incidences.push({
        id,
        at: ctx.at(at + 30_000),
        created_by: picker,
        position: null,
        kind: 'picker-product',
        type,
        order_id: order.id,
        product_id: line.product_id,
        route_id: route.id,
        delivery_point_id: order.delivery_point_id,
        hub: order.hub,
        quantity: shortage,
        note: notes[type] ?? '',
        photo_file: type === 'damaged' ? `incidences/${id}.jpg` : '',
      });
    }
  }
  order.lines.forEach((l, j) => {
    if (l.picked_quantity > 0) addPick(ctx, rng, order, l, route, picker, at + j * 20_000);
  });
  if (rng.chance(0.02)) {
    const line = rng.pick(order.lines);
    ctx.incidences.push({
      id: rng.uuid(),
      at: ctx.at(at + order.lines.length * 20_000 + 10_000),
      created_by: picker,
      position: null,
      kind: 'picker-error',
      type: rng.pick<IncidenceType>(['wrong_product', 'wrong_quantity']),
      order_id: order.id,
      product_id: line.product_id,
      route_id: route.id,
      delivery_point_id: order.delivery_point_id,
      hub: order.hub,
      quantity: 1,
      note: 'Detectado en la revisión de la caja y corregido antes de cerrarla.',
      photo_file: '',
    });
  }
  order.updated_at = Math.max(order.updated_at, at + order.lines.length * 20_000);
  return short;
}

export function addPick(ctx: DemoState, rng: Rng, order: Order, line: OrderLine, route: Route, picker: string, at: number): void {
  const product = must(ctx.productById.get(line.product_id), `el producto ${line.product_id}`);
  ctx.picks.push({
    id: rng.uuid(),
    at: ctx.at(at),
    created_by: picker,
    position: null,
    route_id: route.id,
    order_id: order.id,
    line_id: line.line_id,
    product_id: line.product_id,
    delivery_point_id: order.delivery_point_id,
    hub: order.hub,
    quantity: line.picked_quantity,
    scanned_barcode: rng.chance(0.9) ? product.barcode : '',
  });
}

export function addReceipt(ctx: DemoState, rng: Rng, route: Route, orders: readonly Order[], hub: HubDef, at: number): void {
  const totals = new Map<string, { name: string; qty: number }>();
  for (const order of orders) {
    for (const l of order.lines) {
      if (l.picked_quantity === 0) continue;
      const cur = totals.get(l.product_id);
      if (cur) cur.qty += l.picked_quantity;
      else totals.set(l.product_id, { name: l.name, qty: l.picked_quantity });
    }
  }
  ctx.receipts.push({
    id: rng.uuid(),
    at: ctx.at(at),
    created_by: route.rider_id,
    position: near(rng, hub.lat, hub.lng, 20),
    route_id: route.id,
    rider_id: route.rider_id,
    hub: route.hub,
    lines: [...totals].slice(0, 500).map(([product_id, t]) => ({ product_id, name: t.name, expected: Math.min(t.qty, 100_000), received: Math.min(t.qty, 100_000) })),
    note: '',
  });
}
