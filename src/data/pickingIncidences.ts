/**
 * Picking incidences («Falta», «Dañado»…: units the picker cannot put in the box) and picker
 * errors (a wrong product read), insert-only events (issue 12), as actions (src/data/action.ts).
 */
import { z } from 'zod';
import { ActionError } from './actionError';
import type { Incidence } from '../domain/entities/events';
import { blobArg, defineAction, serialized, type Actor, type Tx } from './action';
import {
  PICKER_ERROR_TYPES,
  PICKING_INCIDENCE_TYPES,
  assertPicker,
  checkQuantity,
  eventTime,
  loadOrder,
  loadRoute,
  newEventId,
  pickingContext,
  pickingExtras,
  routeIdOf,
  type PickerErrorType,
  type PickingIncidenceType,
} from './pickingCore';
import { photoPath } from './round';
import { settle, type Settlement } from './pickingSettlement';

// ── Incidences and picker errors ─────────────────────────────────────────────────────────────

const pickingIncidenceArgs = z.object({
  /** Made once when the form opens: a second press stores nothing new. */
  id: z.string().min(1).optional(),
  order_id: z.string().min(1),
  product_id: z.string().min(1),
  /** One of PICKING_INCIDENCE_TYPES (checked by the action: refused as 'bad_type'). */
  type: z.string(),
  /** Units short (missing, damaged…). */
  quantity: z.number(),
  note: z.string().optional(),
  /** Optional photo, queued for upload (works offline). */
  photo: blobArg().nullable().optional(),
  ...pickingExtras,
});
export type PickingIncidenceInput = z.input<typeof pickingIncidenceArgs> & { readonly type: PickingIncidenceType };

/** «Falta», «Dañado»…: units of a product the picker cannot put in the box. */
export const recordPickingIncidence = serialized(
  defineAction({
    name: 'picking.recordIncidence',
    args: pickingIncidenceArgs,
    run: async ({ tx, args, actor }): Promise<{ incidence: Incidence; created: boolean; settlement: Settlement }> => {
      if (!(PICKING_INCIDENCE_TYPES as readonly string[]).includes(args.type)) throw new ActionError('picking.errors.badIncidenceType', {}, 'bad_type');
      checkQuantity(args.quantity, 1);
      const { order, route } = await pickingContext(tx, args.order_id, null, actor);
      if (!order.lines.some((l) => l.product_id === args.product_id)) {
        throw new ActionError('picking.errors.lineNotFound', { line: args.product_id, order: order.code }, 'line_not_found');
      }
      const id = args.id ?? newEventId('inc');
      const existing = await tx.get('incidences', id);
      if (existing) return { incidence: existing, created: false, settlement: { route: null, orders: [] } };
      let photo_file = '';
      if (args.photo) {
        photo_file = photoPath('incidences', actor.userId, id);
        tx.upload(photo_file, args.photo, args.photo.type || 'image/jpeg');
      }
      const incidence: Incidence = {
        id,
        at: eventTime(args.now),
        created_by: actor.userId,
        position: args.position ?? null,
        kind: 'picker-product',
        type: args.type as PickingIncidenceType,
        order_id: order.id,
        product_id: args.product_id,
        route_id: route.id,
        delivery_point_id: order.delivery_point_id,
        hub: route.hub,
        quantity: args.quantity,
        note: (args.note ?? '').trim(),
        photo_file,
      };
      const { created } = await tx.insert('incidences', incidence);
      return { incidence, created, settlement: await settle(tx, route.id, actor) };
    },
  }),
  async (args, engine) => `picking:${await routeIdOf(engine, args.order_id)}`,
);

export const pickerErrorArgs = z.object({
  id: z.string().min(1).optional(),
  order_id: z.string().min(1),
  /** The product the picker was asked for. */
  expected_product_id: z.string().min(1),
  /** The code he read instead. */
  scanned: z.string(),
  /** One of PICKER_ERROR_TYPES (checked by the action: refused as 'bad_type'). */
  type: z.string().optional(),
  note: z.string().optional(),
  ...pickingExtras,
});
export type PickerErrorInput = z.input<typeof pickerErrorArgs> & { readonly type?: PickerErrorType };

/** Writes a picker's mistake in `tx` (also what a wrong scan records, ./pickingPicks.ts). */
export async function writePickerError(tx: Tx, args: z.output<typeof pickerErrorArgs>, actor: Actor): Promise<Incidence> {
  const order = await loadOrder(tx, args.order_id);
  if (order.route_id === '') throw new ActionError('picking.errors.orderNotOnRoute', { order: order.code }, 'order_not_on_route');
  const route = await loadRoute(tx, order.route_id);
  assertPicker(actor, route);
  const type = args.type ?? 'wrong_product';
  if (!(PICKER_ERROR_TYPES as readonly string[]).includes(type)) throw new ActionError('picking.errors.badIncidenceType', {}, 'bad_type');
  const incidence: Incidence = {
    id: args.id ?? newEventId('err'),
    at: eventTime(args.now),
    created_by: actor.userId,
    position: args.position ?? null,
    kind: 'picker-error',
    type: type as PickerErrorType,
    order_id: order.id,
    product_id: args.expected_product_id,
    route_id: route.id,
    delivery_point_id: order.delivery_point_id,
    hub: route.hub,
    quantity: 1,
    note: (args.note ?? '').trim(),
    photo_file: '',
    scanned_barcode: args.scanned.trim().slice(0, 128),
  };
  await tx.insert('incidences', incidence);
  return incidence;
}

/** A picker's mistake (errors-picker): expected product, code read, who and when. */
export const recordPickerError = defineAction({
  name: 'picking.recordPickerError',
  args: pickerErrorArgs,
  run: ({ tx, args, actor }) => writePickerError(tx, args, actor),
});
