/**
 * bench/db-core: the measurements of bench/db, shared by Node (memory storage) and the page that
 * bench/db.ts opens in headless Chromium (dexie over IndexedDB). No Node or DOM API here, only
 * the app's own data layer: openLocalDatabase and the hot queries of src/data/queries.ts.
 *
 * - insert: bulkInsert of N demo orders into a fresh database (validation on, as the app opens
 *   it), with the same insert without validation as the baseline;
 * - queries: the six hot queries over a dataset of `querySize` orders, delivery points and
 *   incidences (and a fifth of that in routes and products), cloned from demo documents with new
 *   ids and varied date / hub / route / rider so that each indexed selector is selective; median
 *   and p95 over runs with a different parameter each (so RxDB's query cache never answers), and
 *   the same selector and sort forced onto a non-selective index (every document) as the
 *   full-scan baseline. The dataset is written in batches of LOAD_BATCH documents.
 *
 * Chromium sometimes aborts a large IndexedDB write transaction (AbortError); every bulkInsert
 * here is retried and the aborted attempts are reported, not hidden.
 *
 * The dataset (its shape, how it is built): ./db-dataset.ts, re-exported here; the hot queries:
 * ./db-queries.ts.
 */
import { readAtOnce, readWithCursor } from '../src/data/fastQueries';
import { openLocalDatabase, removeLocalDatabase, type CbDatabase, type StorageChoice } from '../src/data/database';
import { queryPlanOf } from '../src/data/queries';
import type { LocalCollection } from '../src/domain/collections';
import { median, quantile } from './stats';
import { generateDemoData, type DemoData } from '../server/demo/generate';
import { TODAY, NOW, type QueryDataset, buildQueryDataset } from './db-dataset';
import { fullScanIndex, specs, rowsOf } from './db-queries';

export { TODAY, NOW, HUBS, ROUTES_PER_HUB_DAY, ORDERS_PER_HUB_DAY, UNROUTED_SHARE, INCIDENCES_PER_ROUTE, DP_HUBS, RIDERS, SMALL_SHARE, buildQueryDataset, type QueryDataset, type DatasetShape } from './db-dataset';

/**
 * Documents per bulkInsert while loading the query dataset: big enough to load at IndexedDB's
 * pace (the replication's 500-document pulls are slower per document), small enough that a
 * transaction the browser aborts costs little.
 */
export const LOAD_BATCH = 5000;
/** Attempts of one bulkInsert before giving up (see AbortError above). */
const ATTEMPTS = 3;

export interface InsertOptions {
  /** Numbers of orders to insert, each into a fresh database. */
  readonly sizes: readonly number[];
  /** Inserts per size and mode; the median is reported (default 1). */
  readonly repeats?: number;
  /** Sizes also inserted without validation, the baseline (default: every size). */
  readonly baselineSizes?: readonly number[];
}

export interface AbortedAttempt {
  readonly what: string;
  readonly afterMs: number;
  readonly message: string;
}

export interface InsertRow {
  readonly docs: number;
  readonly validate: boolean;
  /** Median over `repeats` inserts. */
  readonly ms: number;
  readonly repeats: number;
}

export interface InsertReport {
  readonly generateMs: number;
  readonly rows: InsertRow[];
  readonly aborted: AbortedAttempt[];
}

export interface QueryOptions {
  /** Documents per collection (orders, delivery points, incidences, routes, products). */
  readonly querySize: number;
  /** Measured runs per query (each with other parameters). */
  readonly runs: number;
  /** Runs of the full-scan baseline per query. */
  readonly baselineRuns: number;
  /** Validate the dataset's writes with ajv. */
  readonly validate: boolean;
}

export interface LoadRow {
  readonly collection: LocalCollection;
  readonly docs: number;
  readonly ms: number;
}

export interface QueryHooks {
  readonly log?: (s: string) => void;
  /** Sees the dataset before it is loaded (bench/db.ts checks it against the zod schemas). */
  readonly inspect?: (ds: QueryDataset) => void;
  /** A full garbage collection, run before each query's measurements when available. */
  readonly gc?: () => void;
}

export interface QueryRow {
  readonly name: string;
  readonly collection: LocalCollection;
  readonly expectedIndex: string[];
  readonly index: string[];
  readonly selectorSatisfiedByIndex: boolean;
  readonly sortSatisfiedByIndex: boolean;
  readonly runs: number;
  /** Runs answered by RxDB's query cache instead of the storage (should be 0). */
  readonly cachedRuns: number;
  readonly avgRows: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly baselineIndex: string[];
  readonly baselineRuns: number;
  readonly baselineMedianMs: number;
  /** The baseline returned the same documents as the indexed query on every run. */
  readonly baselineSameRows: boolean;
  /**
   * Dexie only, in the storage (no RxDocuments): median ms of RxDB's own cursor query and of the
   * app's single read (src/data/fastQueries.ts) over the same prepared queries.
   */
  readonly storageRead: { readonly cursorMs: number; readonly atOnceMs: number; readonly runs: number } | null;
}

