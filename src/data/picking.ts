/**
 * The picker's actions (issue 12), written locally first so they work offline: picks, undos,
 * picking incidences and picker errors are insert-only events with ids made on the device; the
 * statuses of orders and routes then follow what the events mean (src/domain/picking): an order
 * whose every line is picked or covered by an incidence becomes «Preparado», a route whose every
 * order is becomes «Preparada». An operator may force a route «Preparada» with a reason.
 *
 * Every action of one route runs after the previous one (a double tap waits for the first) and
 * ends by settling the route's statuses. `watchPickingSettlement` does the same when events
 * arrive from another tablet, so a route picked by two pickers becomes «Preparada» on whichever
 * device first holds every event.
 *
 * `orders.lines[].picked_quantity` is a cache written when an order becomes «Preparado» (or its
 * route is forced «Preparada»): what the rider loads and delivers. The events are the truth.
 */
import { auditTime, merge, type Subscription } from 'rxjs';
import type { SystemRole } from '../domain/access/groups';
import { INCIDENCE_KINDS, type Incidence, type IncidenceType, type Pick } from '../domain/entities/events';
import type { Position } from '../domain/entities/fields';
import type { Order, Route } from '../domain/entities/operation';
import {
  FORCE_REASON_MAX,
  FORCE_REASON_MIN,
  PICKABLE_ORDER_STATUSES,
  PICKABLE_ROUTE_STATUSES,
  checkForceReady,
  judgeScan,
  looksPartial,
  forcedOrderSettlement,
  indexPickingEvents,
  lastUndoablePick,
  orderPickingProgress,
  orderSettlement,
  planSetQuantity,
  routePickingProgress,
  routeSettlement,
  undoEventFor,
  type OrderChanges,
  type RoutePickingProgress,
  type UndoFilter,
} from '../domain/picking';
import { MACHINES, checkReachable, type RouteStatus } from '../domain/status/machines';
import { t } from '../i18n';
import type { DataEngine } from './engine';
import { photoPath } from './round';
import { statusText } from '../i18n/status';

/** Who picks: his id, role, home hub and the hubs he writes in (operators pick only their hubs' routes). */
export interface PickingActor {
  readonly userId: string;
  readonly role: SystemRole;
  readonly hub: number;
  /** The hubs he writes in (issue 29, finding 6); absent: his home hub only. */
  readonly hubs?: readonly number[];
}

/** The hubs an actor picks in (his `hubs`, else his home hub). */
export function actorHubs(actor: PickingActor): readonly number[] {
  return actor.hubs ?? (actor.hub > 0 ? [actor.hub] : []);
}

/** The parts of the data engine the picking actions use (tests hand in just these). */
export type PickingEngine = Pick_<DataEngine, 'db' | 'writer' | 'queueUpload'>;
type Pick_<T, K extends keyof T> = { [P in K]: T[P] };

/** A refused picking action: `message` is the Spanish text to show. */
export class PickingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PickingError';
  }
}

export const MAX_PICK_QUANTITY = 100_000;
/** Incidence types a picker may record (others belong to the delivery). */
export const PICKING_INCIDENCE_TYPES = ['missing', 'damaged', 'not_found', 'expired', 'wrong_quantity', 'other'] as const satisfies readonly IncidenceType[];
export type PickingIncidenceType = (typeof PICKING_INCIDENCE_TYPES)[number];
export const PICKER_ERROR_TYPES = ['wrong_product', 'wrong_quantity'] as const satisfies readonly IncidenceType[];
export type PickerErrorType = (typeof PICKER_ERROR_TYPES)[number];

function newEventId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

let lastEventAt = 0;
/**
 * The device time of a new picking event: never the same millisecond twice on this device, so
 * «the latest pick» (ordered by time, then id) is always the one written last, even when two taps
 * land in one millisecond.
 */
function eventTime(now?: number): number {
  if (now !== undefined) return now;
  lastEventAt = Math.max(Date.now(), lastEventAt + 1);
  return lastEventAt;
}

// ── One action at a time per route ───────────────────────────────────────────────────────────

const running = new Map<string, Promise<unknown>>();

