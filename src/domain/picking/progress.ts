/**
 * Picking progress, derived from insert-only events (issue 12). Nothing here is stored: the
 * picked quantity of an order line, an order's and a route's progress and the over-picked lines
 * are a pure fold over the SET of picking events (picks, undos, picking incidences, picker
 * errors). Two tablets that picked offline and then synchronised hold the same set, so they show
 * the same figures whatever order the events arrived in and however often one was delivered:
 * events are keyed by their device-made id, and a duplicate id counts once.
 *
 * Rules:
 * - an ordinary pick adds its `quantity` to its order line (`order_id` + `line_id`); a pick
 *   whose product is not the line's product is not a pick of that line and is ignored;
 * - an undo (`undoes` = id of a pick of the same order line) cancels that pick in full; two
 *   undos of one pick cancel it once; an undo of an undo, or of a pick of another line, does
 *   nothing;
 * - a picking incidence (`picker-product`) declares units of a product short («Falta»,
 *   «Dañado»…): they cover what is not picked of the order's lines of that product, in line
 *   order, never more than what is missing;
 * - a line picked over its quantity is flagged (`over`), never capped: it is not done until
 *   the extra units are taken out (undo) or an operator forces the route ready.
 */
import type { Incidence, Pick } from '../entities/events';
import type { Order, OrderLine, Route } from '../entities/operation';
import type { PickingStatus } from '../status/machines';

/** Whether a picking event is an undo (a compensating event). */
export function isUndo(p: Pick): boolean {
  return (p.undoes ?? '') !== '';
}

/** Of two documents with one id (which a sane device never makes), keep one deterministically. */
function pickOne<T>(a: T, b: T): T {
  return JSON.stringify(a) <= JSON.stringify(b) ? a : b;
}

function byAtThenId(a: { at: number; id: string }, b: { at: number; id: string }): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** One document per id. */
function unique<T extends { id: string }>(docs: Iterable<T>): Map<string, T> {
  const byId = new Map<string, T>();
  for (const d of docs) {
    const seen = byId.get(d.id);
    byId.set(d.id, seen === undefined ? d : pickOne(seen, d));
  }
  return byId;
}

/**
 * The picks that count: ordinary picks with units, not cancelled by an undo of the same order
 * line; oldest first (by device time, then id).
 */
export function effectivePicks(picks: Iterable<Pick>): Pick[] {
  const byId = unique(picks);
  const undone = new Set<string>();
  for (const p of byId.values()) {
    if (!isUndo(p)) continue;
    const target = byId.get(p.undoes ?? '');
    if (target && !isUndo(target) && target.order_id === p.order_id && target.line_id === p.line_id) undone.add(target.id);
  }
  return [...byId.values()].filter((p) => !isUndo(p) && !undone.has(p.id) && p.quantity > 0).sort(byAtThenId);
}

const key = (a: string, b: string) => `${a}\u0000${b}`;

/** The events of a set of orders, indexed once for the progress functions. */
export interface PickingIndex {
  /** Effective picks per order line (`order_id`, `line_id`), oldest first. */
  readonly picksByLine: ReadonlyMap<string, readonly Pick[]>;
  /** Units declared short per order and product (picking incidences). */
  readonly shortByProduct: ReadonlyMap<string, number>;
  /** Picking incidences (`picker-product`) per order. */
  readonly incidencesByOrder: ReadonlyMap<string, readonly Incidence[]>;
  /** Picker errors (`picker-error`) per order. */
  readonly errorsByOrder: ReadonlyMap<string, readonly Incidence[]>;
}

