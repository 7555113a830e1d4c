/**
 * `cb_app`: a small plain IndexedDB database beside cb_localDB, shared by the page and the
 * service worker (which cannot open RxDB): the session (tokens), the file upload queue and the
 * outbox of local changes not yet acknowledged by the server. Not RxDB collections, so they do
 * not count against the 13-collection limit.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const APP_DB_NAME = 'cb_app';

export interface UploadItem {
  /** Path under /api/files (also the key). */
  readonly path: string;
  readonly body: Blob;
  readonly contentType: string;
  readonly createdAt: number;
  attempts: number;
  /** Epoch ms before which the item is not retried (back-off). */
  nextAt: number;
  state: 'queued' | 'parked';
  /** Last error, in Spanish, when parked or retrying. */
  error: string;
}

export interface OutboxItem {
  /** `<collection>:<id>` */
  readonly key: string;
  readonly collection: string;
  readonly id: string;
  /** Epoch ms of the latest local write of the document. */
  readonly at: number;
}

interface AppSchema extends DBSchema {
  kv: { key: string; value: unknown };
  uploads: { key: string; value: UploadItem };
  outbox: { key: string; value: OutboxItem; indexes: { at: number } };
}

/**
 * One cb_app database. The app and its service worker use the default instance (`appStore`);
 * tests that simulate several devices in one process give each its own name.
 */
export class AppStore {
  private dbPromise: Promise<IDBPDatabase<AppSchema>> | null = null;

  constructor(readonly name: string = APP_DB_NAME) {}

  db(): Promise<IDBPDatabase<AppSchema>> {
    if (!this.dbPromise) {
      this.dbPromise = openDB<AppSchema>(this.name, 1, {
        upgrade(db) {
          db.createObjectStore('kv');
          db.createObjectStore('uploads', { keyPath: 'path' });
          const outbox = db.createObjectStore('outbox', { keyPath: 'key' });
          outbox.createIndex('at', 'at');
        },
        blocking: () => {
          // Another context wants to delete or upgrade the database (sign-out): let it.
          void this.dbPromise?.then((db) => db.close());
          this.dbPromise = null;
        },
      });
    }
    return this.dbPromise;
  }

  async kvGet<T>(key: string): Promise<T | undefined> {
    return (await (await this.db()).get('kv', key)) as T | undefined;
  }

  async kvSet(key: string, value: unknown): Promise<void> {
    await (await this.db()).put('kv', value, key);
  }

  async kvDelete(key: string): Promise<void> {
    await (await this.db()).delete('kv', key);
  }

  /** Deletes everything of this cb_app (sign-out on a shared device). */
  async clear(): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(['kv', 'uploads', 'outbox'], 'readwrite');
    await Promise.all([tx.objectStore('kv').clear(), tx.objectStore('uploads').clear(), tx.objectStore('outbox').clear(), tx.done]);
  }

  async close(): Promise<void> {
    const p = this.dbPromise;
    this.dbPromise = null;
    if (p) (await p).close();
  }
}

export const appStore = new AppStore();
