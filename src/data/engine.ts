/**
 * The data engine of a signed-in user on this device: cb_localDB, the validated writer, the
 * outbox, the file upload queue, the replication (leader tab only) and the sync status.
 * Screens reach it through the hooks of src/data; they never touch storage or network.
 */
import { auditTime, Subject, type Observable, type Subscription } from 'rxjs';
import { BackendError, type Backend } from '../backend/types';
import { openLocalDatabase, type CbDatabase, type StorageChoice } from './database';
import type { AppStore } from './appStore';
import type { LocalCollection } from '../domain/collections';
import { Outbox } from './outbox';
import { PushLedger } from './pushLedger';
// The replication (RxDB's replication plugin and the sync protocol) is loaded after the first
// screen is drawn from the local database (issue 15: the rider's screens show before it starts).
import * as ReplicationApi from './replication';
import type { Refusal, ReplicationHandle } from './replication';
import { NoticeBook } from './syncNotices';
import { SyncStatusHub } from './syncStatus';
import { UploadQueue } from './uploadQueue';
import { Writer } from './writes';
import { t } from '../i18n';
import { loadCollectionDefs } from './collectionMeta';
import { firstScreenDrawn } from './firstScreen';

export interface EngineOptions {
  readonly backend: Backend;
  readonly userId: string;
  readonly store: AppStore;
  readonly storage: StorageChoice;
  readonly dbName?: string;
}

export type SignOutCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const LAST_SYNC_KEY = 'lastSyncAt';

function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** Deletes every IndexedDB database RxDB made for `dbName` (collections, replication meta). */
async function deleteIndexedDbsOf(dbName: string): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.includes(`-${dbName}--`));
  await Promise.all(
    names.map(
      (n) =>
        new Promise<void>((resolve) => {
          const req = indexedDB.deleteDatabase(n);
          req.onsuccess = () => resolve();
          req.onerror = () => resolve();
          req.onblocked = () => resolve();
        }),
    ),
  );
}

type ReplicationModule = typeof ReplicationApi;
/**
 * The replication's code is part of the engine's chunk (issue 31: one file fewer on every first
 * screen; it was fetched before the first screen was drawn anyway). It still starts only once the
 * first screen is drawn (`afterFirstScreen`).
 */
function loadReplication(): Promise<ReplicationModule> {
  return Promise.resolve(ReplicationApi);
}

/**
 * Resolves once the browser is idle after the first screen (at most `timeoutMs` later): the
 * replication's first pull and its many IndexedDB reads then do not compete with the first
 * queries and the first render of the screen the user opened.
 */
function afterFirstScreen(timeoutMs = 1500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
  });
}

/** Asks the service worker to upload when the network is back (Background Sync, where available). */
async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  try {
    const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await reg.sync?.register('cb-uploads');
  } catch {
    // No Background Sync: the page uploads on start, `online` and visibility change.
  }
}

export class DataEngine {
  readonly outbox: Outbox;
  readonly uploads: UploadQueue;
  readonly writer: Writer;
  readonly status: SyncStatusHub;
  readonly ledger: PushLedger;
  readonly notices: NoticeBook;
  private readonly refusalSubject = new Subject<Refusal>();
  private replication: ReplicationHandle | null = null;
  private readonly subs: Subscription[] = [];
  private readonly cleanups: (() => void)[] = [];
  private stopped = false;
  private uploadTimer: ReturnType<typeof setTimeout> | null = null;

  private constructor(
    readonly db: CbDatabase,
    private readonly opts: EngineOptions,
  ) {
    this.outbox = new Outbox(opts.store);
    this.uploads = new UploadQueue(opts.store);
    this.writer = new Writer(db, this.outbox);
    this.status = new SyncStatusHub();
    this.ledger = new PushLedger(opts.store);
    this.notices = new NoticeBook(opts.store);
  }

  static async start(opts: EngineOptions): Promise<DataEngine> {
    const db = await openLocalDatabase({ name: opts.dbName, storage: opts.storage });
    const engine = new DataEngine(db, opts);
    await engine.init();
    return engine;
  }

