/**
 * The reference of bench/firstsync, run in a fresh browser profile before the app's own first
 * sync: the same documents written with plain Dexie `bulkPut`, without RxDB.
 *
 * The page signs in through the API, reads every collection from the server's pull endpoint (not
 * timed), shapes each document as RxDB's dexie storage stores it (RxDB's fields, booleans of
 * indexes as '0'/'1') and writes it into a fresh Dexie database with the primary key and indexes
 * RxDB's dexie storage gives that collection, in batches of the pull's page (so the transactions
 * are as many as the replication's). Bundled by bench/firstsync.ts with Vite into an IIFE.
 */
import Dexie from 'dexie';
import { fillWithDefaultSettings, type RxJsonSchema } from 'rxdb';
import { fromStorageToDexie, getBooleanIndexes, getDexieStoreSchema } from 'rxdb/plugins/storage-dexie';
import { STORAGE_SCHEMAS } from '../src/data/storageSchemas.generated';
import type { LocalCollection } from '../src/domain/collections';

export interface RawCollectionResult {
  readonly collection: string;
  readonly docs: number;
  /** Milliseconds of the bulkPut batches (the download is not counted). */
  readonly ms: number;
  readonly indexes: number;
}

export interface FirstSyncBenchApi {
  rawBulkPut(collections: readonly LocalCollection[], batch: number, email: string, password: string): Promise<RawCollectionResult[]>;
}

declare global {
  interface Window {
    cbFirstSyncBench?: FirstSyncBenchApi;
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function download(collection: LocalCollection, token: string, batch: number): Promise<Record<string, unknown>[]> {
  const docs: Record<string, unknown>[] = [];
  let seq: number | null = null;
  for (;;) {
    const q = new URLSearchParams({ limit: String(batch) });
    if (seq !== null) q.set('checkpoint', String(seq));
    const page = await json<{ documents: Record<string, unknown>[]; checkpoint: { seq: number } | null }>(
      await fetch(`/api/sync/${collection}/pull?${q.toString()}`, { headers: { Authorization: `Bearer ${token}` } }),
    );
    docs.push(...page.documents);
    if (page.documents.length < batch || !page.checkpoint) return docs;
    seq = page.checkpoint.seq;
  }
}

async function rawBulkPut(collections: readonly LocalCollection[], batch: number, email: string, password: string): Promise<RawCollectionResult[]> {
  const { accessToken } = await json<{ accessToken: string }>(
    await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }),
  );
  const out: RawCollectionResult[] = [];
  for (const collection of collections) {
    const schema = fillWithDefaultSettings(STORAGE_SCHEMAS[collection] as unknown as RxJsonSchema<unknown>);
    const booleans = getBooleanIndexes(schema);
    const lwt = Date.now();
    const docs = (await download(collection, accessToken, batch)).map((d, i) =>
      fromStorageToDexie(booleans, { ...d, _deleted: d._deleted === true, _rev: `1-bench${i}`, _meta: { lwt: lwt + i / 1000 }, _attachments: {} }),
    );
    const spec = getDexieStoreSchema(schema);
    const name = `cb-bench-raw-${collection}`;
    await Dexie.delete(name);
    const db = new Dexie(name);
    db.version(1).stores({ docs: spec });
    await db.open();
    const t0 = performance.now();
    for (let i = 0; i < docs.length; i += batch) await db.table('docs').bulkPut(docs.slice(i, i + batch));
    const ms = performance.now() - t0;
    db.close();
    await Dexie.delete(name);
    out.push({ collection, docs: docs.length, ms, indexes: spec.split(',').length - 1 });
  }
  return out;
}

window.cbFirstSyncBench = { rawBulkPut };