/** Indexes picking events (any order, duplicates allowed). Other incidence kinds are ignored. */
export function indexPickingEvents(picks: Iterable<Pick>, incidences: Iterable<Incidence> = []): PickingIndex {
  const picksByLine = new Map<string, Pick[]>();
  for (const p of effectivePicks(picks)) {
    const k = key(p.order_id, p.line_id);
    const list = picksByLine.get(k);
    if (list) list.push(p);
    else picksByLine.set(k, [p]);
  }
  const shortByProduct = new Map<string, number>();
  const incidencesByOrder = new Map<string, Incidence[]>();
  const errorsByOrder = new Map<string, Incidence[]>();
  for (const i of [...unique(incidences).values()].sort(byAtThenId)) {
    if (i.kind === 'picker-product') {
      const k = key(i.order_id, i.product_id);
      shortByProduct.set(k, (shortByProduct.get(k) ?? 0) + i.quantity);
      incidencesByOrder.set(i.order_id, [...(incidencesByOrder.get(i.order_id) ?? []), i]);
    } else if (i.kind === 'picker-error') {
      errorsByOrder.set(i.order_id, [...(errorsByOrder.get(i.order_id) ?? []), i]);
    }
  }
  return { picksByLine, shortByProduct, incidencesByOrder, errorsByOrder };
}

/**
 * - `pending`: nothing picked or declared short;
 * - `partial`: some units picked or short, some still to pick;
 * - `picked`: exactly the quantity asked is in the box;
 * - `short`: what is not in the box is covered by picking incidences;
 * - `over`: more units than asked are in the box (flagged: take the extra out, or force).
 */
export type LineState = 'pending' | 'partial' | 'picked' | 'short' | 'over';

export interface LineProgress {
  readonly order_id: string;
  readonly line_id: string;
  readonly product_id: string;
  readonly name: string;
  /** Units asked. */
  readonly quantity: number;
  /** Units in the box: the sum of the line's effective picks (may exceed `quantity`). */
  readonly picked: number;
  /** Units declared short by picking incidences (at most what is not picked). */
  readonly short: number;
  /** Units still to pick: quantity − picked − short, never below 0. */
  readonly remaining: number;
  /** Units picked beyond the quantity asked. */
  readonly over: number;
  readonly state: LineState;
  /** The line's effective picks, oldest first (the last one is what «Deshacer» cancels). */
  readonly picks: readonly Pick[];
}

/** Whether a line needs nothing more (picked in full or covered by incidences, nothing extra). */
export function isLineDone(l: LineProgress): boolean {
  return l.state === 'picked' || l.state === 'short';
}

function lineState(quantity: number, picked: number, short: number): LineState {
  if (picked > quantity) return 'over';
  if (picked === quantity) return 'picked';
  if (picked + short >= quantity) return 'short';
  return picked > 0 || short > 0 ? 'partial' : 'pending';
}

export interface OrderProgress extends PickingTotals {
  readonly order_id: string;
  readonly lines: readonly LineProgress[];
  /** Every line done and none over: the order can be closed («Preparado»). */
  readonly complete: boolean;
  /** The order's picking status these events mean. */
  readonly picking_status: PickingStatus;
}

/** Progress of one order from the indexed events. */
export function orderPickingProgress(order: Pick_<Order, 'id' | 'lines'>, index: PickingIndex): OrderProgress {
  // Short units of each product, handed out to its lines in line order.
  const shortLeft = new Map<string, number>();
  const lines = order.lines.map((line: OrderLine): LineProgress => {
    const picks = index.picksByLine.get(key(order.id, line.line_id)) ?? [];
    const picked = picks.filter((p) => p.product_id === line.product_id).reduce((n, p) => n + p.quantity, 0);
    const pk = key(order.id, line.product_id);
    const available = shortLeft.get(pk) ?? index.shortByProduct.get(pk) ?? 0;
    const short = Math.min(available, Math.max(0, line.quantity - picked));
    shortLeft.set(pk, available - short);
    return {
      order_id: order.id,
      line_id: line.line_id,
      product_id: line.product_id,
      name: line.name,
      quantity: line.quantity,
      picked,
      short,
      remaining: Math.max(0, line.quantity - picked - short),
      over: Math.max(0, picked - line.quantity),
      state: lineState(line.quantity, picked, short),
      picks: picks.filter((p) => p.product_id === line.product_id),
    };
  });
  const sum = (f: (l: LineProgress) => number) => lines.reduce((n, l) => n + f(l), 0);
  const lines_done = lines.filter(isLineDone).length;
  const complete = lines.length > 0 && lines_done === lines.length;
  const units_short = sum((l) => l.short);
  const started = lines.some((l) => l.picked > 0 || l.short > 0);
  let picking_status: PickingStatus = 'pending';
  if (complete) picking_status = units_short > 0 ? 'incomplete' : 'picked';
  else if (started) picking_status = 'in_progress';
  return {
    order_id: order.id,
    lines,
    lines_total: lines.length,
    lines_done,
    units_total: sum((l) => l.quantity),
    units_picked: sum((l) => Math.min(l.picked, l.quantity)),
    units_short,
    units_over: sum((l) => l.over),
    over_lines: lines.filter((l) => l.over > 0).length,
    incidences: index.incidencesByOrder.get(order.id)?.length ?? 0,
    errors: index.errorsByOrder.get(order.id)?.length ?? 0,
    complete,
    picking_status,
  };
}

