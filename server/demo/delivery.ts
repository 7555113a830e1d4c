/** At a stop: delivered, partial or failed events, signatures, collections and payments. */
import { type DeliveredLine, type DeliveryEvent, emptyDeliveryFields, type IncidenceType } from '../../src/domain/entities/events';
import type { Position } from '../../src/domain/entities/fields';
import type { PaymentMethod, Route, RouteStop } from '../../src/domain/entities/operation';
import { amountDueCents } from '../../src/domain/money';
import type { Rng } from '../../src/domain/prng';
import { personName } from './names';
import { MIN, must, round1, round2, round6 } from './options';
import { FAILED_DELIVERY_REASONS } from './reference';
import type { DemoState } from './state';

/** A device position near a place (or null when the user did not share it). */
export function near(rng: Rng, lat: number, lng: number, maxM: number): Position | null {
  if (rng.chance(0.08)) return null;
  const r = maxM * Math.sqrt(rng.next());
  const theta = 2 * Math.PI * rng.next();
  return {
    lat: round6(lat + (r * Math.cos(theta)) / 110_574),
    lng: round6(lng + (r * Math.sin(theta)) / (111_320 * Math.cos((lat * Math.PI) / 180))),
    accuracy_m: rng.int(4, 30),
  };
}

function deliveryEvent(base: Pick<DeliveryEvent, 'id' | 'at' | 'created_by' | 'position' | 'kind' | 'order_id' | 'route_id' | 'rider_id' | 'delivery_point_id'>): DeliveryEvent {
  return {
    ...base,
    ...emptyDeliveryFields(),
  };
}

export function deliverStop(ctx: DemoState, rng: Rng, route: Route, stop: RouteStop, at: number, completed: boolean, forcePartial: boolean, handOverAt: number, operator: string): void {
  const point = must(ctx.pointById.get(stop.delivery_point_id), `el punto ${stop.delivery_point_id}`);
  const dp = point.dp;
  const failStop = !forcePartial && rng.chance(0.1);
  const reason = rng.weighted(FAILED_DELIVERY_REASONS.map((r) => [r, r.weight] as const));
  const common = { created_by: route.rider_id, route_id: route.id, rider_id: route.rider_id, delivery_point_id: dp.id };

  stop.order_ids.forEach((orderId, i) => {
    const order = must(ctx.orderById.get(orderId), `el pedido ${orderId}`);
    const t = ctx.at(Math.min(ctx.o.now - 2 * MIN, at + i * 3 * MIN));

    const fail = (r: (typeof FAILED_DELIVERY_REASONS)[number]) => {
      const id = rng.uuid();
      ctx.deliveries.push({
        ...deliveryEvent({ id, at: t, position: near(rng, dp.lat, dp.lng, 25), kind: 'failed', order_id: order.id, ...common }),
        reason_status_id: r.id,
        outcome: r.id === 'st-delivery-rechazado' ? 'return_to_hub' : rng.weighted<'return_to_hub' | 'reschedule'>([
          ['reschedule', 60],
          ['return_to_hub', 40],
        ]),
        note: r.note,
        photo_file: r.id === 'st-delivery-cerrado' && rng.chance(0.5) ? `photos/${route.id}/${id}.jpg` : '',
      });
      // Goods of a failed delivery are back in the hub once the round is over.
      order.status = completed ? 'returned' : 'failed';
      order.updated_at = Math.max(order.updated_at, completed ? handOverAt : t);
    };

    if (failStop) {
      fail(reason);
      return;
    }

    // Refusal of part of one line at the door (damaged, wrong product…).
    const refusable = order.lines.filter((l) => l.picked_quantity > 0);
    const refusedLine = (forcePartial && i === 0) || rng.chance(0.07) ? (refusable.length > 0 ? rng.pick(refusable) : undefined) : undefined;
    const refused = refusedLine ? rng.int(1, refusedLine.picked_quantity) : 0;
    const lines: DeliveredLine[] = order.lines.map((l) => ({
      line_id: l.line_id,
      product_id: l.product_id,
      delivered: l.picked_quantity - (l === refusedLine ? refused : 0),
      refused: l === refusedLine ? refused : 0,
    }));
    const deliveredUnits = lines.reduce((s, l) => s + l.delivered, 0);
    if (refusedLine) {
      const type = rng.weighted<IncidenceType>([
        ['refused', 4],
        ['damaged', 3],
        ['expired', 1],
        ['wrong_product', 1],
      ]);
      const notes: Record<string, string> = {
        refused: `El cliente rechaza ${refused} ud. de «${refusedLine.name}».`,
        damaged: `${refused} ud. de «${refusedLine.name}» llegan dañadas.`,
        expired: `${refused} ud. de «${refusedLine.name}» con fecha corta; el cliente no las acepta.`,
        wrong_product: `«${refusedLine.name}» no es lo que pidió el cliente.`,
      };
      const id = rng.uuid();
      ctx.incidences.push({
        id,
        at: t,
        created_by: route.rider_id,
        position: near(rng, dp.lat, dp.lng, 25),
        kind: 'delivery-product',
        type,
        order_id: order.id,
        product_id: refusedLine.product_id,
        route_id: route.id,
        delivery_point_id: dp.id,
        hub: order.hub,
        quantity: refused,
        note: must(notes[type], 'la nota de la incidencia'),
        photo_file: type === 'damaged' ? `incidences/${id}.jpg` : '',
      });
    }
    if (deliveredUnits === 0) {
      fail(must(FAILED_DELIVERY_REASONS[2], 'el motivo «Rechazado»'));
      return;
    }

    const full = lines.every((dl, j) => dl.delivered === order.lines[j]?.quantity);
    const position = near(rng, dp.lat, dp.lng, 25);
    ctx.deliveries.push({
      ...deliveryEvent({ id: rng.uuid(), at: t, position, kind: full ? 'delivered' : 'partial', order_id: order.id, ...common }),
      lines,
      note: full ? '' : 'Entrega parcial.',
    });
    const signedId = rng.uuid();
    ctx.deliveries.push({
      ...deliveryEvent({ id: signedId, at: ctx.at(t + 40_000), position, kind: 'signed', order_id: order.id, ...common }),
      signer_name: dp.contact_name.trim() !== '' && rng.chance(0.7) ? dp.contact_name : personName(rng, dp.city === 'Barcelona' ? 'barcelona' : 'madrid'),
      signature_strokes: signature(rng),
      signature_file: `signatures/${route.id}/${signedId}.png`,
    });
    const due = amountDueCents(order.lines, lines);
    const method: PaymentMethod = order.payment_method;
    const collected = method === 'on_account' || method === 'transfer' ? 0 : due;
    const tendered = method === 'cash' ? cashTendered(rng, due) : collected;
    const collectedAt = ctx.at(t + 80_000);
    ctx.deliveries.push({
      ...deliveryEvent({ id: rng.uuid(), at: collectedAt, position, kind: 'collected', order_id: order.id, ...common }),
      payment_method: method,
      amount_due_cents: due,
      amount_collected_cents: tendered,
      change_cents: tendered - collected,
    });
    // Cash of a finished round is handed over in the hub; card money reaches the bank by the
    // terminal's statement (settlement), so a card payment stays «collected» until then.
    const handedOver = completed && method === 'cash' && collected > 0;
    ctx.payments.push({
      id: `pay-${order.id}`,
      kind: 'order',
      order_id: order.id,
      route_id: route.id,
      rider_id: route.rider_id,
      method,
      amount_due_cents: due,
      amount_collected_cents: collected,
      status: method === 'on_account' || method === 'transfer' ? 'on_account' : handedOver ? 'handed_over' : 'collected',
      status_id: '',
      collected_at: collectedAt,
      reviewed_by: handedOver ? operator : '',
      note: '',
      updated_at: handedOver ? Math.max(collectedAt, handOverAt) : collectedAt,
    });
    order.status = full ? 'delivered' : 'partially_delivered';
    order.updated_at = Math.max(order.updated_at, collectedAt);
  });
}

