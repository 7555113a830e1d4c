/**
 * The clients' order API (issue #10): the JSON body each client sends, as zod schemas (the one
 * description of the shapes: the server validates with them and /api/docs is generated from
 * them), and the mapping of a valid body onto intake records, so the order goes through the same
 * `planIntake` as a file import (src/domain/intake): same checks, same ids (`o-imp-…`,
 * `pe-imp-…`), same prices and taxes from the catalogue.
 *
 * - Qualianza (client key `pascual`): `POST /api/ordersqualianza`, Spanish field names.
 * - Bimbo (client key `bimbo`): `POST /api/ordersbimbo`, English field names.
 *
 * One request carries one order (written whole or not at all). The zod schemas check types,
 * presence and unknown fields; the values (dates in the past, unknown products, quantities,
 * points, times…) are checked by the intake, as for a file.
 */
import { z } from 'zod';
import type { IntakeField } from '../intake/fields';
import type { IntakeRecord } from '../intake/mapping';
import type { Cell } from '../intake/values';

/** «the request»: the `file` of the issues of an API order. */
export const API_FILE = 'request';

const text = (max: number, description: string, min = 0) => z.string().min(min).max(max).meta({ description });
const time = (description: string) =>
  z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .meta({ description: `${description} (HH:MM, hora de Madrid)`, examples: ['09:00'] });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'Fecha de entrega (AAAA-MM-DD, calendario de Madrid): hoy o posterior, como mucho 366 días después' });
const quantity = z
  .number()
  .meta({ description: 'Unidades: número entero mayor que 0 (máximo 100000)' });
const payment = z
  .enum(['cash', 'card', 'transfer', 'on_account'])
  .meta({ description: 'Forma de pago; si falta, la condición de pago del cliente' });

// ── Qualianza (pascual) ──────────────────────────────────────────────────────────────────────

export const qualianzaOrderSchema = z
  .strictObject({
    pedido: text(64, 'Referencia del pedido en el sistema de Qualianza (única por cliente: repetirla no crea otro pedido)', 1),
    fecha_entrega: isoDate,
    franja: z
      .strictObject({ desde: time('Inicio de la franja de entrega'), hasta: time('Fin de la franja de entrega') })
      .optional()
      .meta({ description: 'Franja de entrega; si falta, el horario de recepción del punto' }),
    punto_entrega: z
      .strictObject({
        codigo: text(40, 'Código del punto en Qualianza (el de client_providers / ref_providers)').optional(),
        nombre: text(120, 'Nombre del punto (obligatorio si el punto es nuevo)').optional(),
        direccion: text(200, 'Dirección (obligatoria si el punto es nuevo)').optional(),
        codigo_postal: text(10, 'Código postal de 5 cifras (obligatorio si el punto es nuevo)').optional(),
        poblacion: text(60, 'Población (obligatoria si el punto es nuevo)').optional(),
        telefono: text(30, 'Teléfono de contacto').optional(),
        contacto: text(120, 'Persona de contacto').optional(),
      })
      .meta({
        description:
          'Punto de entrega: por su código, o por la dirección completa. Un punto desconocido con dirección completa se crea «sin ubicación» y un operador lo sitúa en el mapa antes de planificarlo.',
      }),
    forma_pago: payment.optional(),
    observaciones: text(500, 'Observaciones para el reparto').optional(),
    lineas: z
      .array(
        z.strictObject({
          articulo: text(40, 'Producto: SKU de Qualianza (PAS-0001) o EAN-13', 1),
          cantidad: quantity,
        }),
      )
      .min(1)
      .max(200)
      .meta({ description: 'Líneas del pedido (1 a 200); precios e impuestos salen del catálogo de productos' }),
  })
  .meta({ title: 'PedidoQualianza' });
export type QualianzaOrder = z.infer<typeof qualianzaOrderSchema>;

// ── Bimbo ────────────────────────────────────────────────────────────────────────────────────

