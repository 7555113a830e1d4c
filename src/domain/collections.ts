/**
 * The collection mapping (docs/architecture.md §2): the specification's 24 stored collections live in at
 * most 12 local collections, because RxDB's free edition opens at most 13 collections per JS
 * realm. This one table is the design; the data layer, the server and the tests read it.
 */
import type { z } from 'zod';
import { catalogSchema, type CatalogKind } from './entities/reference';
import { bikeSchema, deliveryPointSchema, orderSchema, paymentDocSchema, productSchema, routeSchema, userSchema } from './entities/operation';
import { deliveryEventSchema, incidenceSchema, pickSchema, receiptSchema, type IncidenceKind } from './entities/events';
import { msg, type DomainMessage } from './messages';

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
 * Where the server's row-scope columns of a document come from (server/store.ts keeps them next
 * to the document, so a rider's pull is one indexed query):
 * - `route`: the field naming the document's route, `'id'` for a route itself, or `'stops'` for
 *   a document that belongs to the routes whose stops name it (delivery points);
 * - `rider`: the field naming the rider it is assigned to;
 * - `owner`: the field naming the user it belongs to (`'id'` for a user's own profile).
 * `null` = the column stays empty (nobody reaches the document that way).
 */
export interface RowScopeFields {
  readonly route: string | null;
  readonly rider: string | null;
  readonly owner: string | null;
}

/** Changes of a route that change what devices may see of the documents that follow it. */
export type RouteChange = 'rider' | 'stops';

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
  readonly rowScope: RowScopeFields;
  /**
   * Which changes of a route make every device pull this collection's documents of that route
   * again (a new rider, or the route deleted or restored, counts as `rider`): the dependents of
   * a route, which the server re-stamps when it changes.
   */
  readonly followsRoute: readonly RouteChange[];
}

const NO_SCOPE: RowScopeFields = { route: null, rider: null, owner: null };
/** Events of a rider's round: on a route, of a rider, made by a user. */
const ROUND_EVENT_SCOPE: RowScopeFields = { route: 'route_id', rider: 'rider_id', owner: 'created_by' };
/** Events without a rider (incidences, picks): on a route, made by a user. */
const EVENT_SCOPE: RowScopeFields = { route: 'route_id', rider: null, owner: 'created_by' };

export const LOCAL_COLLECTION_DEFS: Readonly<Record<LocalCollection, LocalCollectionDef>> = {
  users: { name: 'users', schema: userSchema, mode: 'editable', version: 0, indexes: ['role', 'email'], rowScope: { route: null, rider: null, owner: 'id' }, followsRoute: [] },
  catalog: { name: 'catalog', schema: catalogSchema, mode: 'editable', version: 3, indexes: [['kind', 'name']], rowScope: NO_SCOPE, followsRoute: [] },
  bikes: { name: 'bikes', schema: bikeSchema, mode: 'editable', version: 0, indexes: ['hub'], rowScope: NO_SCOPE, followsRoute: [] },
  products: { name: 'products', schema: productSchema, mode: 'editable', version: 0, indexes: ['barcode', 'name'], rowScope: NO_SCOPE, followsRoute: [] },
  delivery_points: {
    name: 'delivery_points',
    schema: deliveryPointSchema,
    mode: 'editable',
    version: 1,
    indexes: [['hub', 'name'], 'updated_at', 'name'],
    rowScope: { route: 'stops', rider: null, owner: null },
    followsRoute: ['rider', 'stops'],
  },
  orders: {
    name: 'orders',
    schema: orderSchema,
    mode: 'editable',
    version: 0,
    indexes: ['route_id', ['date', 'hub'], 'delivery_point_id', 'status'],
    rowScope: { route: 'route_id', rider: null, owner: null },
    followsRoute: ['rider', 'stops'],
  },
  routes: {
    name: 'routes',
    schema: routeSchema,
    mode: 'editable',
    // Version 3 (issue 11): the optional record of changes of a published route.
    version: 3,
    indexes: [['rider_id', 'date'], ['date', 'hub']],
    rowScope: { route: 'id', rider: 'rider_id', owner: null },
    followsRoute: [],
  },
  deliveries: { name: 'deliveries', schema: deliveryEventSchema, mode: 'event', version: 0, indexes: ['order_id', 'route_id'], rowScope: ROUND_EVENT_SCOPE, followsRoute: ['rider'] },
  // Version 2 (issue 13): optional `follows` and `follow_state` of the follow-up kind.
  incidences: { name: 'incidences', schema: incidenceSchema, mode: 'event', version: 2, indexes: ['route_id', ['kind', 'at'], 'order_id'], rowScope: EVENT_SCOPE, followsRoute: ['rider'] },
  payments: {
    name: 'payments',
    schema: paymentDocSchema,
    mode: 'editable',
    // Version 1 (issue 13): `kind` (order payments and cash hand-overs), index by rider.
    version: 1,
    indexes: ['route_id', 'order_id', ['kind', 'rider_id']],
    rowScope: { route: 'route_id', rider: 'rider_id', owner: 'rider_id' },
    followsRoute: ['rider'],
  },
  receipts: { name: 'receipts', schema: receiptSchema, mode: 'event', version: 0, indexes: ['route_id'], rowScope: ROUND_EVENT_SCOPE, followsRoute: ['rider'] },
  picks: { name: 'picks', schema: pickSchema, mode: 'event', version: 1, indexes: ['order_id', 'route_id'], rowScope: EVENT_SCOPE, followsRoute: ['rider'] },
};

/**
 * How a message names a collection's document (keys `domain.collections.<name>.<form>`):
 * `the` with its article («el pedido», «la ruta»), `to` with its preposition («al pedido»,
 * «a la ruta») and `records`, what «Los registros de …» name («entrega»).
 */
export type CollectionLabelForm = 'the' | 'to' | 'records';

/** The name of a collection's document in messages, worded by the layer that shows it. */
export function collectionLabel(collection: LocalCollection, form: CollectionLabelForm = 'the'): DomainMessage {
  return msg(`domain.collections.${collection}.${form}`);
}

/** Local collection and kind of a stored collection name. */
export function localOf(stored: StoredCollection): StoredMapping {
  return STORED_TO_LOCAL[stored];
}

/** Stored collections that live in a local collection. */
export function storedIn(local: LocalCollection): StoredCollection[] {
  return STORED_COLLECTIONS.filter((s) => STORED_TO_LOCAL[s].local === local);
}