function oneAtATime<T>(key: string, action: () => Promise<T>): Promise<T> {
  const previous = running.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(action);
  running.set(key, next);
  const forget = () => {
    if (running.get(key) === next) running.delete(key);
  };
  next.then(forget, forget);
  return next;
}

// ── Reading what an action needs ─────────────────────────────────────────────────────────────

async function loadOrder(engine: Pick_<PickingEngine, 'db'>, orderId: string): Promise<Order> {
  const doc = await engine.db.orders.findOne(orderId).exec();
  if (!doc) throw new PickingError('order_not_found', t('picking.errors.orderNotFound', { id: orderId }));
  return doc.toJSON() as unknown as Order;
}

async function loadRoute(engine: Pick_<PickingEngine, 'db'>, routeId: string): Promise<Route> {
  const doc = await engine.db.routes.findOne(routeId).exec();
  if (!doc) throw new PickingError('route_not_found', t('picking.errors.routeNotFound', { id: routeId }));
  return doc.toJSON() as unknown as Route;
}

/** Refuses a user who may not pick this route (role, hub). */
function assertPicker(actor: PickingActor, route: Route): void {
  if (actor.role !== 'operator' && actor.role !== 'admin') throw new PickingError('not_picker', t('picking.errors.notPicker'));
  if (actor.role === 'operator' && !actorHubs(actor).includes(route.hub)) {
    throw new PickingError('other_hub', t('picking.errors.otherHub', { route: route.code, routeHub: route.hub, hub: actorHubs(actor).join(', ') }));
  }
}

function assertPickable(route: Route, order: Order | null): void {
  if (!PICKABLE_ROUTE_STATUSES.includes(route.status)) {
    throw new PickingError('route_not_pickable', t('picking.errors.routeNotPickable', { route: route.code, status: statusText(MACHINES.route, route.status) }));
  }
  if (order && !PICKABLE_ORDER_STATUSES.includes(order.status)) {
    throw new PickingError('order_not_pickable', t('picking.errors.orderNotPickable', { order: order.code, status: statusText(MACHINES.order, order.status) }));
  }
}

/** An order that can be picked now, its route, and the line asked for. */
async function pickingContext(engine: PickingEngine, orderId: string, lineId: string | null, actor: PickingActor) {
  const order = await loadOrder(engine, orderId);
  if (order.route_id === '') throw new PickingError('order_not_on_route', t('picking.errors.orderNotOnRoute', { order: order.code }));
  const route = await loadRoute(engine, order.route_id);
  assertPicker(actor, route);
  assertPickable(route, order);
  const line = lineId === null ? null : order.lines.find((l) => l.line_id === lineId);
  if (line === undefined) throw new PickingError('line_not_found', t('picking.errors.lineNotFound', { line: String(lineId), order: order.code }));
  return { order, route, line };
}

async function eventsOfOrders(engine: Pick_<PickingEngine, 'db'>, orderIds: readonly string[]): Promise<{ picks: Pick[]; incidences: Incidence[] }> {
  const [picks, incidences] = await Promise.all([
    engine.db.picks.find({ selector: { order_id: { $in: [...orderIds] } } }).exec(),
    engine.db.incidences.find({ selector: { order_id: { $in: [...orderIds] }, kind: { $in: [...INCIDENCE_KINDS] } } }).exec(),
  ]);
  return { picks: picks.map((d) => d.toJSON() as unknown as Pick), incidences: incidences.map((d) => d.toJSON() as unknown as Incidence) };
}

export interface RoutePickingState {
  readonly route: Route;
  readonly orders: readonly Order[];
  readonly picks: readonly Pick[];
  readonly incidences: readonly Incidence[];
  readonly progress: RoutePickingProgress;
}

/** A route, its orders, their picking events and the progress they mean (read once). */
export async function routePickingState(engine: Pick_<PickingEngine, 'db'>, routeId: string): Promise<RoutePickingState> {
  const route = await loadRoute(engine, routeId);
  const ids = route.stops.flatMap((s) => s.order_ids);
  const found = await engine.db.orders.findByIds(ids).exec();
  const orders = ids.flatMap((id) => {
    const d = found.get(id);
    return d ? [d.toJSON() as unknown as Order] : [];
  });
  const { picks, incidences } = await eventsOfOrders(engine, ids);
  return { route, orders, picks, incidences, progress: routePickingProgress(route, orders, indexPickingEvents(picks, incidences)) };
}

