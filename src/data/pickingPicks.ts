/**
 * The picker's picks (issue 12), as actions (src/data/action.ts): a scan or a manual «+», a code
 * read on the product page, undoing the latest pick and bringing a line to a typed quantity. Each
 * settles the route's statuses in the same write.
 */
import { z } from 'zod';
import { ActionError } from './actionError';
import type { Incidence, Pick } from '../domain/entities/events';
import { indexPickingEvents, judgeScan, lastUndoablePick, looksPartial, orderPickingProgress, planSetQuantity, undoEventFor } from '../domain/picking';
import { defineAction, serialized, type Actor, type Tx } from './action';
import { assertPickable, assertPicker, checkQuantity, eventTime, eventsOfOrders, loadOrder, newEventId, pickingContext, pickingExtras, pickingStateOf, routeIdOf } from './pickingCore';
import { writePickerError } from './pickingIncidences';
import { settle, type Settlement } from './pickingSettlement';

// ── Picks ────────────────────────────────────────────────────────────────────────────────────

const recordPickArgs = z.object({
  /** Made once per tap on the device (default: a new UUID); the same id twice stores one pick. */
  id: z.string().min(1).optional(),
  order_id: z.string().min(1),
  line_id: z.string().min(1),
  /** Units put in the box (1 per scan); checked by the action (refused as 'bad_quantity'). */
  quantity: z.number(),
  /** The code read to confirm the product ('' or absent when confirmed by hand). */
  scanned: z.string().optional(),
  ...pickingExtras,
});
export type RecordPickInput = z.input<typeof recordPickArgs>;

export interface PickResult {
  readonly pick: Pick;
  /** False when an event with that id was already stored (a repeated tap). */
  readonly created: boolean;
  readonly settlement: Settlement;
}

async function writePick(tx: Tx, args: z.output<typeof recordPickArgs>, actor: Actor): Promise<{ pick: Pick; created: boolean; routeId: string }> {
  checkQuantity(args.quantity, 1);
  const { order, route, line } = await pickingContext(tx, args.order_id, args.line_id, actor);
  if (!line) throw new ActionError('picking.errors.lineNotFound', { line: args.line_id, order: order.code }, 'line_not_found');
  const pick: Pick = {
    id: args.id ?? newEventId('pick'),
    at: eventTime(args.now),
    created_by: actor.userId,
    position: args.position ?? null,
    route_id: route.id,
    order_id: order.id,
    line_id: line.line_id,
    product_id: line.product_id,
    delivery_point_id: order.delivery_point_id,
    hub: route.hub,
    quantity: args.quantity,
    scanned_barcode: (args.scanned ?? '').trim().slice(0, 32),
  };
  const { created } = await tx.insert('picks', pick);
  return { pick, created, routeId: route.id };
}

async function pickAndSettle(tx: Tx, args: z.output<typeof recordPickArgs>, actor: Actor): Promise<PickResult> {
  const { pick, created, routeId } = await writePick(tx, args, actor);
  return { pick, created, settlement: await settle(tx, routeId, actor) };
}

/** The key a picking action of an order runs one at a time by: its route. */
const byOrderRoute = async (args: { order_id: string }, engine: Parameters<typeof routeIdOf>[0]) => `picking:${await routeIdOf(engine, args.order_id)}`;

/** Records `quantity` units of an order line put in the box (a scan or a manual «+»). */
export const recordPick = serialized(
  defineAction({ name: 'picking.recordPick', args: recordPickArgs, run: ({ tx, args, actor }) => pickAndSettle(tx, args, actor) }),
  byOrderRoute,
);

export type ScanOutcome =
  | { readonly ok: true; readonly result: PickResult }
  /** The code is not the expected product's: a picker error was recorded. */
  | { readonly ok: false; readonly partial?: false; readonly error: Incidence }
  /** A partial read (digits of no whole code, issue 28): refused, nothing recorded against the picker. */
  | { readonly ok: false; readonly partial: true; readonly error?: undefined };

/** Whether some product of this device has `code` as its barcode or SKU (a partial read has none). */
async function isKnownCode(tx: Tx, code: string): Promise<boolean> {
  if ((await tx.find('products', { selector: { barcode: code }, limit: 1 })).length > 0) return true;
  return (await tx.find('products', { selector: { sku: code }, limit: 1 })).length > 0;
}

