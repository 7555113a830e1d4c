/**
 * What the engine needs to know of each local collection at start-up — is it insert-only, its
 * schema version — without loading the collections' zod schemas (issue 31: zod off the read
 * path). The definitions themselves (src/domain/collections.ts: schemas, migrations) stay the
 * source of truth and are loaded with the first write or the first migration;
 * tests/data/collectionMeta.test.ts holds these figures to them.
 */
import type { LocalCollection, LocalCollectionDef } from '../domain/collections';
import { STORAGE_SCHEMAS } from './storageSchemas.generated';
import { loadWhenReachable } from './chunks';

/** The insert-only collections (`mode: 'event'` in their definitions): they never conflict. */
const EVENT_COLLECTIONS: ReadonlySet<LocalCollection> = new Set<LocalCollection>(['deliveries', 'incidences', 'receipts', 'picks']);

/** Whether a collection's documents are insert-only events (its definition's `mode: 'event'`). */
export function isEventCollection(collection: LocalCollection): boolean {
  return EVENT_COLLECTIONS.has(collection);
}

/** A collection's schema version (the generated storage schema's, equal to its definition's). */
export function schemaVersion(collection: LocalCollection): number {
  return STORAGE_SCHEMAS[collection].version;
}

export type CollectionDefs = Readonly<Record<LocalCollection, LocalCollectionDef>>;

let defs: Promise<CollectionDefs> | null = null;

/**
 * The collections' definitions (zod schemas, migrations), loaded once on first use. Offline
 * before the service worker stored the chunk, the load waits for the connection
 * (src/data/chunks.ts); a load that failed for good is not remembered.
 */
export function loadCollectionDefs(): Promise<CollectionDefs> {
  return (defs ??= loadWhenReachable(() => import('../domain/collections')).then(
    (m) => m.LOCAL_COLLECTION_DEFS,
    (err: unknown) => {
      defs = null;
      throw err;
    },
  ));
}