// ── Statuses follow the events ───────────────────────────────────────────────────────────────

export interface Settlement {
  /** The route's new status, or null when it did not change. */
  readonly route: RouteStatus | null;
  /** Orders whose status, picking status or picked quantities changed. */
  readonly orders: readonly string[];
}

async function patchOrder(engine: PickingEngine, order: Order, changes: OrderChanges, role: SystemRole): Promise<boolean> {
  if (changes.status && !checkReachable(MACHINES.order, order.status, changes.status, role).ok) return false;
  if (changes.picking_status && !checkReachable(MACHINES.picking, order.picking_status, changes.picking_status, role).ok) return false;
  await engine.writer.patch('orders', order.id, changes);
  return true;
}

async function settle(engine: PickingEngine, routeId: string, actor: PickingActor): Promise<Settlement> {
  if (actor.role !== 'operator' && actor.role !== 'admin') return { route: null, orders: [] };
  const state = await routePickingState(engine, routeId);
  const { route, progress } = state;
  if (actor.role === 'operator' && !actorHubs(actor).includes(route.hub)) return { route: null, orders: [] };
  const target = routeSettlement(route, progress);
  const routePicking = route.status === 'picking' || target !== null;
  const changed: string[] = [];
  const byId = new Map(progress.orders.map((o) => [o.order_id, o]));
  for (const order of state.orders) {
    const p = byId.get(order.id);
    const changes = p ? orderSettlement(order, p, routePicking) : null;
    if (changes && (await patchOrder(engine, order, changes, actor.role))) changed.push(order.id);
  }
  if (target && checkReachable(MACHINES.route, route.status, target, actor.role).ok) {
    await engine.writer.patch('routes', route.id, { status: target });
    return { route: target, orders: changed };
  }
  return { route: null, orders: changed };
}

/** Brings a route's and its orders' statuses in line with their picking events (idempotent). */
export function settleRoutePicking(engine: PickingEngine, routeId: string, actor: PickingActor): Promise<Settlement> {
  return oneAtATime(`picking:${routeId}`, () => settle(engine, routeId, actor));
}

/**
 * Settles the routes whose picking events change in this database (events synchronised from
 * another tablet included). Returns the function that stops watching.
 */
export function watchPickingSettlement(engine: PickingEngine, actor: PickingActor, opts: { debounceMs?: number; onError?: (err: unknown) => void } = {}): () => void {
  const pending = new Set<string>();
  const collect = (doc: { route_id?: unknown }) => {
    if (typeof doc.route_id === 'string' && doc.route_id !== '') pending.add(doc.route_id);
  };
  const changes = merge(engine.db.picks.$, engine.db.incidences.$);
  const subs: Subscription[] = [
    changes.subscribe((ev) => collect(ev.documentData as { route_id?: unknown })),
    changes.pipe(auditTime(opts.debounceMs ?? 300)).subscribe(() => {
      const ids = [...pending];
      pending.clear();
      for (const id of ids) {
        settleRoutePicking(engine, id, actor).catch((err: unknown) => {
          if (!(err instanceof PickingError)) opts.onError?.(err);
        });
      }
    }),
  ];
  return () => subs.forEach((s) => s.unsubscribe());
}

// ── Picks ────────────────────────────────────────────────────────────────────────────────────

export interface RecordPickInput {
  /** Made once per tap on the device (default: a new UUID); the same id twice stores one pick. */
  readonly id?: string;
  readonly order_id: string;
  readonly line_id: string;
  /** Units put in the box (1 per scan). */
  readonly quantity: number;
  /** The code read to confirm the product ('' or absent when confirmed by hand). */
  readonly scanned?: string;
  readonly actor: PickingActor;
  readonly position?: Position | null;
  readonly now?: number;
}