/**
 * A code read on the picker's product page: the expected product's code picks one unit; any
 * other code records a picker error (expected, scanned, who, when) and picks nothing.
 */
export const pickByScan = serialized(
  defineAction({
    name: 'picking.pickByScan',
    args: z.object({ order_id: z.string().min(1), line_id: z.string().min(1), code: z.string(), ...pickingExtras }),
    run: async ({ tx, args, actor }): Promise<ScanOutcome> => {
      const code = args.code.trim();
      if (code === '') throw new ActionError('picking.errors.emptyCode', {}, 'empty_code');
      const order = await loadOrder(tx, args.order_id);
      const line = order.lines.find((l) => l.line_id === args.line_id);
      if (!line) throw new ActionError('picking.errors.lineNotFound', { line: args.line_id, order: order.code }, 'line_not_found');
      const product = await tx.get('products', line.product_id);
      if (!product) throw new ActionError('picking.errors.productNotFound', { id: line.product_id }, 'product_not_found');
      const known = looksPartial(code) ? await isKnownCode(tx, code) : true;
      const judgement = judgeScan(product, code, known);
      if (judgement === 'match') {
        return { ok: true, result: await pickAndSettle(tx, { order_id: order.id, line_id: line.line_id, quantity: 1, scanned: code, position: args.position, now: args.now }, actor) };
      }
      if (judgement === 'partial') return { ok: false, partial: true };
      const error = await writePickerError(tx, { order_id: order.id, expected_product_id: line.product_id, scanned: code, type: 'wrong_product', position: args.position, now: args.now }, actor);
      return { ok: false, error };
    },
  }),
  byOrderRoute,
);

/** Cancels the latest pick matching `filter` with an undo event; null when there was none. */
export const undoLastPick = serialized(
  defineAction({
    name: 'picking.undoLastPick',
    args: z.object({
      route_id: z.string().min(1),
      filter: z.object({ order_id: z.string().optional(), line_id: z.string().optional(), route_id: z.string().optional(), created_by: z.string().optional() }).optional(),
      ...pickingExtras,
    }),
    run: async ({ tx, args, actor }): Promise<{ undone: Pick; settlement: Settlement } | null> => {
      const state = await pickingStateOf(tx, args.route_id);
      assertPicker(actor, state.route);
      assertPickable(state.route, null);
      const target = lastUndoablePick(state.picks, { ...args.filter });
      if (!target) return null;
      await tx.insert('picks', undoEventFor(target, { userId: actor.userId, at: eventTime(args.now), position: args.position ?? null }));
      return { undone: target, settlement: await settle(tx, args.route_id, actor) };
    },
  }),
  (args) => `picking:${args.route_id}`,
);

/**
 * Brings an order line to `quantity` units (the typed quantity and the «−» button): undoes the
 * latest picks while the box holds more, then picks what is missing.
 */
export const setPickedQuantity = serialized(
  defineAction({
    name: 'picking.setPickedQuantity',
    args: z.object({ order_id: z.string().min(1), line_id: z.string().min(1), quantity: z.number(), ...pickingExtras }),
    run: async ({ tx, args, actor }): Promise<Settlement> => {
      checkQuantity(args.quantity, 0);
      const { order, route } = await pickingContext(tx, args.order_id, args.line_id, actor);
      const { picks, incidences } = await eventsOfOrders(tx, [order.id]);
      const progress = orderPickingProgress(order, indexPickingEvents(picks, incidences));
      const line = progress.lines.find((l) => l.line_id === args.line_id);
      if (!line) throw new ActionError('picking.errors.lineNotFound', { line: args.line_id, order: order.code }, 'line_not_found');
      const plan = planSetQuantity(line, args.quantity);
      const at = eventTime(args.now);
      for (const p of plan.undo) await tx.insert('picks', undoEventFor(p, { userId: actor.userId, at, position: args.position ?? null }));
      if (plan.pick > 0) await writePick(tx, { order_id: order.id, line_id: args.line_id, quantity: plan.pick, position: args.position, now: at }, actor);
      return settle(tx, route.id, actor);
    },
  }),
  byOrderRoute,
);