  get refusals$(): Observable<Refusal> {
    return this.refusalSubject.asObservable();
  }

  private async init(): Promise<void> {
    // An action a closed or reloaded page left half-written ends whole before anything syncs.
    await this.writer.replayJournal();
    const lastSyncAt = (await this.opts.store.kvGet<number>(LAST_SYNC_KEY)) ?? null;
    this.status.update({ online: isOnline(), state: isOnline() ? 'idle' : 'offline', lastSyncAt });
    this.status.askLeader();
    await this.refreshCounts();
    await this.refreshNotices();
    this.cleanups.push(this.notices.onChange(() => void this.refreshNotices()));
    this.cleanups.push(this.outbox.onChange(() => void this.refreshCounts()));
    this.cleanups.push(this.uploads.onChange(() => void this.refreshCounts()));
    // Writes made in another tab reach this one as database changes (the outbox and the upload
    // queue are shared in IndexedDB): count again, so the leader broadcasts the right figures.
    this.subs.push(this.db.$.pipe(auditTime(300)).subscribe(() => void this.refreshCounts()));

    if (typeof window !== 'undefined') {
      const onOnline = () => {
        this.status.update({ online: true, state: 'syncing', error: null });
        this.replication?.reSync();
        // Files waiting for their back-off (up to 64 s) go now: the connection is back.
        void this.uploads.retryNow().then(() => this.processUploads());
      };
      const onOffline = () => {
        this.status.update({ online: false, state: 'offline' });
        void loadReplication().then(
          ({ describeSyncError }) => {
            if (!isOnline()) this.status.update({ error: describeSyncError(null, false) });
          },
          () => undefined, // told by the leadership's load above
        );
      };
      const onVisible = () => {
        if (document.visibilityState === 'visible') void this.processUploads();
      };
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisible);
      this.cleanups.push(() => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisible);
      });
    }

    // Replication runs in the leader tab only; the others show what the leader broadcasts.
    // It starts once the first screen is drawn from the local database.
    void this.db.waitForLeadership().then(async () => {
      if (this.stopped) return;
      this.status.update({ leader: true });
      const [{ startReplication }] = await Promise.all([loadReplication(), afterFirstScreen()]);
      if (this.stopped) return;
      this.startReplication(startReplication);
    }).catch(() => {
      // The sync's code could not be downloaded although the browser is online (a new version
      // replaced it): the badge says so; a reload brings the new version.
      if (!this.stopped) this.status.update({ state: 'error', error: t('app.chunkFailed') });
    });
    void this.processUploads();
  }

  private startReplication(startReplication: ReplicationModule['startReplication']): void {
    const rep = startReplication({ db: this.db, transport: this.opts.backend.sync, outbox: this.outbox, ledger: this.ledger, userId: this.opts.userId });
    this.replication = rep;
    this.subs.push(rep.refusals$.subscribe((r) => this.refusalSubject.next(r)));
    this.subs.push(rep.notices$.subscribe((n) => void this.notices.add(n)));
    this.subs.push(
      rep.errors$.subscribe((message) => {
        const online = isOnline();
        this.status.update({ online, state: online ? 'error' : 'offline', error: message });
      }),
    );
    let settling = false;
    this.subs.push(
      rep.active$.subscribe((active) => {
        if (active) {
          if (this.status.value.state !== 'syncing') this.status.update({ state: 'syncing' });
          return;
        }
        if (settling) return;
        settling = true;
        void rep
          .awaitInSync()
          .then(async () => {
            if (this.stopped) return;
            const now = Date.now();
            await this.opts.store.kvSet(LAST_SYNC_KEY, now);
            this.status.update({ state: 'synced', lastSyncAt: now, error: null, online: isOnline() });
            // The writer's schemas (zod) are not on the first screen (issue 31); fetched once in
            // sync, a write still validates if the connection is lost before the service worker
            // stored them — once the first screen is drawn, never competing with it.
            void firstScreenDrawn()
              .then(() => loadCollectionDefs())
              .catch(() => undefined);
            await this.refreshCounts();
          })
          .finally(() => {
            settling = false;
          });
      }),
    );
  }

  private async refreshNotices(): Promise<void> {
    if (this.stopped) return;
    this.status.update({ notices: await this.notices.list() });
  }

  /** The person has read these notices (all when `keys` is omitted). */
  async dismissNotices(keys?: readonly string[]): Promise<void> {
    await this.notices.dismiss(keys);
  }

  private async refreshCounts(): Promise<void> {
    if (this.stopped) return;
    const [pending, items] = await Promise.all([this.outbox.count(), this.uploads.items()]);
    this.status.update({
      pending,
      uploadsQueued: items.filter((i) => i.state === 'queued').length,
      uploadsParked: items.filter((i) => i.state === 'parked').length,
    });
  }

  /** Saves a file locally and queues its upload (signatures, photos). */
  async queueUpload(path: string, body: Blob, contentType: string): Promise<void> {
    await this.uploads.enqueue(path, body, contentType);
    await requestBackgroundSync();
    await this.processUploads();
  }

  /** Uploads due files from the page (the service worker does the same with Background Sync). */
  async processUploads(): Promise<void> {
    if (this.stopped || !isOnline()) return;
    const files = this.opts.backend.files;
    await this.uploads.process({
      send: async (item) => {
        try {
          await files.upload(item.path, item.body, item.contentType);
          return 200;
        } catch (err) {
          if (err instanceof BackendError) return err.isNetwork ? 'network' : err.status;
          return 'network';
        }
      },
      refreshAuth: async () => (await this.opts.backend.session.refresh().catch(() => null)) !== null,
    });
    // Come back when the next retry is due (back-off up to 64 s).
    const next = await this.uploads.nextDue();
    if (this.uploadTimer) clearTimeout(this.uploadTimer);
    if (next !== null && !this.stopped) this.uploadTimer = setTimeout(() => void this.processUploads(), Math.max(250, next - Date.now()));
  }

  /** Pull and push now (after coming back online, or on demand). */
  /** See ReplicationHandle.hold; nothing to hold while the replication has not started. */
  holdSync(names: readonly LocalCollection[]): () => void {
    return this.replication?.hold(names) ?? (() => undefined);
  }

  syncNow(): void {
    this.replication?.reSync();
    void this.processUploads();
  }

  /** Resolves when everything is in sync (tests, sign-out). */
  async awaitInSync(): Promise<void> {
    await this.replication?.awaitInSync();
  }

  /** Sign-out is refused while anything of this user is only on this device. */
  async checkSignOut(timeoutMs = 5000): Promise<SignOutCheck> {
    await this.refreshCounts();
    const s = this.status.value;
    if (s.pending > 0) {
      return { ok: false, reason: s.pending === 1 ? t('data.signOut.pendingOne') : t('data.signOut.pendingMany', { n: s.pending }) };
    }
    if (s.uploadsQueued + s.uploadsParked > 0) {
      const n = s.uploadsQueued + s.uploadsParked;
      return { ok: false, reason: n === 1 ? t('data.signOut.uploadsOne') : t('data.signOut.uploadsMany', { n }) };
    }
    if (isOnline() && this.replication) {
      const synced = await Promise.race([
        this.replication.awaitInSync().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
      ]);
      await this.refreshCounts();
      if (!synced || this.status.value.pending > 0) {
        return { ok: false, reason: t('data.signOut.stillSyncing') };
      }
    }
    return { ok: true };
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.uploadTimer) clearTimeout(this.uploadTimer);
    this.subs.forEach((s) => s.unsubscribe());
    this.cleanups.forEach((c) => c());
    await this.replication?.cancel();
    this.notices.close();
    this.status.close();
  }

  /** Stops and deletes every local trace of the user: cb_localDB, cb_app, cached files. */
  async wipe(): Promise<void> {
    await this.stop();
    const name = this.db.name;
    await this.db.remove();
    await deleteIndexedDbsOf(name);
    await this.opts.store.clear();
    if (typeof caches !== 'undefined') {
      for (const key of await caches.keys()) if (key.startsWith('cb-user-')) await caches.delete(key);
    }
  }
}