export interface PickResult {
  readonly pick: Pick;
  /** False when an event with that id was already stored (a repeated tap). */
  readonly created: boolean;
  readonly settlement: Settlement;
}

function checkQuantity(q: number, min: number): void {
  if (!Number.isInteger(q) || q < min || q > MAX_PICK_QUANTITY) {
    throw new PickingError('bad_quantity', t('picking.errors.badQuantity', { min, max: MAX_PICK_QUANTITY }));
  }
}

async function writePick(engine: PickingEngine, input: RecordPickInput): Promise<{ pick: Pick; created: boolean; routeId: string }> {
  checkQuantity(input.quantity, 1);
  const { order, route, line } = await pickingContext(engine, input.order_id, input.line_id, input.actor);
  if (!line) throw new PickingError('line_not_found', t('picking.errors.lineNotFound', { line: input.line_id, order: order.code }));
  const pick: Pick = {
    id: input.id ?? newEventId('pick'),
    at: eventTime(input.now),
    created_by: input.actor.userId,
    position: input.position ?? null,
    route_id: route.id,
    order_id: order.id,
    line_id: line.line_id,
    product_id: line.product_id,
    delivery_point_id: order.delivery_point_id,
    hub: route.hub,
    quantity: input.quantity,
    scanned_barcode: (input.scanned ?? '').trim().slice(0, 32),
  };
  const { created } = await engine.writer.insert('picks', pick);
  return { pick, created, routeId: route.id };
}

async function routeIdOf(engine: PickingEngine, orderId: string): Promise<string> {
  return (await loadOrder(engine, orderId)).route_id;
}

/** Records `quantity` units of an order line put in the box (a scan or a manual «+»). */
export async function recordPick(engine: PickingEngine, input: RecordPickInput): Promise<PickResult> {
  const routeId = await routeIdOf(engine, input.order_id);
  return oneAtATime(`picking:${routeId}`, async () => {
    const { pick, created, routeId: rid } = await writePick(engine, input);
    return { pick, created, settlement: await settle(engine, rid, input.actor) };
  });
}

export type ScanOutcome =
  | { readonly ok: true; readonly result: PickResult }
  /** The code is not the expected product's: a picker error was recorded. */
  | { readonly ok: false; readonly partial?: false; readonly error: Incidence }
  /** A partial read (digits of no whole code, issue 28): refused, nothing recorded against the picker. */
  | { readonly ok: false; readonly partial: true; readonly error?: undefined };

/**
 * A code read on the picker's product page: the expected product's code picks one unit; any
 * other code records a picker error (expected, scanned, who, when) and picks nothing.
 */
export async function pickByScan(engine: PickingEngine, input: { order_id: string; line_id: string; code: string; actor: PickingActor; position?: Position | null; now?: number }): Promise<ScanOutcome> {
  const code = input.code.trim();
  if (code === '') throw new PickingError('empty_code', t('picking.errors.emptyCode'));
  const order = await loadOrder(engine, input.order_id);
  const line = order.lines.find((l) => l.line_id === input.line_id);
  if (!line) throw new PickingError('line_not_found', t('picking.errors.lineNotFound', { line: input.line_id, order: order.code }));
  const product = await engine.db.products.findOne(line.product_id).exec();
  if (!product) throw new PickingError('product_not_found', t('picking.errors.productNotFound', { id: line.product_id }));
  const known = looksPartial(code) ? await isKnownCode(engine, code) : true;
  const judgement = judgeScan(product.toJSON(), code, known);
  if (judgement === 'match') {
    return { ok: true, result: await recordPick(engine, { order_id: order.id, line_id: line.line_id, quantity: 1, scanned: code, actor: input.actor, position: input.position, now: input.now }) };
  }
  if (judgement === 'partial') return { ok: false, partial: true };
  const error = await recordPickerError(engine, { order_id: order.id, expected_product_id: line.product_id, scanned: code, type: 'wrong_product', actor: input.actor, position: input.position, now: input.now });
  return { ok: false, error };
}

