/**
 * Migration strategies of the local collections, by collection and target schema version.
 * When a collection's `version` in LOCAL_COLLECTION_DEFS (src/domain/collections.ts) is raised,
 * add here the function that turns a document of the previous version into the new one
 * (strategy `n` migrates version n-1 → n). RxDB runs them when the app opens an older cb_localDB.
 * The mechanism is tested with a version-1 schema in tests/data/storage.test.ts.
 *
 * Version 1 of `catalog` (kind `import-mapping`) and of `delivery_points` (optional `located`)
 * only add what old documents need not have: they migrate unchanged. So do versions 2 and 3 of
 * `catalog` (issue 13: a hub's optional `cash_limit_cents`; issue 11: its optional travel settings).
 * Version 1 of routes, incidences and picks (issue 12) only added optional fields
 * (`ready_reason`, `scanned_barcode`, `undoes`): their documents of version 0 are valid as they
 * are, so the strategy keeps them unchanged (tests/data/storage.test.ts opens a version-0
 * database with the new schemas). Version 2 of routes (issue 11) adds the optional `lock` of a
 * stop: unchanged too, and so is version 3 (issue 11: the optional record of `changes` of a
 * published route). Version 2 of incidences (issue 13) adds the optional `follows` and
 * `follow_state` of the follow-up kind: unchanged too.
 */
import type { LocalCollection } from '../domain/collections';

export type MigrationStrategy = (oldDoc: Record<string, unknown>) => Record<string, unknown> | null;
export type MigrationStrategies = Readonly<Record<number, MigrationStrategy>>;

/** A version that only added optional fields: the old document is a valid new one. */
const unchanged: MigrationStrategy = (oldDoc) => oldDoc;

/**
 * Version 1 of `payments` (issue 13) holds order payments and cash hand-overs, told apart by a
 * required `kind`: every document of version 0 was an order's payment.
 */
export const orderPaymentKind: MigrationStrategy = (oldDoc) => ({ ...oldDoc, kind: 'order' });

export const MIGRATIONS: Readonly<Record<LocalCollection, MigrationStrategies>> = {
  users: {},
  catalog: { 1: unchanged, 2: unchanged, 3: unchanged },
  bikes: {},
  products: {},
  delivery_points: { 1: unchanged },
  orders: {},
  routes: { 1: unchanged, 2: unchanged, 3: unchanged },
  deliveries: {},
  incidences: { 1: unchanged, 2: unchanged },
  payments: { 1: orderPaymentKind },
  receipts: {},
  picks: { 1: unchanged },
};
