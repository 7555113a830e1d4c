/**
 * The collection mapping (docs/architecture.md §2): the specification's 24 stored collections live in at
 * most 12 local collections, because RxDB's free edition opens at most 13 collections per JS
 * realm. This one table is the design; the data layer, the server and the tests read it.
 */
import type { CatalogKind } from './entities/reference';
import type { IncidenceKind } from './entities/events';
import { LOCAL_COLLECTIONS, type CollectionLabelForm, type LocalCollection } from './stored/names';
import type { LocalCollectionDef } from './stored/define';
import { usersCollection } from './stored/users';
import { catalogCollection } from './stored/catalog';
import { bikesCollection } from './stored/bikes';
import { productsCollection } from './stored/products';
import { deliveryPointsCollection } from './stored/delivery_points';
import { ordersCollection } from './stored/orders';
import { routesCollection } from './stored/routes';
import { deliveriesCollection } from './stored/deliveries';
import { incidencesCollection } from './stored/incidences';
import { paymentsCollection } from './stored/payments';
import { receiptsCollection } from './stored/receipts';
import { picksCollection } from './stored/picks';

export { LOCAL_COLLECTIONS, type CollectionLabelForm, type LocalCollection };
export type { LocalCollectionDef, MigrationStrategies, MigrationStrategy, RouteChange, RowScopeFields } from './stored/define';

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
 * Every local collection's definition — schema, version, migrations, indexes, sync scope — each
 * from its own module in ./stored (docs/storage.md).
 */
export const LOCAL_COLLECTION_DEFS: Readonly<Record<LocalCollection, LocalCollectionDef>> = {
  users: usersCollection,
  catalog: catalogCollection,
  bikes: bikesCollection,
  products: productsCollection,
  delivery_points: deliveryPointsCollection,
  orders: ordersCollection,
  routes: routesCollection,
  deliveries: deliveriesCollection,
  incidences: incidencesCollection,
  payments: paymentsCollection,
  receipts: receiptsCollection,
  picks: picksCollection,
};

export { collectionLabel } from './collectionLabel';

/** Local collection and kind of a stored collection name. */
export function localOf(stored: StoredCollection): StoredMapping {
  return STORED_TO_LOCAL[stored];
}

/** Stored collections that live in a local collection. */
export function storedIn(local: LocalCollection): StoredCollection[] {
  return STORED_COLLECTIONS.filter((s) => STORED_TO_LOCAL[s].local === local);
}
