/**
 * Migration strategies of the local collections, by collection and target schema version.
 * When a collection's `version` in LOCAL_COLLECTION_DEFS (src/domain/collections.ts) is raised,
 * add here the function that turns a document of the previous version into the new one
 * (strategy `n` migrates version n-1 → n). RxDB runs them when the app opens an older cb_localDB.
 * All collections are at version 0 today, so there is nothing to migrate yet; the mechanism is
 * tested with a version-1 schema in tests/data/migrations.test.ts.
 */
import type { LocalCollection } from '../domain/collections';

export type MigrationStrategy = (oldDoc: Record<string, unknown>) => Record<string, unknown> | null;
export type MigrationStrategies = Readonly<Record<number, MigrationStrategy>>;

export const MIGRATIONS: Readonly<Record<LocalCollection, MigrationStrategies>> = {
  users: {},
  catalog: {},
  bikes: {},
  products: {},
  delivery_points: {},
  orders: {},
  routes: {},
  deliveries: {},
  incidences: {},
  payments: {},
  receipts: {},
  picks: {},
};
