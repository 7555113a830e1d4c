/**
 * The order fields an intake writes, as one table (issue 30 §1): for each field, how its value
 * is read from the order's merged rows, what a new order takes, what an existing order takes,
 * and how two values are compared. Creating, updating and «changed» all loop over this table;
 * the rest of an order is set once, in `createdFixed`, typed as `Omit<Order, ImportedOrderField>`.
 * A new field of `Order` is therefore either listed here or set there, or the typecheck fails
 * (and tests/intake/orderFields.test.ts checks the two together cover the order schema).
 */
import type { DeliveryPoint, Order, OrderLine, PaymentMethod } from '../entities/operation';
import type { Client } from '../entities/reference';
import type { Window } from './values';

/** What the rows of one order say once merged (conflicts already reported). */
export interface MergedOrder {
  readonly client: Client;
  readonly point: DeliveryPoint;
  readonly date: string;
  /** undefined: no row carries a window. */
  readonly window?: Window;
  readonly payment?: PaymentMethod;
  /** undefined: the input has no notes column. */
  readonly notes?: string;
  readonly lines: readonly OrderLine[];
}

interface FieldRule<K extends keyof Order> {
  /** The value of a new order. */
  readonly create: (m: MergedOrder) => Order[K];
  /** The value of an existing order the intake updates. */
  readonly update: (m: MergedOrder, existing: Order) => Order[K];
  /** Two values are the same (nothing to write). */
  readonly same: (a: Order[K], b: Order[K]) => boolean;
}

/** Fields of `Order` the intake reads from its input. */
export type ImportedOrderField = 'delivery_point_id' | 'hub' | 'date' | 'window_start' | 'window_end' | 'payment_method' | 'notes' | 'lines';

const eq = <T>(a: T, b: T): boolean => a === b;

/** Same products and quantities in the same order (prices are the catalogue's, not the input's). */
export function sameLineSet(a: readonly Pick<OrderLine, 'product_id' | 'quantity'>[], b: readonly Pick<OrderLine, 'product_id' | 'quantity'>[]): boolean {
  return a.length === b.length && a.every((l, i) => l.product_id === b[i]?.product_id && l.quantity === b[i]?.quantity);
}

export const ORDER_FIELDS: { readonly [K in ImportedOrderField]: FieldRule<K> } = {
  delivery_point_id: { create: (m) => m.point.id, update: (m) => m.point.id, same: eq },
  hub: { create: (m) => m.point.hub, update: (m) => m.point.hub, same: eq },
  date: { create: (m) => m.date, update: (m) => m.date, same: eq },
  // A new order without a window takes the point's receiving hours; an existing one keeps its own.
  window_start: { create: (m) => m.window?.start ?? m.point.opens, update: (m, e) => m.window?.start ?? e.window_start, same: eq },
  window_end: { create: (m) => m.window?.end ?? m.point.closes, update: (m, e) => m.window?.end ?? e.window_end, same: eq },
  payment_method: { create: (m) => m.payment ?? m.client.payment_terms, update: (m, e) => m.payment ?? e.payment_method, same: eq },
  notes: { create: (m) => m.notes ?? '', update: (m, e) => m.notes ?? e.notes, same: eq },
  // Lines with the same products and quantities keep their stored prices.
  lines: { create: (m) => [...m.lines], update: (m, e) => (sameLineSet(e.lines, m.lines) ? e.lines : [...m.lines]), same: sameLineSet },
};

export const IMPORTED_ORDER_FIELDS = Object.keys(ORDER_FIELDS) as ImportedOrderField[];

/** The imported fields of a new order. */
export function createdFields(m: MergedOrder): Pick<Order, ImportedOrderField> {
  const out: Partial<Record<ImportedOrderField, unknown>> = {};
  for (const k of IMPORTED_ORDER_FIELDS) out[k] = ORDER_FIELDS[k].create(m);
  return out as Pick<Order, ImportedOrderField>;
}

/** The imported fields of an existing order after the intake. */
export function updatedFields(m: MergedOrder, existing: Order): Pick<Order, ImportedOrderField> {
  const out: Partial<Record<ImportedOrderField, unknown>> = {};
  for (const k of IMPORTED_ORDER_FIELDS) out[k] = ORDER_FIELDS[k].update(m, existing);
  return out as Pick<Order, ImportedOrderField>;
}

/** The imported fields that differ between two orders. */
export function changedFields(before: Order, after: Order): ImportedOrderField[] {
  return IMPORTED_ORDER_FIELDS.filter((k) => !(ORDER_FIELDS[k].same as (a: unknown, b: unknown) => boolean)(before[k], after[k]));
}

/** The fields of a new order the input does not give. */
export type CreatedFixed = Omit<Order, ImportedOrderField>;
