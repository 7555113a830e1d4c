/**
 * The rider's actions of a delivery round, written locally first (they work offline) as
 * insert-only events with deterministic ids (pressing a button twice changes nothing), plus the
 * status changes of orders and routes the state machines allow.
 */
import type { Position } from '../domain/entities/fields';
import { emptyDeliveryFields, type DeliveredLine, type DeliveryEvent, type Incidence, type IncidenceType, type Receipt } from '../domain/entities/events';
import type { Order, Payment, Route } from '../domain/entities/operation';
import { MACHINES, canTransition, type OrderStatus, type RouteStatus } from '../domain/status/machines';
import { deliveryEventId, orderOutcome, type Collection, type LoadLine } from '../domain/delivery';
import type { SystemRole } from '../domain/access/groups';
import type { DataEngine } from './engine';
import { t } from '../i18n';
import { statusText } from '../i18n/status';

export interface Actor {
  readonly userId: string;
  readonly role: SystemRole;
}

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

async function moveOrder(engine: DataEngine, order: Order, to: OrderStatus, actor: Actor): Promise<void> {
  const current = (await engine.db.orders.findOne(order.id).exec())?.status ?? order.status;
  if (current === to || !canTransition(MACHINES.order, current, to, actor.role)) return;
  // An admin label (status_id) belongs to the status it was chosen for: it does not follow.
  await engine.writer.patch('orders', order.id, { status: to, status_id: '' });
}

async function moveRoute(engine: DataEngine, route: Route, to: RouteStatus, actor: Actor, extra: Partial<Route> = {}): Promise<boolean> {
  const current = (await engine.db.routes.findOne(route.id).exec())?.status ?? route.status;
  if (current === to) return false;
  if (!canTransition(MACHINES.route, current, to, actor.role)) {
    throw new Error(t('data.routeTransition', { from: statusText(MACHINES.route, current), to: statusText(MACHINES.route, to) }));
  }
  await engine.writer.patch('routes', route.id, { ...extra, status: to, status_id: '' });
  return true;
}

/** Path of a signature image in the file store (a rider writes only under his own id). */
export function signaturePath(riderId: string, orderId: string): string {
  return `deliveries/${riderId}/${deliveryEventId(orderId, 'signed')}.png`;
}

export function photoPath(kind: 'deliveries' | 'incidences', userId: string, id: string): string {
  return `${kind}/${userId}/${id}.jpg`;
}

export interface ConfirmDeliveryInput {
  readonly order: Order;
  readonly route: Route;
  readonly lines: readonly DeliveredLine[];
  readonly kind: 'delivered' | 'partial';
  readonly collection: Collection;
  readonly signerName: string;
  readonly strokes: DeliveryEvent['signature_strokes'];
  readonly signaturePng: Blob;
  readonly actor: Actor;
  readonly position: Position | null;
  readonly now?: number;
}

/**
 * Delivery, signature and collection of one order. Returns false when the order was already
 * delivered (a second press): nothing is written again.
 */
export function confirmDelivery(engine: DataEngine, input: ConfirmDeliveryInput): Promise<boolean> {
  return oneAtATime(`delivery:${input.order.id}`, () => writeDelivery(engine, input));
}

const running = new Map<string, Promise<unknown>>();

/** Runs actions with the same key one after the other (a double tap waits for the first). */
function oneAtATime<T>(key: string, action: () => Promise<T>): Promise<T> {
  const previous = running.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(action);
  running.set(key, next);
  void next.finally(() => {
    if (running.get(key) === next) running.delete(key);
  });
  return next;
}

async function writeDelivery(engine: DataEngine, input: ConfirmDeliveryInput): Promise<boolean> {
  const { order, route, actor } = input;
  const at = input.now ?? Date.now();
  const dlvId = deliveryEventId(order.id, 'delivered');
  if (await engine.db.deliveries.findOne(dlvId).exec()) return false;
  const riderId = route.rider_id || actor.userId;
  const file = signaturePath(riderId, order.id);
  // The signature is stored locally at once (vector strokes) and its image queued for upload.
  await engine.queueUpload(file, input.signaturePng, 'image/png');
  const base = baseEvent(order, route, actor, at, input.position);
  await engine.writer.insert('deliveries', { ...base, id: dlvId, kind: input.kind, lines: [...input.lines] });
  await engine.writer.insert('deliveries', {
    ...base,
    id: deliveryEventId(order.id, 'signed'),
    kind: 'signed',
    signer_name: input.signerName.trim(),
    signature_strokes: input.strokes,
    signature_file: file,
  });
  const c = input.collection;
  await engine.writer.insert('deliveries', {
    ...base,
    id: deliveryEventId(order.id, 'collected'),
    kind: 'collected',
    payment_method: c.method,
    amount_due_cents: c.due_cents,
    amount_collected_cents: c.collected_cents,
    change_cents: c.change_cents,
  });
  const paymentId = `pay-${order.id}`;
  if (!(await engine.db.payments.findOne(paymentId).exec())) {
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
    await engine.writer.insert('payments', payment);
  }
  await moveOrder(engine, order, input.kind === 'partial' ? 'partially_delivered' : 'delivered', actor);
  return true;
}

export interface FailureInput {
  readonly order: Order;
  readonly route: Route;
  readonly reasonStatusId: string;
  readonly note: string;
  readonly outcome: 'return_to_hub' | 'reschedule';
  readonly photo: Blob | null;
  readonly actor: Actor;
  readonly position: Position | null;
  readonly now?: number;
}

/** A failed delivery. Returns false when the order's last outcome is already a failure (second press). */
export function recordFailure(engine: DataEngine, input: FailureInput): Promise<boolean> {
  return oneAtATime(`delivery:${input.order.id}`, () => writeFailure(engine, input));
}

