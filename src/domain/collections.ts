/**
 * The collection mapping (DESIGN.md §2): the specification's 24 stored collections live in at
 * most 12 local collections, because RxDB's free edition opens at most 13 collections per JS
 * realm. This one table is the design; the data layer, the server and the tests read it.
 */
import type { z } from 'zod';
import { catalogSchema, type CatalogKind } from './entities/reference';
import { bikeSchema, deliveryPointSchema, orderSchema, paymentDocSchema, productSchema, routeSchema, userSchema } from './entities/operation';
import { deliveryEventSchema, incidenceSchema, pickSchema, receiptSchema, type IncidenceKind } from './entities/events';

export const LOCAL_COLLECTIONS = [
  'users',
  'catalog',
  'bikes',
  'products',
  'delivery_points',
  'orders',
  'routes',
  'deliveries',
  'incidences',
  'payments',
  'receipts',
  'picks',
] as const;
export type LocalCollection = (typeof LOCAL_COLLECTIONS)[number];

/** The specification's stored collections (section 3). */
export const STORED_COLLECTIONS = [
  'bikes',
  'bikes-models',
  'clients',
  'deliveries',
  'orders',
  'routes',
  'hubs',
  'delivery-points',
  'products',
  'users',
  'roles',
  'status-delivery',
  'status-picking',
  'status-order',
  'status-route',
  'errors-picker',
  'incidences-picker-products',
  'incidences-delivery-products',
  'paid-orders',
  'status-payment',
  'products-received',
  'taxes',
  'config-synlab',
  'config-synlab-temp',
] as const;
export type StoredCollection = (typeof STORED_COLLECTIONS)[number];

export interface StoredMapping {
  readonly local: LocalCollection;
  /** Value of the local document's `kind` field, when the local collection holds several. */
  readonly kind?: CatalogKind | IncidenceKind;
}

/** Where each stored collection of the specification lives locally. */
export const STORED_TO_LOCAL: Readonly<Record<StoredCollection, StoredMapping>> = {
  users: { local: 'users' },
  roles: { local: 'catalog', kind: 'role' },
  taxes: { local: 'catalog', kind: 'tax' },
  'status-route': { local: 'catalog', kind: 'status-route' },
  'status-order': { local: 'catalog', kind: 'status-order' },
  'status-picking': { local: 'catalog', kind: 'status-picking' },
  'status-delivery': { local: 'catalog', kind: 'status-delivery' },
  'status-payment': { local: 'catalog', kind: 'status-payment' },
  'config-synlab': { local: 'catalog', kind: 'config-synlab' },
  'config-synlab-temp': { local: 'catalog', kind: 'config-synlab-temp' },
  'bikes-models': { local: 'catalog', kind: 'bike-model' },
  hubs: { local: 'catalog', kind: 'hub' },
  clients: { local: 'catalog', kind: 'client' },
  bikes: { local: 'bikes' },
  products: { local: 'products' },
  'delivery-points': { local: 'delivery_points' },
  orders: { local: 'orders' },
  routes: { local: 'routes' },
  deliveries: { local: 'deliveries' },
  'incidences-picker-products': { local: 'incidences', kind: 'picker-product' },
  'incidences-delivery-products': { local: 'incidences', kind: 'delivery-product' },
  'errors-picker': { local: 'incidences', kind: 'picker-error' },
  'paid-orders': { local: 'payments' },
  'products-received': { local: 'receipts' },
};

/**
 * How each local collection behaves:
 * - `editable` documents use the three-way field-aware merge on conflict;
 * - `event` documents are insert-only (client-made ids), so they never conflict.
 * `indexes` back the hot queries (every index ends with the primary key implicitly).
 * `version` is the schema version; raising it needs a migration strategy in src/data.
 */
export interface LocalCollectionDef {
  readonly name: LocalCollection;
  readonly schema: z.ZodType;
  readonly mode: 'editable' | 'event';
  readonly version: number;
  readonly indexes: readonly (string | readonly string[])[];
  /** Short Spanish name for messages («el pedido», «la ruta»…). */
  readonly label: string;
}

export const LOCAL_COLLECTION_DEFS: Readonly<Record<LocalCollection, LocalCollectionDef>> = {
  users: { name: 'users', schema: userSchema, mode: 'editable', version: 0, indexes: ['role', 'email'], label: 'el usuario' },
  catalog: { name: 'catalog', schema: catalogSchema, mode: 'editable', version: 1, indexes: [['kind', 'name']], label: 'el registro del catálogo' },
  bikes: { name: 'bikes', schema: bikeSchema, mode: 'editable', version: 0, indexes: ['hub'], label: 'la bicicleta' },
  products: { name: 'products', schema: productSchema, mode: 'editable', version: 0, indexes: ['barcode', 'name'], label: 'el producto' },
  delivery_points: {
    name: 'delivery_points',
    schema: deliveryPointSchema,
    mode: 'editable',
    version: 1,
    indexes: [['hub', 'name'], 'updated_at', 'name'],
    label: 'el punto de entrega',
  },
  orders: {
    name: 'orders',
    schema: orderSchema,
    mode: 'editable',
    version: 0,
    indexes: ['route_id', ['date', 'hub'], 'delivery_point_id', 'status'],
    label: 'el pedido',
  },
  routes: { name: 'routes', schema: routeSchema, mode: 'editable', version: 1, indexes: [['rider_id', 'date'], ['date', 'hub']], label: 'la ruta' },
  deliveries: { name: 'deliveries', schema: deliveryEventSchema, mode: 'event', version: 0, indexes: ['order_id', 'route_id'], label: 'la entrega' },
  incidences: { name: 'incidences', schema: incidenceSchema, mode: 'event', version: 1, indexes: ['route_id', ['kind', 'at'], 'order_id'], label: 'la incidencia' },
  payments: {
    name: 'payments',
    schema: paymentDocSchema,
    mode: 'editable',
    // Version 1 (issue 13): `kind` (order payments and cash hand-overs), index by rider.
    version: 1,
    indexes: ['route_id', 'order_id', ['kind', 'rider_id']],
    label: 'el pago',
  },
  receipts: { name: 'receipts', schema: receiptSchema, mode: 'event', version: 0, indexes: ['route_id'], label: 'la recepción' },
  picks: { name: 'picks', schema: pickSchema, mode: 'event', version: 1, indexes: ['order_id', 'route_id'], label: 'el picking' },
};

/** Local collection and kind of a stored collection name. */
export function localOf(stored: StoredCollection): StoredMapping {
  return STORED_TO_LOCAL[stored];
}

/** Stored collections that live in a local collection. */
export function storedIn(local: LocalCollection): StoredCollection[] {
  return STORED_COLLECTIONS.filter((s) => STORED_TO_LOCAL[s].local === local);
}