/** Whether some product of this device has `code` as its barcode or SKU (a partial read has none). */
async function isKnownCode(engine: PickingEngine, code: string): Promise<boolean> {
  if (await engine.db.products.findOne({ selector: { barcode: code } }).exec()) return true;
  return (await engine.db.products.findOne({ selector: { sku: code } }).exec()) !== null;
}

/** Cancels the latest pick matching `filter` with an undo event; null when there was none. */
export async function undoLastPick(engine: PickingEngine, input: { route_id: string; filter?: UndoFilter; actor: PickingActor; position?: Position | null; now?: number }): Promise<{ undone: Pick; settlement: Settlement } | null> {
  return oneAtATime(`picking:${input.route_id}`, async () => {
    const state = await routePickingState(engine, input.route_id);
    assertPicker(input.actor, state.route);
    assertPickable(state.route, null);
    const target = lastUndoablePick(state.picks, { ...input.filter });
    if (!target) return null;
    await engine.writer.insert('picks', undoEventFor(target, { userId: input.actor.userId, at: eventTime(input.now), position: input.position ?? null }));
    return { undone: target, settlement: await settle(engine, input.route_id, input.actor) };
  });
}

/**
 * Brings an order line to `quantity` units (the typed quantity and the «−» button): undoes the
 * latest picks while the box holds more, then picks what is missing.
 */
export async function setPickedQuantity(engine: PickingEngine, input: { order_id: string; line_id: string; quantity: number; actor: PickingActor; position?: Position | null; now?: number }): Promise<Settlement> {
  checkQuantity(input.quantity, 0);
  const routeId = await routeIdOf(engine, input.order_id);
  return oneAtATime(`picking:${routeId}`, async () => {
    const { order, route } = await pickingContext(engine, input.order_id, input.line_id, input.actor);
    const { picks, incidences } = await eventsOfOrders(engine, [order.id]);
    const progress = orderPickingProgress(order, indexPickingEvents(picks, incidences));
    const line = progress.lines.find((l) => l.line_id === input.line_id);
    if (!line) throw new PickingError('line_not_found', t('picking.errors.lineNotFound', { line: input.line_id, order: order.code }));
    const plan = planSetQuantity(line, input.quantity);
    const at = eventTime(input.now);
    for (const p of plan.undo) await engine.writer.insert('picks', undoEventFor(p, { userId: input.actor.userId, at, position: input.position ?? null }));
    if (plan.pick > 0) await writePick(engine, { order_id: order.id, line_id: input.line_id, quantity: plan.pick, actor: input.actor, position: input.position, now: at });
    return settle(engine, route.id, input.actor);
  });
}

// ── Incidences and picker errors ─────────────────────────────────────────────────────────────

export interface PickingIncidenceInput {
  /** Made once when the form opens: a second press stores nothing new. */
  readonly id?: string;
  readonly order_id: string;
  readonly product_id: string;
  readonly type: PickingIncidenceType;
  /** Units short (missing, damaged…). */
  readonly quantity: number;
  readonly note?: string;
  /** Optional photo, queued for upload (works offline). */
  readonly photo?: Blob | null;
  readonly actor: PickingActor;
  readonly position?: Position | null;
  readonly now?: number;
}

/** «Falta», «Dañado»…: units of a product the picker cannot put in the box. */
export async function recordPickingIncidence(engine: PickingEngine, input: PickingIncidenceInput): Promise<{ incidence: Incidence; created: boolean; settlement: Settlement }> {
  if (!(PICKING_INCIDENCE_TYPES as readonly string[]).includes(input.type)) throw new PickingError('bad_type', t('picking.errors.badIncidenceType'));
  checkQuantity(input.quantity, 1);
  const routeId = await routeIdOf(engine, input.order_id);
  return oneAtATime(`picking:${routeId}`, async () => {
    const { order, route } = await pickingContext(engine, input.order_id, null, input.actor);
    if (!order.lines.some((l) => l.product_id === input.product_id)) {
      throw new PickingError('line_not_found', t('picking.errors.lineNotFound', { line: input.product_id, order: order.code }));
    }
    const id = input.id ?? newEventId('inc');
    const existing = await engine.db.incidences.findOne(id).exec();
    if (existing) return { incidence: existing.toJSON() as unknown as Incidence, created: false, settlement: { route: null, orders: [] } };
    let photo_file = '';
    if (input.photo) {
      photo_file = photoPath('incidences', input.actor.userId, id);
      await engine.queueUpload(photo_file, input.photo, input.photo.type || 'image/jpeg');
    }
    const incidence: Incidence = {
      id,
      at: eventTime(input.now),
      created_by: input.actor.userId,
      position: input.position ?? null,
      kind: 'picker-product',
      type: input.type,
      order_id: order.id,
      product_id: input.product_id,
      route_id: route.id,
      delivery_point_id: order.delivery_point_id,
      hub: route.hub,
      quantity: input.quantity,
      note: (input.note ?? '').trim(),
      photo_file,
    };
    const { created } = await engine.writer.insert('incidences', incidence);
    return { incidence, created, settlement: await settle(engine, route.id, input.actor) };
  });
}

