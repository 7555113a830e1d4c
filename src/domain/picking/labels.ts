/**
 * Box labels (issue 12): one label per box of an order, with a Code 128 barcode of a short code
 * that the rider's load-out and stop screens accept when scanned.
 *
 * Code: `CB1-<box>-<of>-<order id>`, e.g. `CB1-2-3-o-20261122-0042` (box 2 of 3). The numbers
 * come first so that the order id, which may hold «-», needs no escaping. Keyboard-wedge
 * scanners type what they read as key presses: a scanner set to a US layout on a tablet set to
 * Spanish types «'» for «-», «?» for «_» and «Ñ» for «:». Order ids never hold those three
 * characters, so `parseLabelCode` reads them back as the intended ones.
 *
 * Boxes per order: a box carries at most BOX_LIMITS (a 40 × 30 × 30 cm picking crate, about 30
 * litres usable and 15 kg, what a picker lifts onto a cargo bike). Cold-chain products travel in
 * their own insulated boxes, so cold and ambient lines are boxed apart: boxes = boxes(cold) +
 * boxes(ambient), each max(⌈volume / 30 l⌉, ⌈weight / 15 kg⌉), at least one per order and at
 * most 99.
 */
import type { DeliveryPoint, Order, Product, Route } from '../entities/operation';

export const LABEL_PREFIX = 'CB1';
export const MAX_BOXES = 99;
export const BOX_LIMITS = { volume_ml: 30_000, weight_g: 15_000 } as const;

export interface LabelCode {
  readonly order_id: string;
  /** 1…of */
  readonly box: number;
  readonly of: number;
}

const ORDER_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

export function encodeLabelCode(label: LabelCode): string {
  if (!ORDER_ID.test(label.order_id)) throw new RangeError(`invalid order id «${label.order_id}»`);
  if (!Number.isInteger(label.of) || label.of < 1 || label.of > MAX_BOXES) throw new RangeError(`invalid box count ${label.of}`);
  if (!Number.isInteger(label.box) || label.box < 1 || label.box > label.of) throw new RangeError(`invalid box ${label.box} of ${label.of}`);
  return `${LABEL_PREFIX}-${label.box}-${label.of}-${label.order_id}`;
}

/** Characters a US-layout scanner types on a Spanish-layout tablet, read back. */
const LAYOUT_SWAPS: Readonly<Record<string, string>> = { "'": '-', '?': '_', Ñ: ':' };

/** The label a scanned code names, or null when it is not a box label. */
export function parseLabelCode(raw: string): LabelCode | null {
  const text = [...raw.trim()].map((c) => LAYOUT_SWAPS[c] ?? c).join('');
  const m = /^CB1-([1-9]\d?)-([1-9]\d?)-(.+)$/i.exec(text);
  if (!m) return null;
  const box = Number(m[1]);
  const of = Number(m[2]);
  const order_id = m[3] as string;
  if (box > of || !ORDER_ID.test(order_id)) return null;
  return { order_id, box, of };
}

type ProductSize = Pick<Product, 'weight_g' | 'volume_ml' | 'cold'>;

function boxesOf(volume_ml: number, weight_g: number): number {
  if (volume_ml <= 0 && weight_g <= 0) return 0;
  return Math.max(Math.ceil(volume_ml / BOX_LIMITS.volume_ml), Math.ceil(weight_g / BOX_LIMITS.weight_g), 1);
}

/**
 * How many boxes an order needs (rule above). `units` gives the units of each line in the box
 * (what was picked); by default the quantities asked. A product this device does not know
 * counts as one full box, so a label is never missing.
 */
export function boxesForOrder(order: Pick<Order, 'lines'>, products: ReadonlyMap<string, ProductSize>, units?: ReadonlyMap<string, number>): number {
  const size = { cold: { v: 0, w: 0 }, ambient: { v: 0, w: 0 } };
  let unknown = 0;
  for (const line of order.lines) {
    const n = units?.get(line.line_id) ?? line.quantity;
    if (n <= 0) continue;
    const p = products.get(line.product_id);
    if (!p) {
      unknown += 1;
      continue;
    }
    const s = p.cold ? size.cold : size.ambient;
    s.v += p.volume_ml * n;
    s.w += p.weight_g * n;
  }
  const total = boxesOf(size.cold.v, size.cold.w) + boxesOf(size.ambient.v, size.ambient.w) + unknown;
  return Math.min(MAX_BOXES, Math.max(1, total));
}

/** What one printed label shows. */
export interface BoxLabel {
  /** What the barcode encodes (Code 128). */
  readonly code: string;
  readonly order_id: string;
  readonly order_code: string;
  readonly box: number;
  readonly of: number;
  readonly route_code: string;
  readonly route_name: string;
  /** Stop number on the route (0 when the order is on no stop of it). */
  readonly stop_seq: number;
  readonly delivery_point_name: string;
  readonly address: string;
  readonly date: string;
  readonly window: string;
  readonly hub: number;
  readonly cold: boolean;
}

/** The labels of an order's boxes, in box order. */
export function boxLabels(input: {
  readonly order: Pick<Order, 'id' | 'code' | 'lines' | 'date' | 'window_start' | 'window_end' | 'hub'>;
  readonly route: Pick<Route, 'code' | 'name' | 'stops'>;
  readonly point: Pick<DeliveryPoint, 'name' | 'address' | 'city'> | null;
  readonly products: ReadonlyMap<string, ProductSize>;
  readonly units?: ReadonlyMap<string, number>;
}): BoxLabel[] {
  const { order, route, point, products } = input;
  const of = boxesForOrder(order, products, input.units);
  const stop = route.stops.find((s) => s.order_ids.includes(order.id));
  const cold = order.lines.some((l) => products.get(l.product_id)?.cold === true);
  return Array.from({ length: of }, (_, i) => ({
    code: encodeLabelCode({ order_id: order.id, box: i + 1, of }),
    order_id: order.id,
    order_code: order.code,
    box: i + 1,
    of,
    route_code: route.code,
    route_name: route.name,
    stop_seq: stop?.seq ?? 0,
    delivery_point_name: point?.name ?? '',
    address: point ? `${point.address}, ${point.city}` : '',
    date: order.date,
    window: `${order.window_start}–${order.window_end}`,
    hub: order.hub,
    cold,
  }));
}