export interface QueryReport {
  readonly buildMs: number;
  readonly validate: boolean;
  readonly load: LoadRow[];
  readonly aborted: AbortedAttempt[];
  readonly queries: QueryRow[];
}

/** A database of the benchmark: fresh name, only the collections it needs, one tab. */
async function openBenchDb(storage: StorageChoice, label: string, collections: LocalCollection[], validate: boolean): Promise<CbDatabase> {
  const name = `cbbench${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return openLocalDatabase({ name, storage, collections, validate, multiInstance: false });
}

const now = (): number => performance.now();

function demo(orders: number): DemoData {
  return generateDemoData({
    seed: 7,
    today: TODAY,
    now: NOW,
    scale: { deliveryPoints: Math.max(2000, Math.min(20_000, orders / 2)), ordersPerDay: Math.ceil(orders / 2), ridersPerHub: 5 },
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCollection = { bulkInsert(docs: any[]): Promise<{ error: unknown[] }>; count(): { exec(): Promise<number> } };

/**
 * One bulkInsert, timed. A write transaction the browser aborts rolls back whole, so the same
 * documents are inserted again (up to ATTEMPTS times); the aborted attempts go to `aborted`.
 * Documents refused by the schema are an error of the benchmark, never retried.
 */
async function timedBulkInsert(collection: AnyCollection, docs: unknown[], what: string, aborted: AbortedAttempt[], log: (s: string) => void): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const t0 = now();
    let res: { error: unknown[] };
    try {
      res = await collection.bulkInsert(docs);
    } catch (err) {
      const afterMs = now() - t0;
      const message = err instanceof Error ? err.message : String(err);
      aborted.push({ what, afterMs, message: message.slice(0, 200) });
      log(`${what}: intento ${attempt} abortado tras ${afterMs.toFixed(0)} ms: ${message.slice(0, 160)}`);
      if (attempt >= ATTEMPTS) throw err;
      continue;
    }
    const ms = now() - t0;
    if (res.error.length > 0) throw new Error(`${what}: ${res.error.length} documentos rechazados, p. ej. ${JSON.stringify(res.error[0]).slice(0, 600)}`);
    return ms;
  }
}

/** bulkInsert of N orders into a fresh database, with and without validation. */
export async function runInsertBench(storage: StorageChoice, opts: InsertOptions, log: (s: string) => void = () => {}): Promise<InsertReport> {
  const max = Math.max(...opts.sizes);
  const t0 = now();
  const orders = demo(max).orders;
  const generateMs = now() - t0;
  if (orders.length < max) throw new Error(`La demo dio ${orders.length} pedidos; se pedían ${max}`);
  log(`demo: ${orders.length} pedidos en ${generateMs.toFixed(0)} ms`);

  const aborted: AbortedAttempt[] = [];
  // Warm-up: compile the schema validator and let the JIT see the write path once.
  {
    const db = await openBenchDb(storage, 'warm', ['orders'], true);
    await timedBulkInsert(db.orders, orders.slice(0, 500), 'warm-up', aborted, log);
    await removeLocalDatabase(db);
  }

  const rows: InsertRow[] = [];
  const repeats = Math.max(1, opts.repeats ?? 1);
  for (const size of opts.sizes) {
    const modes = (opts.baselineSizes ?? opts.sizes).includes(size) ? [true, false] : [true];
    for (const validate of modes) {
      const times: number[] = [];
      for (let r = 0; r < repeats; r += 1) {
        const db = await openBenchDb(storage, `ins${size}${validate ? 'v' : 'n'}`, ['orders'], validate);
        const docs = orders.slice(0, size);
        times.push(await timedBulkInsert(db.orders, docs, `bulkInsert de ${size} pedidos${validate ? '' : ' sin validación'}`, aborted, log));
        const count = await db.orders.count().exec();
        if (count !== size) throw new Error(`bulkInsert ${size}: la colección tiene ${count} documentos`);
        await removeLocalDatabase(db);
      }
      const ms = median(times);
      rows.push({ docs: size, validate, ms, repeats });
      log(`bulkInsert ${size} pedidos${validate ? '' : ' (sin validación)'}: ${times.map((t) => t.toFixed(0)).join(' / ')} ms`);
    }
  }
  return { generateMs, rows, aborted };
}

const WARMUP = 3;
export const DATASET_COLLECTIONS: (keyof Omit<QueryDataset, 'shape'>)[] = [
  'orders',
  'delivery_points',
  'incidences',
  'routes',
  'products',
];

/** Loads the query dataset and measures the hot queries against their full-scan baseline. */
export async function runQueryBench(storage: StorageChoice, opts: QueryOptions, hooks: QueryHooks = {}): Promise<QueryReport> {
  const log = hooks.log ?? (() => {});
  const t0 = now();
  let ds: QueryDataset | null = buildQueryDataset(opts.querySize);
  const shape = ds.shape;
  const buildMs = now() - t0;
  log(`conjunto: ${DATASET_COLLECTIONS.map((c) => `${(ds as QueryDataset)[c].length} ${c}`).join(', ')} en ${buildMs.toFixed(0)} ms`);
  hooks.inspect?.(ds);

  const db = await openBenchDb(storage, 'q', [...DATASET_COLLECTIONS], opts.validate);
  try {
    const load: LoadRow[] = [];
    const aborted: AbortedAttempt[] = [];
    for (const c of DATASET_COLLECTIONS) {
      const docs = ds[c] as unknown[];
      const collection = db[c] as unknown as AnyCollection;
      let ms = 0;
      for (let i = 0; i < docs.length; i += LOAD_BATCH) {
        ms += await timedBulkInsert(collection, docs.slice(i, i + LOAD_BATCH), `carga de ${c} (lote ${i / LOAD_BATCH + 1})`, aborted, log);
      }
      const count = await collection.count().exec();
      if (count !== docs.length) throw new Error(`carga de ${c}: la colección tiene ${count} documentos de ${docs.length}`);
      load.push({ collection: c, docs: docs.length, ms });
      log(`carga de ${c}: ${docs.length} en ${ms.toFixed(0)} ms`);
    }
    ds = null; // only the database keeps the documents from here on

    const queries: QueryRow[] = [];
    for (const spec of specs(shape)) {
      const params = spec.params(WARMUP + opts.runs);
      const warm = params.slice(0, WARMUP);
      const measured = params.slice(WARMUP);
      hooks.gc?.();
      for (const p of warm) await spec.query(db, p).exec();

      const times: number[] = [];
      const results: string[][] = [];
      let cachedRuns = 0;
      for (const p of measured) {
        const t = now();
        const q = spec.query(db, p);
        const res: unknown = await q.exec();
        times.push(now() - t);
        if (q._execOverDatabaseCount === 0) cachedRuns += 1;
        results.push(rowsOf(res));
      }
      const plan = queryPlanOf(spec.query(db, measured[0]));

      // Baseline: the same mango query (selector, sort, limit) forced onto the full-range index.
      const baseTimes: number[] = [];
      let baselineSameRows = true;
      let baselineIndex: string[] = [];
      const nBase = Math.min(opts.baselineRuns, measured.length);
      for (let i = 0; i < nBase; i += 1) {
        const indexed = spec.query(db, measured[i]);
        const mango = { ...indexed.mangoQuery, index: fullScanIndex(storage) };
        const t = now();
        const bq = indexed.collection.find(mango);
        const res: unknown = await bq.exec();
        baseTimes.push(now() - t);
        if (i === 0) baselineIndex = queryPlanOf(bq).index;
        const a = rowsOf(res);
        const b = results[i] ?? [];
        if (a.length !== b.length || a.some((id, j) => id !== b[j])) baselineSameRows = false;
      }

      // In the storage: RxDB's cursor against the single read, same prepared queries.
      let storageRead: QueryRow['storageRead'] = null;
      if (storage.kind === 'dexie') {
        const cursorTimes: number[] = [];
        const atOnceTimes: number[] = [];
        for (let i = 0; i < nBase; i += 1) {
          const q = spec.query(db, measured[i]);
          let t = now();
          await readWithCursor(q);
          cursorTimes.push(now() - t);
          t = now();
          await readAtOnce(q);
          atOnceTimes.push(now() - t);
        }
        const med = median;
        storageRead = { cursorMs: med(cursorTimes), atOnceMs: med(atOnceTimes), runs: nBase };
      }

      const sorted = [...times].sort((a, b) => a - b);
      const baseSorted = [...baseTimes].sort((a, b) => a - b);
      const row: QueryRow = {
        name: spec.name,
        collection: spec.collection,
        expectedIndex: spec.expectedIndex,
        index: plan.index,
        selectorSatisfiedByIndex: plan.selectorSatisfiedByIndex,
        sortSatisfiedByIndex: plan.sortSatisfiedByIndex,
        runs: times.length,
        cachedRuns,
        avgRows: results.reduce((s, r) => s + r.length, 0) / Math.max(1, results.length),
        medianMs: quantile(sorted, 0.5),
        p95Ms: quantile(sorted, 0.95),
        maxMs: sorted[sorted.length - 1] ?? Number.NaN,
        baselineIndex,
        baselineRuns: baseTimes.length,
        baselineMedianMs: quantile(baseSorted, 0.5),
        baselineSameRows,
        storageRead,
      };
      queries.push(row);
      log(`${spec.name}: mediana ${row.medianMs.toFixed(2)} ms, p95 ${row.p95Ms.toFixed(2)} ms, escaneo completo ${row.baselineMedianMs.toFixed(1)} ms`);
    }
    return { buildMs, validate: opts.validate, load, aborted, queries };
  } finally {
    await removeLocalDatabase(db);
  }
}
