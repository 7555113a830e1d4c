/**
 * The picker's picks (issue 12): a scan or a manual «+», a code read on the product page, undoing
 * the latest pick and bringing a line to a typed quantity. Each ends by settling the route.
 */
import { ActionError } from './actionError';
import type { Incidence, Pick } from '../domain/entities/events';
import type { Position } from '../domain/entities/fields';
import { indexPickingEvents, judgeScan, lastUndoablePick, looksPartial, orderPickingProgress, planSetQuantity, undoEventFor, type UndoFilter } from '../domain/picking';
import {
  assertPickable,
  assertPicker,
  checkQuantity,
  eventTime,
  eventsOfOrders,
  loadOrder,
  newEventId,
  oneAtATime,
  pickingContext,
  routeIdOf,
  routePickingState,
  type PickingActor,
  type PickingEngine,
} from './pickingCore';
import { recordPickerError } from './pickingIncidences';
import { settle, type Settlement } from './pickingSettlement';

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


async function writePick(engine: PickingEngine, input: RecordPickInput): Promise<{ pick: Pick; created: boolean; routeId: string }> {
  checkQuantity(input.quantity, 1);
  const { order, route, line } = await pickingContext(engine, input.order_id, input.line_id, input.actor);
  if (!line) throw new ActionError('picking.errors.lineNotFound', { line: input.line_id, order: order.code }, 'line_not_found');
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
  if (code === '') throw new ActionError('picking.errors.emptyCode', {}, 'empty_code');
  const order = await loadOrder(engine, input.order_id);
  const line = order.lines.find((l) => l.line_id === input.line_id);
  if (!line) throw new ActionError('picking.errors.lineNotFound', { line: input.line_id, order: order.code }, 'line_not_found');
  const product = await engine.db.products.findOne(line.product_id).exec();
  if (!product) throw new ActionError('picking.errors.productNotFound', { id: line.product_id }, 'product_not_found');
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
    if (!line) throw new ActionError('picking.errors.lineNotFound', { line: input.line_id, order: order.code }, 'line_not_found');
    const plan = planSetQuantity(line, input.quantity);
    const at = eventTime(input.now);
    for (const p of plan.undo) await engine.writer.insert('picks', undoEventFor(p, { userId: input.actor.userId, at, position: input.position ?? null }));
    if (plan.pick > 0) await writePick(engine, { order_id: order.id, line_id: input.line_id, quantity: plan.pick, actor: input.actor, position: input.position, now: at });
    return settle(engine, route.id, input.actor);
  });
}