async function writeFailure(engine: DataEngine, input: FailureInput): Promise<boolean> {
  const { order, route, actor } = input;
  const existing = (await engine.db.deliveries.find({ selector: { order_id: order.id } }).exec()).map((d) => d.toJSON() as DeliveryEvent);
  const outcome = orderOutcome(order.id, existing);
  if (outcome !== 'pending') return false;
  const attempt = existing.filter((e) => e.kind === 'failed').length + 1;
  const id = deliveryEventId(order.id, 'failed', attempt);
  const riderId = route.rider_id || actor.userId;
  let photo_file = '';
  if (input.photo) {
    photo_file = photoPath('deliveries', riderId, id);
    await engine.queueUpload(photo_file, input.photo, input.photo.type || 'image/jpeg');
  }
  await engine.writer.insert('deliveries', {
    ...baseEvent(order, route, actor, input.now ?? Date.now(), input.position),
    id,
    kind: 'failed',
    reason_status_id: input.reasonStatusId,
    outcome: input.outcome,
    note: input.note.trim(),
    photo_file,
  });
  await moveOrder(engine, order, 'failed', actor);
  return true;
}

export interface IncidenceInput {
  /** Made once when the form opens: a second press inserts the same id, which changes nothing. */
  readonly id: string;
  readonly order: Order;
  readonly route: Route | null;
  readonly productId: string;
  readonly type: IncidenceType;
  readonly quantity: number;
  readonly note: string;
  readonly photo: Blob | null;
  readonly actor: Actor;
  readonly position: Position | null;
  readonly kind?: Incidence['kind'];
}

export function reportIncidence(engine: DataEngine, input: IncidenceInput): Promise<boolean> {
  return oneAtATime(`incidence:${input.id}`, () => writeIncidence(engine, input));
}

async function writeIncidence(engine: DataEngine, input: IncidenceInput): Promise<boolean> {
  if (await engine.db.incidences.findOne(input.id).exec()) return false;
  let photo_file = '';
  if (input.photo) {
    photo_file = photoPath('incidences', input.actor.userId, input.id);
    await engine.queueUpload(photo_file, input.photo, input.photo.type || 'image/jpeg');
  }
  const { created } = await engine.writer.insert('incidences', {
    id: input.id,
    at: Date.now(),
    created_by: input.actor.userId,
    position: input.position,
    kind: input.kind ?? 'delivery-product',
    type: input.type,
    order_id: input.order.id,
    product_id: input.productId,
    route_id: input.route?.id ?? input.order.route_id,
    delivery_point_id: input.order.delivery_point_id,
    hub: input.order.hub,
    quantity: input.quantity,
    note: input.note.trim(),
    photo_file,
  });
  return created;
}

/**
 * Goods received at the hub for a route: the receipt, an incidence per difference, the route
 * «Cargada» and its picked orders «En reparto». Returns false when the route was already loaded.
 */
export interface LoadOutInput {
  readonly route: Route;
  readonly orders: readonly Order[];
  readonly expected: readonly LoadLine[];
  readonly received: Readonly<Record<string, number>>;
  readonly actor: Actor;
  readonly position: Position | null;
  readonly note: string;
}

export function confirmLoadOut(engine: DataEngine, input: LoadOutInput): Promise<boolean> {
  return oneAtATime(`load:${input.route.id}`, () => writeLoadOut(engine, input));
}

async function writeLoadOut(engine: DataEngine, input: LoadOutInput): Promise<boolean> {
  const { route, actor } = input;
  const receiptId = `rcp-${route.id}`;
  if (await engine.db.receipts.findOne(receiptId).exec()) return false;
  const at = Date.now();
  const receipt: Receipt = {
    id: receiptId,
    at,
    created_by: actor.userId,
    position: input.position,
    route_id: route.id,
    rider_id: route.rider_id || actor.userId,
    hub: route.hub,
    lines: input.expected.map((l) => ({ product_id: l.product_id, name: l.name, expected: l.expected, received: input.received[l.product_id] ?? l.expected })),
    note: input.note.trim(),
  };
  await engine.writer.insert('receipts', receipt);
  for (const line of receipt.lines) {
    if (line.received === line.expected) continue;
    const order = input.orders.find((o) => o.lines.some((l) => l.product_id === line.product_id));
    if (!order) continue;
    await reportIncidence(engine, {
      id: `inc-load-${route.id}-${line.product_id}`,
      order,
      route,
      productId: line.product_id,
      type: line.received < line.expected ? 'missing' : 'wrong_quantity',
      quantity: Math.abs(line.expected - line.received),
      note: t('data.loadOutNote', { expected: line.expected, received: line.received }),
      photo: null,
      actor,
      position: input.position,
    });
  }
  await moveRoute(engine, route, 'loaded', actor);
  for (const o of input.orders) if (o.status === 'picked') await moveOrder(engine, o, 'out_for_delivery', actor);
  return true;
}

export async function startRound(engine: DataEngine, route: Route, actor: Actor): Promise<boolean> {
  return moveRoute(engine, route, 'in_progress', actor);
}

export async function finishRound(engine: DataEngine, route: Route, actor: Actor): Promise<boolean> {
  return moveRoute(engine, route, 'completed', actor);
}

/** An operator cancels a route with a reason. */
export async function cancelRoute(engine: DataEngine, route: Route, reason: string, actor: Actor): Promise<boolean> {
  if (reason.trim().length < 3) throw new Error(t('data.cancelReason'));
  return moveRoute(engine, route, 'cancelled', actor, { cancel_reason: reason.trim() });
}
