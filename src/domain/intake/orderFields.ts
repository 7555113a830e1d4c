/**
 * The order fields an intake writes, as one table (issue 30 §1). One row per field of `Order`
 * says everything the import does with it:
 * - `columns`: the input columns it reads, each with the header names that mean it (Spanish and
 *   English, written naturally; fields.ts normalises them and recognises headers by them). The
 *   columns' labels, in the mapping screen and wherever an order field is named, are the
 *   `orderFields` catalogue (src/i18n/es/orderFields.ts): the compiler asks for a new column's.
 * - `read`: how a row's cells become the field's value (the parsers of values.ts, applied in
 *   lines.ts), and `required`: a row without it is refused;
 * - `merge`: how the rows of one order agree on it (plan.ts);
 * - `create`, `update`: what a new order and an existing one take; `same`: two values are equal.
 * Creating, updating, «changed», reading rows and merging them all loop over this table; the
 * rest of an order is set once, in plan.ts, typed as `CreatedFixed` (`Omit<Order, ImportedOrderField>`).
 * A new field of `Order` is therefore a row here or set there: tests/intake/orderFields.test.ts
 * fails naming the field and this file otherwise.
 *
 * This module imports nothing else of the import (fields.ts builds the column list from it).
 */
import type { DeliveryPoint, Order, OrderLine, PaymentMethod } from '../entities/operation';
import type { Client } from '../entities/reference';

export interface Window {
  readonly start: string;
  readonly end: string;
}

/**
 * How the cells of a row become a field's value:
 * - `date`: a delivery date (`dd/mm/aaaa`, an Excel date…; not before today), one column;
 * - `window`: a time window, in one column (the row's first) or two (its second and third);
 * - `payment`: a payment method by its Spanish or English name, one column (blank: not given);
 * - `text`: text up to `max` characters, one column (blank: not given, unless `merge` is `join`);
 * - `point`, `lines`: read apart (lines.ts, points.ts: the point's columns name or make a
 *   delivery point; product and quantity make the order's lines).
 */
export type ReadAs =
  | { readonly kind: 'date' }
  | { readonly kind: 'window' }
  | { readonly kind: 'payment' }
  | { readonly kind: 'text'; readonly max: number }
  | { readonly kind: 'point' }
  | { readonly kind: 'lines' };

/** The value a kind of reading gives. */
export type ValueOf<R extends ReadAs> = R extends { kind: 'date' | 'text' } ? string : R extends { kind: 'window' } ? Window : R extends { kind: 'payment' } ? PaymentMethod : never;

/**
 * How the rows of one order agree on a value:
 * - `agree`: the first row that carries it gives it; a later row with another value is an
 *   `order_conflict` on that row;
 * - `join`: every distinct non-empty value, in row order, joined with « · » (up to the text's
 *   `max`); a column with only blank cells still gives '' (the file says «no notes»).
 */
export type Merge = 'agree' | 'join';

/** What the rows of one order say once merged (conflicts already reported). */
export interface MergedOrder {
  readonly client: Client;
  readonly point: DeliveryPoint;
  readonly lines: readonly OrderLine[];
  /** The merged value of each row that reads the input, by the row's field; absent: no row carries it. */
  readonly values: Readonly<Partial<Record<string, unknown>>>;
}

/** One row of the table, as the loops read it. */
export interface OrderFieldRow<K extends keyof Order = keyof Order, C extends string = string> {
  readonly field: K;
  readonly columns: Readonly<Record<C, readonly string[]>>;
  /** null: the value comes from the client, the point or the lines alone. */
  readonly read: ReadAs | null;
  /** The field whose merged value this one takes (the window's end takes the window read for its start). */
  readonly from: keyof Order | null;
  readonly merge: Merge;
  readonly required: boolean;
  // Methods (not function properties), so that every row is an `OrderFieldRow` of any field.
  /** The value of a new order (`value`: this row's merged value). */
  create(value: unknown, m: MergedOrder): Order[K];
  /** The value of an existing order the intake updates. */
  update(value: unknown, m: MergedOrder, existing: Order): Order[K];
  /** Two values are the same (nothing to write). */
  same(a: Order[K], b: Order[K]): boolean;
}

type Given<R extends ReadAs, Req extends boolean> = Req extends true ? ValueOf<R> : ValueOf<R> | undefined;

interface RowSpec<K extends keyof Order, C extends string, R extends ReadAs, Req extends boolean> {
  readonly columns?: Readonly<Record<C, readonly string[]>>;
  readonly read?: R;
  readonly from?: keyof Order;
  /** Default `agree`. */
  readonly merge?: Merge;
  readonly required?: Req;
  readonly create: (value: Given<R, Req>, m: MergedOrder) => Order[K];
  readonly update: (value: Given<R, Req>, m: MergedOrder, existing: Order) => Order[K];
  /** Default `===`. */
  readonly same?: (a: Order[K], b: Order[K]) => boolean;
}

