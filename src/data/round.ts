/**
 * The rider's actions of a delivery round (src/data/action.ts), written locally first (they work
 * offline) as insert-only events with deterministic ids (pressing a button twice changes
 * nothing), plus the status changes of orders and routes the state machines allow — each
 * action's documents written together.
 */
import { z } from 'zod';
import type { Position } from '../domain/entities/fields';
import { INCIDENCE_KINDS, INCIDENCE_TYPES, emptyDeliveryFields, type DeliveredLine, type DeliveryEvent, type Incidence, type IncidenceType, type Receipt } from '../domain/entities/events';
import type { Order, Payment, Route } from '../domain/entities/operation';
import { MACHINES, canTransition, type OrderStatus, type RouteStatus } from '../domain/status/machines';
import { deliveryEventId, orderOutcome, type Collection, type LoadLine } from '../domain/delivery';
import { ActionError } from './actionError';
import { blobArg, defineAction, docArg, serialized, type Actor, type Tx } from './action';
import { t } from '../i18n';
import { statusText } from '../i18n/status';

export type { Actor } from './action';

/** The device's position if the rider allows it (asked once by the browser), else null. */
export function currentPosition(timeoutMs = 3000): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 200);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy_m: Math.round(p.coords.accuracy) });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { timeout: timeoutMs, maximumAge: 60_000, enableHighAccuracy: false },
    );
  });
}

function baseEvent(order: Order, route: Route, actor: Actor, at: number, position: Position | null) {
  return {
    at,
    created_by: actor.userId,
    position,
    order_id: order.id,
    route_id: route.id,
    rider_id: route.rider_id || actor.userId,
    delivery_point_id: order.delivery_point_id,
    ...emptyDeliveryFields(),
  };
}

/** Path of a signature image in the file store (a rider writes only under his own id). */
export function signaturePath(riderId: string, orderId: string): string {
  return `deliveries/${riderId}/${deliveryEventId(orderId, 'signed')}.png`;
}

export function photoPath(kind: 'deliveries' | 'incidences', userId: string, id: string): string {
  return `${kind}/${userId}/${id}.jpg`;
}

function moveOrder(tx: Tx, order: Order, current: OrderStatus, to: OrderStatus, actor: Actor): void {
  if (current === to || !canTransition(MACHINES.order, current, to, actor.role)) return;
  // An admin label (status_id) belongs to the status it was chosen for: it does not follow.
  tx.patch('orders', order.id, { status: to, status_id: '' });
}

/** The order's status as stored (or as this action left it), else as the screen had it. */
async function statusOf(tx: Tx, order: Order): Promise<OrderStatus> {
  return (await tx.get('orders', order.id))?.status ?? order.status;
}

async function moveRoute(tx: Tx, route: Route, to: RouteStatus, actor: Actor, extra: Partial<Route> = {}): Promise<boolean> {
  const current = (await tx.get('routes', route.id))?.status ?? route.status;
  if (current === to) return false;
  if (!canTransition(MACHINES.route, current, to, actor.role)) {
    throw new ActionError('data.routeTransition', { from: statusText(MACHINES.route, current), to: statusText(MACHINES.route, to) }, 'route_transition');
  }
  tx.patch('routes', route.id, { ...extra, status: to, status_id: '' });
  return true;
}

const positionArg = z.custom<Position | null>((v) => v === null || (typeof v === 'object' && typeof (v as Position).lat === 'number'));
const onRoute = { order: docArg('orders'), route: docArg('routes'), position: positionArg };

const confirmDeliveryArgs = z.object({
  ...onRoute,
  lines: z.array(z.custom<DeliveredLine>((v) => typeof v === 'object' && v !== null)),
  kind: z.enum(['delivered', 'partial']),
  collection: z.custom<Collection>((v) => typeof v === 'object' && v !== null && typeof (v as Collection).method === 'string'),
  signerName: z.string(),
  strokes: z.custom<DeliveryEvent['signature_strokes']>((v) => Array.isArray(v)),
  signaturePng: blobArg(),
});
export type ConfirmDeliveryInput = z.input<typeof confirmDeliveryArgs>;

/**
 * Delivery, signature and collection of one order, its payment and its status. Returns false
 * when the order was already delivered (a second press): nothing is written again.
 */