export interface PickerErrorInput {
  readonly id?: string;
  readonly order_id: string;
  /** The product the picker was asked for. */
  readonly expected_product_id: string;
  /** The code he read instead. */
  readonly scanned: string;
  readonly type?: PickerErrorType;
  readonly note?: string;
  readonly actor: PickingActor;
  readonly position?: Position | null;
  readonly now?: number;
}

/** A picker's mistake (errors-picker): expected product, code read, who and when. */
export async function recordPickerError(engine: PickingEngine, input: PickerErrorInput): Promise<Incidence> {
  const order = await loadOrder(engine, input.order_id);
  if (order.route_id === '') throw new PickingError('order_not_on_route', t('picking.errors.orderNotOnRoute', { order: order.code }));
  const route = await loadRoute(engine, order.route_id);
  assertPicker(input.actor, route);
  const type = input.type ?? 'wrong_product';
  if (!(PICKER_ERROR_TYPES as readonly string[]).includes(type)) {
    throw new PickingError('bad_type', t('picking.errors.badIncidenceType'));
  }
  const incidence: Incidence = {
    id: input.id ?? newEventId('err'),
    at: eventTime(input.now),
    created_by: input.actor.userId,
    position: input.position ?? null,
    kind: 'picker-error',
    type,
    order_id: order.id,
    product_id: input.expected_product_id,
    route_id: route.id,
    delivery_point_id: order.delivery_point_id,
    hub: route.hub,
    quantity: 1,
    note: (input.note ?? '').trim(),
    photo_file: '',
    scanned_barcode: input.scanned.trim().slice(0, 128),
  };
  await engine.writer.insert('incidences', incidence);
  return incidence;
}

// ── The operator's forced «Preparada» ────────────────────────────────────────────────────────

/**
 * Declares a route «Preparada» before every line is picked or covered, with a reason: its
 * orders become «Preparado» (picking «Incompleto» where something is missing) with the picked
 * quantities cached. Returns false when the route was already ready (a second press).
 */
export async function forceRouteReady(engine: PickingEngine, input: { route_id: string; reason: string; actor: PickingActor }): Promise<boolean> {
  return oneAtATime(`picking:${input.route_id}`, async () => {
    const state = await routePickingState(engine, input.route_id);
    assertPicker(input.actor, state.route);
    if (state.route.status === 'ready') return false;
    const check = checkForceReady(state.route, input.reason);
    if (!check.ok) {
      if (check.code === 'route_not_pickable') assertPickable(state.route, null);
      throw new PickingError(
        check.code,
        check.code === 'reason_too_long' ? t('picking.errors.reasonTooLong', { max: FORCE_REASON_MAX }) : t('picking.errors.reasonTooShort', { min: FORCE_REASON_MIN }),
      );
    }
    const byId = new Map(state.progress.orders.map((o) => [o.order_id, o]));
    for (const order of state.orders) {
      const p = byId.get(order.id);
      const changes = p ? forcedOrderSettlement(order, p) : null;
      if (changes) await patchOrder(engine, order, changes, input.actor.role);
    }
    await engine.writer.patch('routes', state.route.id, { status: 'ready', ready_reason: check.reason });
    return true;
  });
}