const eq = <T>(a: T, b: T): boolean => a === b;

/**
 * A row. The loops hand each row the merged value of its own `read` (or of its `from` row), so
 * the value's type is the one `read` gives; a required row's value is never missing (the order
 * is refused first).
 */
function row<K extends keyof Order, C extends string = never, R extends ReadAs = { kind: 'point' }, Req extends boolean = false>(
  field: K,
  spec: RowSpec<K, C, R, Req>,
): OrderFieldRow<K, C> {
  return {
    field,
    columns: spec.columns ?? ({} as Record<C, readonly string[]>),
    read: spec.read ?? null,
    from: spec.from ?? null,
    merge: spec.merge ?? 'agree',
    required: spec.required ?? false,
    create: spec.create as (value: unknown, m: MergedOrder) => Order[K],
    update: spec.update as (value: unknown, m: MergedOrder, existing: Order) => Order[K],
    same: spec.same ?? eq,
  };
}

/** Same products and quantities in the same order (prices are the catalogue's, not the input's). */
export function sameLineSet(a: readonly Pick<OrderLine, 'product_id' | 'quantity'>[], b: readonly Pick<OrderLine, 'product_id' | 'quantity'>[]): boolean {
  return a.length === b.length && a.every((l, i) => l.product_id === b[i]?.product_id && l.quantity === b[i]?.quantity);
}

/** The table, in the order the mapping screen lists the columns (after the client and the order's reference, fields.ts). */
export const ORDER_FIELDS = [
  row('date', {
    columns: { date: ['fecha', 'fecha entrega', 'fecha de entrega', 'fecha reparto', 'fecha servicio', 'día', 'día entrega', 'date', 'delivery date', 'shipping date', 'ship date'] },
    read: { kind: 'date' },
    required: true,
    create: (v) => v,
    update: (v) => v,
  }),
  // A new order without a window takes the point's receiving hours; an existing one keeps its own.
  row('window_start', {
    columns: {
      window: ['franja', 'franja horaria', 'horario', 'horario entrega', 'horario de entrega', 'ventana', 'ventana horaria', 'hora entrega', 'time window', 'window', 'delivery window', 'slot', 'time slot'],
      window_start: ['desde', 'hora desde', 'hora inicio', 'hora de inicio', 'inicio', 'inicio franja', 'franja desde', 'franja inicio', 'hora mínima', 'from', 'start', 'start time', 'time from', 'window start', 'from time'],
      window_end: ['hasta', 'hora hasta', 'hora fin', 'hora de fin', 'fin', 'fin franja', 'franja hasta', 'franja fin', 'hora máxima', 'to', 'end', 'end time', 'time to', 'window end', 'to time'],
    },
    read: { kind: 'window' },
    create: (w, m) => w?.start ?? m.point.opens,
    update: (w, _m, e) => w?.start ?? e.window_start,
  }),
  row('window_end', { read: { kind: 'window' }, from: 'window_start', create: (w, m) => w?.end ?? m.point.closes, update: (w, _m, e) => w?.end ?? e.window_end }),
  // The point's columns name a point of the client or describe a new one (points.ts).
  row('delivery_point_id', {
    columns: {
      point_ref: [
        'código punto',
        'cod punto',
        'código punto entrega',
        'referencia punto',
        'ref punto',
        'id punto',
        'punto entrega',
        'punto',
        'pe',
        'código pe',
        'destino',
        'código destino',
        'código tienda',
        'código establecimiento',
        'código local',
        'código cliente final',
        'point ref',
        'point code',
        'point id',
        'delivery point',
        'delivery point ref',
        'delivery point code',
        'location code',
        'store code',
        'ship to',
        'ship to code',
      ],
      point_name: [
        'nombre',
        'nombre punto',
        'nombre del punto',
        'nombre punto entrega',
        'nombre establecimiento',
        'establecimiento',
        'local',
        'nombre tienda',
        'tienda',
        'razón social',
        'destinatario',
        'name',
        'point name',
        'store name',
        'ship to name',
        'consignee',
        'recipient',
      ],
      address: ['dirección', 'dirección entrega', 'dirección de entrega', 'domicilio', 'calle', 'address', 'street', 'delivery address', 'address line 1', 'street address', 'shipping address'],
      postal_code: ['cp', 'c p', 'código postal', 'cod postal', 'postal', 'zip', 'zip code', 'postal code', 'postcode'],
      city: ['ciudad', 'población', 'localidad', 'municipio', 'city', 'town'],
      phone: ['teléfono', 'tel', 'tfno', 'teléfono contacto', 'tel contacto', 'móvil', 'phone', 'telephone', 'phone number', 'mobile'],
      contact: ['contacto', 'persona contacto', 'persona de contacto', 'nombre contacto', 'contact', 'contact name', 'contact person'],
    },
    read: { kind: 'point' },
    create: (_v, m) => m.point.id,
    update: (_v, m) => m.point.id,
  }),
  row('hub', { create: (_v, m) => m.point.hub, update: (_v, m) => m.point.hub }),
  // Lines with the same products and quantities keep their stored prices.
  row('lines', {
    columns: {
      product: [
        'producto',
        'código producto',
        'cod producto',
        'ref producto',
        'referencia producto',
        'artículo',
        'código artículo',
        'cod artículo',
        'sku',
        'ean',
        'ean13',
        'ean 13',
        'código barras',
        'código de barras',
        'product',
        'product code',
        'product id',
        'item',
        'item code',
        'article',
        'barcode',
        'gtin',
      ],
      quantity: ['cantidad', 'cant', 'unidades', 'uds', 'ud', 'número unidades', 'quantity', 'qty', 'units'],
    },
    read: { kind: 'lines' },
    create: (_v, m) => [...m.lines],
    update: (_v, m, e) => (sameLineSet(e.lines, m.lines) ? e.lines : [...m.lines]),
    same: sameLineSet,
  }),
  // Without a payment column a new order takes the client's payment terms; an existing one keeps its own.
  row('payment_method', {
    columns: { payment_method: ['forma pago', 'forma de pago', 'método pago', 'método de pago', 'pago', 'cobro', 'tipo cobro', 'modo pago', 'payment', 'payment method', 'payment type', 'payment terms'] },
    read: { kind: 'payment' },
    create: (p, m) => p ?? m.client.payment_terms,
    update: (p, _m, e) => p ?? e.payment_method,
  }),
  // Without a notes column an existing order keeps its notes; with one, its rows' notes replace them.
  row('notes', {
    columns: { notes: ['notas', 'nota', 'observaciones', 'obs', 'comentarios', 'comentario', 'instrucciones', 'notes', 'note', 'comments', 'comment', 'remarks', 'instructions'] },
    read: { kind: 'text', max: 500 },
    merge: 'join',
    create: (n) => n ?? '',
    update: (n, _m, e) => n ?? e.notes,
  }),
] as const;