export const confirmDelivery = serialized(
  defineAction({
    name: 'round.confirmDelivery',
    args: confirmDeliveryArgs,
    run: async ({ tx, args, actor }) => {
      const { order, route } = args;
      const at = tx.now;
      const dlvId = deliveryEventId(order.id, 'delivered');
      if (await tx.get('deliveries', dlvId)) return false;
      const riderId = route.rider_id || actor.userId;
      const file = signaturePath(riderId, order.id);
      // The signature is stored locally at once (vector strokes) and its image queued for upload.
      tx.upload(file, args.signaturePng, 'image/png');
      const base = baseEvent(order, route, actor, at, args.position);
      tx.put('deliveries', { ...base, id: dlvId, kind: args.kind, lines: [...args.lines] });
      tx.put('deliveries', {
        ...base,
        id: deliveryEventId(order.id, 'signed'),
        kind: 'signed',
        signer_name: args.signerName.trim(),
        signature_strokes: args.strokes,
        signature_file: file,
      });
      const c = args.collection;
      tx.put('deliveries', {
        ...base,
        id: deliveryEventId(order.id, 'collected'),
        kind: 'collected',
        payment_method: c.method,
        amount_due_cents: c.due_cents,
        amount_collected_cents: c.collected_cents,
        change_cents: c.change_cents,
      });
      const paymentId = `pay-${order.id}`;
      if (!(await tx.get('payments', paymentId))) {
        const payment: Payment = {
          id: paymentId,
          kind: 'order',
          order_id: order.id,
          route_id: route.id,
          rider_id: riderId,
          method: c.method,
          amount_due_cents: c.due_cents,
          amount_collected_cents: c.method === 'cash' ? c.collected_cents - c.change_cents : c.collected_cents,
          status: c.method === 'on_account' ? 'on_account' : 'collected',
          status_id: '',
          collected_at: at,
          reviewed_by: '',
          note: '',
          updated_at: at,
        };
        tx.put('payments', payment);
      }
      moveOrder(tx, order, await statusOf(tx, order), args.kind === 'partial' ? 'partially_delivered' : 'delivered', actor);
      return true;
    },
  }),
  (args) => `delivery:${args.order.id}`,
);

const failureArgs = z.object({
  ...onRoute,
  reasonStatusId: z.string(),
  note: z.string(),
  outcome: z.enum(['return_to_hub', 'reschedule']),
  photo: blobArg().nullable(),
});
export type FailureInput = z.input<typeof failureArgs>;

/** A failed delivery. Returns false when the order's last outcome is already a failure (second press). */
export const recordFailure = serialized(
  defineAction({
    name: 'round.recordFailure',
    args: failureArgs,
    run: async ({ tx, args, actor }) => {
      const { order, route } = args;
      const existing = await tx.find('deliveries', { selector: { order_id: order.id } });
      if (orderOutcome(order.id, existing) !== 'pending') return false;
      const attempt = existing.filter((e) => e.kind === 'failed').length + 1;
      const id = deliveryEventId(order.id, 'failed', attempt);
      let photo_file = '';
      if (args.photo) {
        photo_file = photoPath('deliveries', route.rider_id || actor.userId, id);
        tx.upload(photo_file, args.photo, args.photo.type || 'image/jpeg');
      }
      tx.put('deliveries', {
        ...baseEvent(order, route, actor, tx.now, args.position),
        id,
        kind: 'failed',
        reason_status_id: args.reasonStatusId,
        outcome: args.outcome,
        note: args.note.trim(),
        photo_file,
      });
      moveOrder(tx, order, await statusOf(tx, order), 'failed', actor);
      return true;
    },
  }),
  (args) => `delivery:${args.order.id}`,
);

const incidenceArgs = z.object({
  /** Made once when the form opens: a second press inserts the same id, which changes nothing. */
  id: z.string().min(1),
  order: docArg('orders'),
  route: docArg('routes').nullable(),
  productId: z.string().min(1),
  type: z.enum(INCIDENCE_TYPES),
  quantity: z.number().int().min(0),
  note: z.string(),
  photo: blobArg().nullable(),
  position: positionArg,
  kind: z.enum(INCIDENCE_KINDS).optional(),
});
export type IncidenceInput = z.input<typeof incidenceArgs>;

