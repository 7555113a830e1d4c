/**
 * bench/db-browser: the page side of bench/db. bench/db.ts bundles this file with Vite, opens it
 * in headless Chromium and calls `window.cbDbBench` through page.evaluate; the measurements run
 * here against IndexedDB (RxDB's dexie storage, one tab) and come back as plain JSON.
 */
import { runInsertBench, runQueryBench, type InsertOptions, type InsertReport, type QueryOptions, type QueryReport } from './db-core';

export interface DbBenchApi {
  insert(opts: InsertOptions): Promise<InsertReport>;
  queries(opts: QueryOptions): Promise<QueryReport>;
}

declare global {
  interface Window {
    cbDbBench?: DbBenchApi;
  }
}

const log = (s: string): void => console.info(s);

/** Errors cross page.evaluate as their message only: keep the name, the RxDB code and the stack. */
async function explained<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string; stack?: string };
    throw new Error(`${e.name ?? 'Error'}${e.code ? ` ${e.code}` : ''}: ${e.message ?? String(err)}\n${e.stack ?? ''}`, { cause: err });
  }
}

window.cbDbBench = {
  insert: (opts) => explained(() => runInsertBench({ kind: 'dexie' }, opts, log)),
  // window.gc exists because bench/db.ts starts Chromium with --js-flags=--expose-gc.
  queries: (opts) => explained(() => runQueryBench({ kind: 'dexie' }, opts, { log, gc: (window as { gc?: () => void }).gc })),
};