/** Fields of `Order` the intake reads from its input. */
export type ImportedOrderField = (typeof ORDER_FIELDS)[number]['field'];

type ColumnsOf<T> = T extends { readonly columns: Readonly<Record<infer C, readonly string[]>> } ? C : never;
/** The input columns of the order's fields (the client's and the reference's are fields.ts's). */
export type OrderFieldColumn = ColumnsOf<(typeof ORDER_FIELDS)[number]>;

/** Every row, by field. */
export const ORDER_FIELD_ROWS: ReadonlyMap<ImportedOrderField, OrderFieldRow<ImportedOrderField>> = new Map(
  ORDER_FIELDS.map((r): [ImportedOrderField, OrderFieldRow<ImportedOrderField>] => [r.field, r]),
);

export const IMPORTED_ORDER_FIELDS: readonly ImportedOrderField[] = ORDER_FIELDS.map((r) => r.field);

/** The input columns of the order's fields with their header names, in the table's order. */
export const ORDER_FIELD_COLUMNS: readonly (readonly [OrderFieldColumn, readonly string[]])[] = ORDER_FIELDS.flatMap(
  (r) => Object.entries(r.columns) as [OrderFieldColumn, readonly string[]][],
);

/** The rows a row-reading loop visits: those with columns of their own read cell by cell (not `point`, `lines`). */
export const READ_ROWS: readonly OrderFieldRow<ImportedOrderField>[] = [...ORDER_FIELD_ROWS.values()].filter(
  (r) => r.from === null && r.read !== null && r.read.kind !== 'point' && r.read.kind !== 'lines',
);

const valueOf = (r: OrderFieldRow, m: MergedOrder): unknown => m.values[r.from ?? r.field];

/** The imported fields of a new order (a field whose value is undefined is left out). */
export function createdFields(m: MergedOrder): Pick<Order, ImportedOrderField> {
  const out: Partial<Record<ImportedOrderField, unknown>> = {};
  for (const r of ORDER_FIELD_ROWS.values()) {
    const v = r.create(valueOf(r, m), m);
    if (v !== undefined) out[r.field] = v;
  }
  return out as Pick<Order, ImportedOrderField>;
}

/** The imported fields of an existing order after the intake. */
export function updatedFields(m: MergedOrder, existing: Order): Pick<Order, ImportedOrderField> {
  const out: Partial<Record<ImportedOrderField, unknown>> = {};
  for (const r of ORDER_FIELD_ROWS.values()) {
    const v = r.update(valueOf(r, m), m, existing);
    if (v !== undefined) out[r.field] = v;
  }
  return out as Pick<Order, ImportedOrderField>;
}

/** The imported fields that differ between two orders. */
export function changedFields(before: Order, after: Order): ImportedOrderField[] {
  return [...ORDER_FIELD_ROWS.values()].filter((r) => !r.same(before[r.field], after[r.field])).map((r) => r.field);
}

/** The fields of a new order the input does not give. */
export type CreatedFixed = Omit<Order, ImportedOrderField>;