/** `Pick<T, K>` of TypeScript, renamed here because `Pick` is the picking event's type. */
type Pick_<T, K extends keyof T> = { [P in K]: T[P] };

/** Totals shared by a stop and a route. */
export interface PickingTotals {
  readonly lines_total: number;
  /** Lines picked in full or covered by incidences. */
  readonly lines_done: number;
  readonly units_total: number;
  /** Units in the boxes, counted up to each line's quantity (extra units are in `units_over`). */
  readonly units_picked: number;
  readonly units_short: number;
  readonly units_over: number;
  /** Lines flagged as picked over their quantity. */
  readonly over_lines: number;
  /** Picking incidences (`picker-product`) and picker errors. */
  readonly incidences: number;
  readonly errors: number;
}

function totals(orders: readonly OrderProgress[]): PickingTotals {
  const sum = (f: (o: OrderProgress) => number) => orders.reduce((n, o) => n + f(o), 0);
  return {
    lines_total: sum((o) => o.lines_total),
    lines_done: sum((o) => o.lines_done),
    units_total: sum((o) => o.units_total),
    units_picked: sum((o) => o.units_picked),
    units_short: sum((o) => o.units_short),
    units_over: sum((o) => o.units_over),
    over_lines: sum((o) => o.over_lines),
    incidences: sum((o) => o.incidences),
    errors: sum((o) => o.errors),
  };
}

export interface StopPickingProgress extends PickingTotals {
  readonly seq: number;
  readonly delivery_point_id: string;
  readonly orders: readonly OrderProgress[];
  readonly complete: boolean;
}

export interface RoutePickingProgress extends PickingTotals {
  readonly route_id: string;
  readonly stops: readonly StopPickingProgress[];
  readonly orders: readonly OrderProgress[];
  /** Orders named by the route's stops that this device does not hold (not synchronised yet). */
  readonly missing_orders: readonly string[];
  /** Every order of every stop is here and complete: the route can become «Preparada». */
  readonly complete: boolean;
}

/**
 * Progress of a route: its stops in visiting order, each with its orders' progress. `orders`
 * may hold more orders than the route's (they are ignored).
 */
export function routePickingProgress(route: Pick_<Route, 'id' | 'stops'>, orders: Iterable<Pick_<Order, 'id' | 'lines'>>, index: PickingIndex): RoutePickingProgress {
  const byId = new Map<string, Pick_<Order, 'id' | 'lines'>>();
  for (const o of orders) byId.set(o.id, o);
  const missing: string[] = [];
  const all: OrderProgress[] = [];
  const stops = route.stops.map((s): StopPickingProgress => {
    const progress: OrderProgress[] = [];
    for (const id of s.order_ids) {
      const o = byId.get(id);
      if (o) progress.push(orderPickingProgress(o, index));
      else missing.push(id);
    }
    all.push(...progress);
    return {
      seq: s.seq,
      delivery_point_id: s.delivery_point_id,
      orders: progress,
      ...totals(progress),
      complete: progress.length === s.order_ids.length && progress.every((o) => o.complete),
    };
  });
  return {
    route_id: route.id,
    stops,
    orders: all,
    missing_orders: missing,
    ...totals(all),
    complete: stops.length > 0 && missing.length === 0 && stops.every((s) => s.complete),
  };
}

/** Share of the work done (0–1): units picked or declared short over units asked. */
export function progressRatio(t: Pick_<PickingTotals, 'units_total' | 'units_picked' | 'units_short'>): number {
  return t.units_total === 0 ? 0 : Math.min(1, (t.units_picked + t.units_short) / t.units_total);
}
