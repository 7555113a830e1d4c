/**
 * Box labels read by the rider (issue 12): at the hub's load-out each scanned label marks its box
 * loaded; at a stop a scanned label names the order it belongs to. Pure: the screens give the
 * route, its orders and products, and what was scanned so far.
 */
import type { Order, Product, Route } from '../entities/operation';
import { boxLabels, LABEL_PREFIX, parseLabelCode, type BoxLabel, type LabelCode } from './labels';

/**
 * Every box label of a route's orders, in stop order, as the picking screen prints them once the
 * route is prepared: the boxes hold what was picked (`picked_quantity` of each line). The
 * delivery point does not change the codes, so it is optional here.
 */
export function routeBoxLabels(
  route: Pick<Route, 'code' | 'name' | 'stops'>,
  orders: readonly Order[],
  products: ReadonlyMap<string, Pick<Product, 'weight_g' | 'volume_ml' | 'cold'>>,
  pointOf: (order: Order) => Parameters<typeof boxLabels>[0]['point'] = () => null,
): BoxLabel[] {
  const byId = new Map(orders.map((o) => [o.id, o]));
  return route.stops.flatMap((s) =>
    s.order_ids.flatMap((id) => {
      const order = byId.get(id);
      if (!order) return [];
      const units = new Map(order.lines.map((l) => [l.line_id, l.picked_quantity]));
      return boxLabels({ order, route, point: pointOf(order), products, units });
    }),
  );
}

/** A code that starts like a box label but is not a valid one (torn, misread, typed wrong). */
function looksLikeLabel(code: string): boolean {
  return code.trim().toUpperCase().startsWith(`${LABEL_PREFIX}-`);
}

/** What a code scanned at the load-out means. */
export type LoadScan =
  /** Not a box label: a product's code, handled as before. */
  | { readonly kind: 'not-label' }
  /** Starts like a label but cannot be read as one. */
  | { readonly kind: 'bad-label' }
  /** A box of this route, now marked loaded. */
  | { readonly kind: 'loaded'; readonly label: BoxLabel }
  /** A box of this route already scanned. */
  | { readonly kind: 'again'; readonly label: BoxLabel }
  /** The label's order is not on this route: the box stays at the hub. */
  | { readonly kind: 'other-route'; readonly read: LabelCode }
  /** The order is on this route but has no such box (e.g. box 3 of an order of 2 boxes). */
  | { readonly kind: 'no-such-box'; readonly read: LabelCode; readonly of: number };

/** Reads a scanned code at the load-out against the route's labels and the boxes loaded so far (label codes). */
export function checkLoadScan(code: string, expected: readonly BoxLabel[], loaded: ReadonlySet<string>): LoadScan {
  const read = parseLabelCode(code);
  if (!read) return looksLikeLabel(code) ? { kind: 'bad-label' } : { kind: 'not-label' };
  const ofOrder = expected.filter((l) => l.order_id === read.order_id);
  if (ofOrder.length === 0) return { kind: 'other-route', read };
  const label = ofOrder.find((l) => l.box === read.box);
  if (!label) return { kind: 'no-such-box', read, of: ofOrder.length };
  return loaded.has(label.code) ? { kind: 'again', label } : { kind: 'loaded', label };
}

/** What a code scanned at a stop means. */
export type StopScan =
  | { readonly kind: 'not-label' }
  | { readonly kind: 'bad-label' }
  /** A box of an order of this stop. */
  | { readonly kind: 'here'; readonly read: LabelCode }
  /** A box of this route for another stop. */
  | { readonly kind: 'other-stop'; readonly read: LabelCode; readonly seq: number }
  /** A box of no order on this route. */
  | { readonly kind: 'other-route'; readonly read: LabelCode };

/** Reads a scanned code at stop `seq` of `route`. */
export function checkStopScan(code: string, route: Pick<Route, 'stops'>, seq: number): StopScan {
  const read = parseLabelCode(code);
  if (!read) return looksLikeLabel(code) ? { kind: 'bad-label' } : { kind: 'not-label' };
  const stop = route.stops.find((s) => s.order_ids.includes(read.order_id));
  if (!stop) return { kind: 'other-route', read };
  if (stop.seq !== seq) return { kind: 'other-stop', read, seq: stop.seq };
  return { kind: 'here', read };
}