/** An incidence of a product on a delivery: the order, product, type, quantity, note and photo. */
function incidenceOf(args: Omit<z.output<typeof incidenceArgs>, 'photo'>, actor: Actor, at: number, photo_file: string): Incidence {
  return {
    id: args.id,
    at,
    created_by: actor.userId,
    position: args.position,
    kind: args.kind ?? 'delivery-product',
    type: args.type,
    order_id: args.order.id,
    product_id: args.productId,
    route_id: args.route?.id ?? args.order.route_id,
    delivery_point_id: args.order.delivery_point_id,
    hub: args.order.hub,
    quantity: args.quantity,
    note: args.note.trim(),
    photo_file,
  };
}

/** Records an incidence. Returns false when its id is stored (a second press). */
export const reportIncidence = serialized(
  defineAction({
    name: 'round.reportIncidence',
    args: incidenceArgs,
    run: async ({ tx, args, actor }) => {
      if (await tx.get('incidences', args.id)) return false;
      let photo_file = '';
      if (args.photo) {
        photo_file = photoPath('incidences', actor.userId, args.id);
        tx.upload(photo_file, args.photo, args.photo.type || 'image/jpeg');
      }
      return (await tx.insert('incidences', incidenceOf(args, actor, tx.now, photo_file))).created;
    },
  }),
  (args) => `incidence:${args.id}`,
);

const loadOutArgs = z.object({
  route: docArg('routes'),
  orders: z.array(docArg('orders')),
  expected: z.array(z.custom<LoadLine>((v) => typeof v === 'object' && v !== null)),
  received: z.record(z.string(), z.number()),
  position: positionArg,
  note: z.string(),
});
export type LoadOutInput = z.input<typeof loadOutArgs>;

/**
 * Goods received at the hub for a route: the receipt, an incidence per difference, the route
 * «Cargada» and its picked orders «En reparto». Returns false when the route was already loaded.
 */
export const confirmLoadOut = serialized(
  defineAction({
    name: 'round.confirmLoadOut',
    args: loadOutArgs,
    run: async ({ tx, args, actor }) => {
      const { route } = args;
      const receiptId = `rcp-${route.id}`;
      if (await tx.get('receipts', receiptId)) return false;
      const receipt: Receipt = {
        id: receiptId,
        at: tx.now,
        created_by: actor.userId,
        position: args.position,
        route_id: route.id,
        rider_id: route.rider_id || actor.userId,
        hub: route.hub,
        lines: args.expected.map((l) => ({ product_id: l.product_id, name: l.name, expected: l.expected, received: args.received[l.product_id] ?? l.expected })),
        note: args.note.trim(),
      };
      tx.put('receipts', receipt);
      for (const line of receipt.lines) {
        if (line.received === line.expected) continue;
        const order = args.orders.find((o) => o.lines.some((l) => l.product_id === line.product_id));
        if (!order) continue;
        const type: IncidenceType = line.received < line.expected ? 'missing' : 'wrong_quantity';
        const incidence = {
          id: `inc-load-${route.id}-${line.product_id}`,
          order,
          route,
          productId: line.product_id,
          type,
          quantity: Math.abs(line.expected - line.received),
          note: t('data.loadOutNote', { expected: line.expected, received: line.received }),
          position: args.position,
        };
        await tx.insert('incidences', incidenceOf(incidence, actor, tx.now, ''));
      }
      await moveRoute(tx, route, 'loaded', actor);
      for (const o of args.orders) if (o.status === 'picked') moveOrder(tx, o, await statusOf(tx, o), 'out_for_delivery', actor);
      return true;
    },
  }),
  (args) => `load:${args.route.id}`,
);

/** The rider starts his round («En reparto»). False when it already was. */
export const startRound = defineAction({
  name: 'round.start',
  args: z.object({ route: docArg('routes') }),
  run: ({ tx, args, actor }) => moveRoute(tx, args.route, 'in_progress', actor),
});

/** The rider finishes his round («Completada»). False when it already was. */
export const finishRound = defineAction({
  name: 'round.finish',
  args: z.object({ route: docArg('routes') }),
  run: ({ tx, args, actor }) => moveRoute(tx, args.route, 'completed', actor),
});

/** An operator cancels a route with a reason. */
export const cancelRoute = defineAction({
  name: 'round.cancelRoute',
  args: z.object({ route: docArg('routes'), reason: z.string() }),
  run: async ({ tx, args, actor }) => {
    const reason = args.reason.trim();
    if (reason.length < 3) throw new ActionError('data.cancelReason', {}, 'cancel_reason');
    return moveRoute(tx, args.route, 'cancelled', actor, { cancel_reason: reason });
  },
});