export const bimboOrderSchema = z
  .strictObject({
    orderId: text(64, 'Order reference in Bimbo’s system (unique per client: repeating it never creates another order)', 1),
    deliveryDate: isoDate,
    deliveryWindow: z
      .strictObject({ from: time('Start of the delivery window'), to: time('End of the delivery window') })
      .optional()
      .meta({ description: 'Delivery window; default: the delivery point’s receiving hours' }),
    store: z
      .strictObject({
        code: text(40, 'Store code in Bimbo’s system (client_providers / ref_providers)').optional(),
        name: text(120, 'Store name (required for a new store)').optional(),
        street: text(200, 'Street address (required for a new store)').optional(),
        zip: text(10, 'Five-digit postal code (required for a new store)').optional(),
        city: text(60, 'City (required for a new store)').optional(),
        phone: text(30, 'Phone').optional(),
        contact: text(120, 'Contact person').optional(),
      })
      .meta({ description: 'Delivery point: by its code, or by its full address (a new one is created «sin ubicación»)' }),
    payment: payment.optional(),
    comments: text(500, 'Notes for the rider').optional(),
    items: z
      .array(
        z.strictObject({
          product: text(40, 'Product: Bimbo SKU (BIM-0001) or EAN-13', 1),
          qty: quantity,
        }),
      )
      .min(1)
      .max(200)
      .meta({ description: 'Order lines (1 to 200); prices and taxes come from the product catalogue' }),
  })
  .meta({ title: 'BimboOrder' });
export type BimboOrder = z.infer<typeof bimboOrderSchema>;

// ── Mapping onto intake records ────────────────────────────────────────────────────────────

type Values = Partial<Record<IntakeField, Cell>>;
type Columns = Partial<Record<IntakeField, string>>;

/** The order-level fields of a body, with the JSON path of each (the «column» of its issues). */
interface Head {
  readonly values: Values;
  readonly columns: Columns;
}

function put(head: { values: Values; columns: Columns }, field: IntakeField, value: string | undefined, path: string): void {
  if (value === undefined) return;
  head.values[field] = value;
  head.columns[field] = path;
}

function records(head: Head, lines: readonly { product: string; quantity: number; productPath: string; quantityPath: string }[]): IntakeRecord[] {
  return lines.map((l, i) => ({
    file: API_FILE,
    row: i + 1,
    values: { ...head.values, product: l.product, quantity: l.quantity },
    columns: { ...head.columns, product: l.productPath, quantity: l.quantityPath },
    // JSON is not a spreadsheet: a note that starts with «=» is text (every export is formula-safe).
    checkFormulas: false,
  }));
}

/** Where each order-level field stands in a client's body: a dotted JSON path. */
type HeadPaths = readonly (readonly [IntakeField, string])[];