/** What a customer hands over for a cash payment: the exact amount, or the next note up. */
function cashTendered(rng: Rng, due: number): number {
  if (due === 0 || rng.chance(0.3)) return due;
  const notes = [500, 1000, 2000, 5000, 10_000, 20_000];
  return notes.find((n) => n >= due) ?? Math.ceil(due / 5000) * 5000;
}

/** A handwritten-looking signature: 1–3 strokes of [x, y, pressure] on a 320 × 140 pad. */
function signature(rng: Rng): [number, number, number][][] {
  const strokes: [number, number, number][][] = [];
  let x = rng.int(20, 50);
  const count = rng.int(1, 3);
  for (let s = 0; s < count && x < 290; s += 1) {
    const n = rng.int(16, 48);
    const baseY = rng.int(55, 85);
    const amp = rng.int(10, 32);
    const freq = rng.float(0.3, 0.7);
    const phase = rng.float(0, Math.PI * 2);
    const step = rng.float(2.5, 5.5);
    const stroke: [number, number, number][] = [];
    for (let k = 0; k < n && x < 310; k += 1) {
      const y = baseY + amp * Math.sin(k * freq + phase) + rng.float(-3, 3);
      const pressure = Math.min(1, Math.max(0.1, 0.35 + 0.4 * Math.sin((Math.PI * k) / n) + rng.float(-0.05, 0.05)));
      stroke.push([round1(x), round1(Math.min(135, Math.max(5, y))), round2(pressure)]);
      x += step;
    }
    if (stroke.length > 0) strokes.push(stroke);
    x += rng.int(8, 25);
  }
  return strokes;
}
