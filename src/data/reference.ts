/**
 * Typed live hooks over the reference sets of the `catalog` collection (hubs, taxes, clients,
 * bike models, statuses…), shared by every back-office feature.
 */
import type { CatalogDoc, CatalogKind, Status } from '../domain/entities/reference';
import { useLiveQuery, type QueryResult } from './hooks';
import { catalogOfKind, catalogOfKinds } from './queries';

/** The document type of a catalog kind (the five status kinds share one schema). */
export type CatalogDocOf<K extends CatalogKind> = K extends Status['kind'] ? Status : Extract<CatalogDoc, { kind: K }>;

const EMPTY: never[] = [];

/** Live documents of one kind, by name. */
export function useCatalog<K extends CatalogKind>(kind: K): QueryResult<CatalogDocOf<K>[]> {
  return useLiveQuery<CatalogDocOf<K>[]>((db) => catalogOfKind(db, kind), [kind], EMPTY);
}

/** Live documents of several kinds, by kind and name. */
export function useCatalogKinds<K extends CatalogKind>(kinds: readonly K[]): QueryResult<CatalogDocOf<K>[]> {
  const key = kinds.join(',');
  return useLiveQuery<CatalogDocOf<K>[]>((db) => catalogOfKinds(db, kinds), [key], EMPTY);
}
