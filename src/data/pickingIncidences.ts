/**
 * Picking incidences («Falta», «Dañado»…: units the picker cannot put in the box) and picker
 * errors (a wrong product read), insert-only events (issue 12).
 */
import { ActionError } from './actionError';
import type { Incidence } from '../domain/entities/events';
import type { Position } from '../domain/entities/fields';
import {
  PICKER_ERROR_TYPES,
  PICKING_INCIDENCE_TYPES,
  assertPicker,
  checkQuantity,
  eventTime,
  loadOrder,
  loadRoute,
  newEventId,
  oneAtATime,
  pickingContext,
  routeIdOf,
  type PickerErrorType,
  type PickingActor,
  type PickingEngine,
  type PickingIncidenceType,
} from './pickingCore';
import { photoPath } from './round';
import { settle, type Settlement } from './pickingSettlement';

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
  if (!(PICKING_INCIDENCE_TYPES as readonly string[]).includes(input.type)) throw new ActionError('picking.errors.badIncidenceType', {}, 'bad_type');
  checkQuantity(input.quantity, 1);
  const routeId = await routeIdOf(engine, input.order_id);
  return oneAtATime(`picking:${routeId}`, async () => {
    const { order, route } = await pickingContext(engine, input.order_id, null, input.actor);
    if (!order.lines.some((l) => l.product_id === input.product_id)) {
      throw new ActionError('picking.errors.lineNotFound', { line: input.product_id, order: order.code }, 'line_not_found');
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
  if (order.route_id === '') throw new ActionError('picking.errors.orderNotOnRoute', { order: order.code }, 'order_not_on_route');
  const route = await loadRoute(engine, order.route_id);
  assertPicker(input.actor, route);
  const type = input.type ?? 'wrong_product';
  if (!(PICKER_ERROR_TYPES as readonly string[]).includes(type)) {
    throw new ActionError('picking.errors.badIncidenceType', {}, 'bad_type');
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