/** The string at a dotted path of a (validated) body, or undefined where a part is missing. */
function stringAt(body: unknown, path: string): string | undefined {
  let node: unknown = body;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function headOf(body: unknown, paths: HeadPaths): Head {
  const head = { values: {} as Values, columns: {} as Columns };
  for (const [field, path] of paths) put(head, field, stringAt(body, path), path);
  return head;
}

const QUALIANZA_HEAD: HeadPaths = [
  ['external_ref', 'pedido'],
  ['date', 'fecha_entrega'],
  ['window_start', 'franja.desde'],
  ['window_end', 'franja.hasta'],
  ['point_ref', 'punto_entrega.codigo'],
  ['point_name', 'punto_entrega.nombre'],
  ['address', 'punto_entrega.direccion'],
  ['postal_code', 'punto_entrega.codigo_postal'],
  ['city', 'punto_entrega.poblacion'],
  ['phone', 'punto_entrega.telefono'],
  ['contact', 'punto_entrega.contacto'],
  ['payment_method', 'forma_pago'],
  ['notes', 'observaciones'],
];

const BIMBO_HEAD: HeadPaths = [
  ['external_ref', 'orderId'],
  ['date', 'deliveryDate'],
  ['window_start', 'deliveryWindow.from'],
  ['window_end', 'deliveryWindow.to'],
  ['point_ref', 'store.code'],
  ['point_name', 'store.name'],
  ['address', 'store.street'],
  ['postal_code', 'store.zip'],
  ['city', 'store.city'],
  ['phone', 'store.phone'],
  ['contact', 'store.contact'],
  ['payment_method', 'payment'],
  ['notes', 'comments'],
];

export function qualianzaRecords(o: QualianzaOrder): IntakeRecord[] {
  return records(
    headOf(o, QUALIANZA_HEAD),
    o.lineas.map((l, i) => ({ product: l.articulo, quantity: l.cantidad, productPath: `lineas[${i}].articulo`, quantityPath: `lineas[${i}].cantidad` })),
  );
}

export function bimboRecords(o: BimboOrder): IntakeRecord[] {
  return records(
    headOf(o, BIMBO_HEAD),
    o.items.map((l, i) => ({ product: l.product, quantity: l.qty, productPath: `items[${i}].product`, quantityPath: `items[${i}].qty` })),
  );
}

/** What the example of a body is made from (demo data, or the live catalogue). */
export interface ExampleInput {
  /** Delivery date (`YYYY-MM-DD`), e.g. tomorrow in Madrid. */
  readonly date: string;
  /** Client's code of an existing delivery point. */
  readonly pointRef: string;
  /** Two product codes (SKU or EAN) of the client. */
  readonly products: readonly [string, string];
  /** External reference of the example order. */
  readonly ref: string;
}

/** One client's endpoint: its path, key, schema and mapping. */
export interface OrderApiClient<T = unknown> {
  /** Client key (catalog `client.key`). */
  readonly key: 'pascual' | 'bimbo';
  readonly path: '/api/ordersqualianza' | '/api/ordersbimbo';
  readonly title: string;
  readonly schema: z.ZodType<T>;
  readonly toRecords: (body: T) => IntakeRecord[];
  /** The external reference a body names (for idempotency answers). */
  readonly refOf: (body: T) => string;
  readonly example: (e: ExampleInput) => T;
}

const qualianza: OrderApiClient<QualianzaOrder> = {
  key: 'pascual',
  path: '/api/ordersqualianza',
  title: 'Pedido de Qualianza (Calidad Pascual)',
  schema: qualianzaOrderSchema,
  toRecords: qualianzaRecords,
  refOf: (b) => b.pedido,
  example: (e) => ({
    pedido: e.ref,
    fecha_entrega: e.date,
    franja: { desde: '09:00', hasta: '13:00' },
    punto_entrega: { codigo: e.pointRef },
    forma_pago: 'transfer',
    observaciones: 'Entregar por la puerta de carga',
    lineas: [
      { articulo: e.products[0], cantidad: 6 },
      { articulo: e.products[1], cantidad: 2 },
    ],
  }),
};

const bimbo: OrderApiClient<BimboOrder> = {
  key: 'bimbo',
  path: '/api/ordersbimbo',
  title: 'Pedido de Bimbo',
  schema: bimboOrderSchema,
  toRecords: bimboRecords,
  refOf: (b) => b.orderId,
  example: (e) => ({
    orderId: e.ref,
    deliveryDate: e.date,
    deliveryWindow: { from: '07:00', to: '10:00' },
    store: { code: e.pointRef },
    payment: 'on_account',
    comments: 'Dejar en el almacén',
    items: [
      { product: e.products[0], qty: 4 },
      { product: e.products[1], qty: 3 },
    ],
  }),
};

/** The two endpoints (one mapping, three entries with the file import). */
export const ORDER_API_CLIENTS = [qualianza, bimbo] as unknown as readonly OrderApiClient[];

export function apiClientByKey(key: string): OrderApiClient | undefined {
  return ORDER_API_CLIENTS.find((c) => c.key === key);
}
