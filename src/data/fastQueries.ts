/**
 * Queries of RxDB's dexie storage read with ONE IndexedDB request (issue 15, part 3).
 *
 * RxDB's free dexie storage runs every query as a cursor over the chosen index: one request
 * and one callback on the main thread per document (`dexieQuery`). The orders of a day in a hub
 * (about 500) took 500 round trips to IndexedDB: p95 63 ms over 100,000 orders in Chromium,
 * against 50 ms. Where the same documents can be read at once, this wrapper asks the index for
 * them with `getAll(range, count)` and does in memory what the cursor did per document:
 * - the index range is RxDB's own (`getKeyRangeByQueryPlan`), so the same documents are read;
 * - a selector the index does not satisfy is checked with RxDB's matcher, and a sort the index
 *   does not give with RxDB's comparator, then `skip` and `limit` are applied, as RxDB does;
 * - only a query with a `limit` whose selector the index does not satisfy stays on RxDB's
 *   cursor: the cursor stops as soon as enough documents matched, a single read could not.
 * Everything else of the storage (writes, counts, changes) is RxDB's, untouched.
 */
import { getQueryMatcher, getSortComparator, type DexieStorageInternals, type PreparedQuery, type RxDocumentData, type RxQuery, type RxStorage, type RxStorageInstance, type RxStorageQueryResult } from 'rxdb';
import { DEXIE_DOCS_TABLE_NAME, dexieQuery, dexieReplaceIfStartsWithPipe, fromDexieToStorage, getKeyRangeByQueryPlan } from 'rxdb/plugins/storage-dexie';

type Instance = RxStorageInstance<unknown, DexieStorageInternals, unknown>;

function readAll(index: IDBIndex, range: IDBKeyRange, count: number | undefined): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = index.getAll(range, count);
    request.onsuccess = () => resolve(request.result as unknown[]);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB getAll failed'));
  });
}

/**
 * A stored document as RxDB's dexie storage hands it over, without its deep copy: RxDB walks
 * every document to turn keys it stored as `__x` back into `|x` (the key-compression plugin's
 * keys, which IndexedDB cannot index). cb_localDB uses no key compression and no field name
 * starts with `|` (a test holds the schemas to that), so keys come back as written; only boolean
 * fields of indexes, stored as '1'/'0', are turned back into booleans. The object is the read's
 * own copy (IndexedDB clones on every read), so it is changed in place. A nested boolean index
 * goes through RxDB's own conversion.
 */
function fromStored(booleanIndexes: readonly string[], stored: Record<string, unknown>): RxDocumentData<unknown> {
  // Decided before any field is turned: RxDB's conversion reads '1'/'0', not booleans.
  if (booleanIndexes.some((field) => field.includes('.'))) return fromDexieToStorage(booleanIndexes as string[], stored) as RxDocumentData<unknown>;
  for (const field of booleanIndexes) stored[field] = stored[field] === '1';
  return stored as RxDocumentData<unknown>;
}

/** The query's documents in one read, or null when RxDB's cursor must run it (see above). */
export async function queryAtOnce(instance: Instance, prepared: PreparedQuery<unknown>): Promise<RxStorageQueryResult<unknown> | null> {
  const plan = prepared.queryPlan;
  const query = prepared.query;
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  if (!plan.selectorSatisfiedByIndex && limit !== Infinity) return null;
  if (limit === 0) return { documents: [] };
  const state = await instance.internals;
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, plan, (state.dexieDb as unknown as { _options: { IDBKeyRange?: typeof IDBKeyRange } })._options.IDBKeyRange);
  } catch (err) {
    // An empty range (start after end): RxDB answers with no documents too.
    if ((err as { name?: string }).name === 'DataError') return { documents: [] };
    throw err;
  }
  // With the selector and the sort given by the index, the first skip + limit entries are the answer.
  const count = plan.selectorSatisfiedByIndex && plan.sortSatisfiedByIndex && limit !== Infinity ? skip + limit : undefined;
  const indexName = `[${plan.index.map((f) => dexieReplaceIfStartsWithPipe(f)).join('+')}]`;
  let stored: unknown[] = [];
  await state.dexieDb.transaction('r', state.dexieTable, async (tx: unknown) => {
    const idbTx = (tx as unknown as { idbtrans: IDBTransaction }).idbtrans;
    stored = await readAll(idbTx.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName), range, count);
  });
  let docs = stored.map((d) => fromStored(state.booleanIndexes, d as Record<string, unknown>));
  if (!plan.selectorSatisfiedByIndex) {
    const matches = getQueryMatcher(instance.schema, query);
    docs = docs.filter((d) => matches(d));
  }
  if (!plan.sortSatisfiedByIndex) docs = docs.sort(getSortComparator(instance.schema, query));
  return { documents: docs.slice(skip, skip + limit) };
}

/** RxDB's dexie storage whose instances read queries at once where they can. */
export function withQueriesAtOnce<S extends RxStorage<DexieStorageInternals, unknown>>(storage: S): S {
  return Object.assign({}, storage, {
    async createStorageInstance(params: Parameters<S['createStorageInstance']>[0]) {
      const instance = (await storage.createStorageInstance(params)) as Instance;
      const cursorQuery = instance.query.bind(instance);
      instance.query = async (prepared) => (await queryAtOnce(instance, prepared)) ?? cursorQuery(prepared);
      return instance;
    },
  }) as S;
}

// ── For tests and benchmarks: one query of a dexie collection by each path, in the storage ──

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = RxQuery<any, any>;
const instanceOf = (query: AnyQuery): Instance => (query.collection as unknown as { internalStorageInstance: Instance }).internalStorageInstance;

/** The stored documents of `query` through RxDB's own cursor (`dexieQuery`). */
export async function readWithCursor(query: AnyQuery): Promise<RxDocumentData<unknown>[]> {
  return (await dexieQuery(instanceOf(query) as never, query.getPreparedQuery() as never)).documents as RxDocumentData<unknown>[];
}

/** The stored documents of `query` read at once, or null when the cursor must run it. */
export async function readAtOnce(query: AnyQuery): Promise<RxDocumentData<unknown>[] | null> {
  return (await queryAtOnce(instanceOf(query), query.getPreparedQuery() as PreparedQuery<unknown>))?.documents ?? null;
}
