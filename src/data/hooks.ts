/**
 * React hooks over the local database: the only way screens read data. Query results are plain
 * JSON objects (never RxDocuments), live: they update when a document changes locally or
 * arrives from the server.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RxDocument, RxQuery } from 'rxdb';
import type { CbDatabase, DocTypes } from './database';
import { useEngine } from './statusHooks';
import { allDocs, docById, docsByIds } from './queries';
import type { LocalCollection } from '../domain/collections';

// The session's engine and sync status live in ./statusHooks (the router's shell reads them, and
// must not load the queries and the entities' schemas with the first screen); re-exported here.
export { useEngine, useFirstSync, useSyncStatus } from './statusHooks';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any RxQuery of any collection
type AnyQuery = RxQuery<any, any>;

export interface QueryResult<T> {
  readonly data: T;
  readonly loading: boolean;
}

/**
 * A document's fields without RxDB's own (`_rev`, `_meta`, `_attachments`, `_deleted`): what
 * `toJSON()` gives, built by a rest copy instead of a copy whose four fields are then deleted (a
 * deleted property turns an object into a slow dictionary; «Pedidos» copies 5,000 at once).
 */
function fieldsOf(doc: RxDocument<unknown>): unknown {
  const { _rev: _r, _meta: _m, _attachments: _a, _deleted: _d, ...fields } = doc._data as unknown as Record<string, unknown>;
  return fields;
}

/** A query's result as screens get it: plain objects, never RxDocuments (exported for its test). */
export function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((d) => fieldsOf(d as RxDocument<unknown>));
  if (value && typeof (value as RxDocument<unknown>).toJSON === 'function') return fieldsOf(value as RxDocument<unknown>);
  if (value instanceof Map) return new Map([...value].map(([k, d]) => [k, fieldsOf(d as RxDocument<unknown>)]));
  return value ?? null;
}

/**
 * A live query. `build` returns the RxQuery (or null while its inputs are not ready); `deps` are
 * the values it depends on, as for useEffect.
 */
export function useLiveQuery<T>(build: (db: CbDatabase) => AnyQuery | null, deps: readonly unknown[], empty: T): QueryResult<T> {
  const engine = useEngine();
  const [state, setState] = useState<QueryResult<T>>({ data: empty, loading: true });
  useEffect(() => {
    if (!engine) return undefined;
    const query = build(engine.db);
    if (!query) {
      setState({ data: empty, loading: false });
      return undefined;
    }
    const sub = query.$.subscribe((value: unknown) => setState({ data: plain(value) as T, loading: false }));
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists the query's inputs
  }, [engine, ...deps]);
  return state;
}

/*
 * The family of typed read hooks (issue 30 §3): by id, by ids, every document of a small
 * collection, and any query (`useLiveQuery` over src/data/queries.ts). The document type comes
 * from the collection's name: `useDocById('orders', id)` is an Order.
 */

/** One document of a collection (live); null while there is no id, and when there is no such document. */
export function useDocById<C extends LocalCollection>(collection: C, id: string | undefined): QueryResult<DocTypes[C] | null> {
  return useLiveQuery<DocTypes[C] | null>((db) => (id ? docById(db, collection, id) : null), [collection, id], null);
}

/** Documents of a collection by id (live; each id once, in any order), keyed by id. */
export function useDocsByIds<C extends LocalCollection>(collection: C, ids: readonly string[]): QueryResult<Map<string, DocTypes[C]>> {
  // Sorted and joined again only for a new list of ids (a caller that keeps its list keeps the key).
  const key = useMemo(() => [...new Set(ids)].sort().join(','), [ids]);
  return useLiveQuery<Map<string, DocTypes[C]>>((db) => (key ? docsByIds(db, collection, key.split(',')) : null), [collection, key], new Map());
}

const NO_DOCS: never[] = [];

/** Every document of a small collection (bikes, products), live. */
export function useAllDocs<C extends LocalCollection>(collection: C): QueryResult<DocTypes[C][]> {
  return useLiveQuery<DocTypes[C][]>((db) => allDocs(db, collection), [collection], NO_DOCS);
}
