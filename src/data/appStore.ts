/**
 * `cb_app`: a small plain IndexedDB database beside cb_localDB, shared by the page and the
 * service worker (which cannot open RxDB): the session (tokens), the file upload queue, the
 * outbox of local changes not yet acknowledged by the server and the push ledger (what was
 * pushed and never answered). Not RxDB collections, so they do not count against the
 * 13-collection limit.
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

/** What this device pushed of one document and has not settled with the server (src/data/pushLedger.ts). */
export interface PushRecord {
  /** `<collection>:<id>` */
  readonly key: string;
  readonly collection: string;
  readonly id: string;
  /** States pushed whose answer never arrived, oldest first (a few at most). */
  readonly unanswered: readonly Record<string, unknown>[];
  /** Epoch ms of the last push of the document. */
  readonly at: number;
  /** The last answered push whose answer the local database may not have taken. */
  readonly answered: {
    /** Content of the base RxDB gave that push. */
    readonly rxBase: string;
    /** The state that was pushed. */
    readonly pushed: Record<string, unknown>;
    /** The state the server answered (content and deletion), as a stable string. */
    readonly answer: string;
    /** The answer equals that base (then the base alone cannot tell whether RxDB took it). */
    readonly ambiguous: boolean;
    /** The document changed on the device while the push was under way. */
    readonly changedHere: boolean;
  } | null;
}

interface AppSchema extends DBSchema {
  kv: { key: string; value: unknown };
  uploads: { key: string; value: UploadItem };
  outbox: { key: string; value: OutboxItem; indexes: { at: number } };
  pushes: { key: string; value: PushRecord };
}

const STORES = ['kv', 'uploads', 'outbox', 'pushes'] as const;

/**
 * One cb_app database. The app and its service worker use the default instance (`appStore`);
 * tests that simulate several devices in one process give each its own name.
 */
export class AppStore {
  private dbPromise: Promise<IDBPDatabase<AppSchema>> | null = null;

  constructor(readonly name: string = APP_DB_NAME) {}

  db(): Promise<IDBPDatabase<AppSchema>> {
    if (!this.dbPromise) {
      this.dbPromise = openDB<AppSchema>(this.name, 2, {
        upgrade(db, oldVersion) {
          if (oldVersion < 1) {
            db.createObjectStore('kv');
            db.createObjectStore('uploads', { keyPath: 'path' });
            const outbox = db.createObjectStore('outbox', { keyPath: 'key' });
            outbox.createIndex('at', 'at');
          }
          if (oldVersion < 2) db.createObjectStore('pushes', { keyPath: 'key' });
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
    const tx = db.transaction(STORES, 'readwrite');
    await Promise.all([...STORES.map((s) => tx.objectStore(s).clear()), tx.done]);
  }

  async close(): Promise<void> {
    const p = this.dbPromise;
    this.dbPromise = null;
    if (p) (await p).close();
  }
}

export const appStore = new AppStore();
