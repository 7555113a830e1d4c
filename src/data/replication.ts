/**
 * Replication of every local collection through the backend seam's transport (RxDB's
 * replication protocol). It runs in the leader tab only (RxDB leader election); pushes return
 * the server's conflicts, which the device adopts (the server already merged field by field or
 * refused the write, saying why). What was pushed and not answered is kept in the push ledger
 * (./pushLedger.ts), so a lost answer and a restart do not make the device's own earlier write
 * look like someone else's; answers that did not keep the device's change become notices.
 */
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, map, Subject, type Observable, type Subscription } from 'rxjs';
import type { RxReplicationPullStreamItem } from 'rxdb';
import { LOCAL_COLLECTIONS } from '../domain/stored/names';
import type { LocalCollection } from '../domain/collections';
import { isEventCollection, schemaVersion } from './collectionMeta';
import { BackendError, type Checkpoint, type MasterState, type PushRow, type SyncTransport } from '../backend/types';
import type { CbDatabase } from './database';
import type { Outbox } from './outbox';
import { contentOf, type PushLedger } from './pushLedger';
import { PushTracker } from './pushTracker';
import { noticeOf, type SyncNotice } from './syncNotices';
import { repairPulledMeta } from './pulledMeta';
import { t } from '../i18n';

export interface Refusal {
  readonly collection: LocalCollection;
  readonly id: string;
  /** Spanish reason from the server. */
  readonly reason: string;
  readonly at: number;
}

export interface ReplicationOptions {
  readonly db: CbDatabase;
  readonly transport: SyncTransport;
  readonly outbox: Outbox;
  /** What was pushed and not answered, per document (kept on the device). */
  readonly ledger: PushLedger;
  /** Distinguishes the checkpoints of each signed-in user on a shared device. */
  readonly userId: string;
  readonly collections?: readonly LocalCollection[];
  /** Milliseconds between retries of a failed pull or push (default 5 s). */
  readonly retryTime?: number;
  readonly pullBatchSize?: number;
  readonly pushBatchSize?: number;
  /** Run only in the leader tab (default true). */
  readonly waitForLeadership?: boolean;
}

export interface ReplicationHandle {
  readonly states: ReadonlyMap<LocalCollection, RxReplicationState<unknown, Checkpoint>>;
  readonly refusals$: Observable<Refusal>;
  /** Answers that did not keep (all of) the device's change. */
  readonly notices$: Observable<SyncNotice>;
  /** Spanish error messages of failed pulls and pushes. */
  readonly errors$: Observable<string>;
  /** Emits when any collection starts or stops transferring. */
  readonly active$: Observable<boolean>;
  /** Resolves when every collection has pulled everything and pushed every local change. */
  awaitInSync(): Promise<void>;
  /**
   * Resolves, once the replication has started, with how many pulled documents got back the
   * base a closed app did not store (./pulledMeta.ts).
   */
  repaired(): Promise<number>;
  reSync(): void;
  /**
   * Holds the replication of these collections (pull and push) until the returned function is
   * called: a bulk local write (an import) then writes alone instead of racing its own pushes for
   * the same IndexedDB stores, and its documents go out right after, in full batches. Holds
   * nest; the local changes stay in the outbox meanwhile, so the badge never says «synced».
   */
  hold(names: readonly LocalCollection[]): () => void;
  cancel(): Promise<void>;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

/** «Sin conexión…», in the interface's language when asked. */
export const offlineMessage = (): string => t('data.sync.offline');

/**
 * Spanish text of a replication failure. RxDB hands handler errors over as plain objects
 * (`errorToPlainJson`: name, message, code), not as the BackendError that was thrown; both are
 * read. Without a connection the text is always the offline one.
 */
export function describeSyncError(err: unknown, online = typeof navigator === 'undefined' || navigator.onLine): string {
  if (!online) return offlineMessage();
  let e: unknown = err;
  for (let i = 0; i < 6 && e; i += 1) {
    if (e instanceof BackendError) return e.isNetwork ? offlineMessage() : e.message;
    const plain = e as { name?: unknown; code?: unknown; message?: unknown; parameters?: { errors?: unknown[] }; cause?: unknown };
    if (plain.name === 'BackendError' && typeof plain.message === 'string') return plain.code === 'network' ? offlineMessage() : plain.message;
    if (plain.name === 'TypeError' && typeof plain.message === 'string' && /fetch|network/i.test(plain.message)) return offlineMessage();
    // RxDB wraps handler errors: look for ours inside.
    e = plain.parameters?.errors?.[0] ?? plain.cause;
  }
  return t('data.sync.failed');
}

/** An answer that carries no document: only its id and `_deleted` (a refusal out of the user's read scope). */
function isBare(doc: Record<string, unknown>): boolean {
  return Object.keys(doc).every((k) => k === 'id' || k === '_deleted');
}

/**
 * A document that left the user's scope is pulled as a bare tombstone (its id and `_deleted`
 * only: the server sends none of its fields, issue 29). RxDB stores a deletion as a whole
 * (valid) document: a bare tombstone becomes the deletion of the copy this device holds, and is
 * dropped when the device holds none (there is nothing to delete).
 */
async function withLocalBodies(
  collection: { storageInstance: { findDocumentsById(ids: string[], withDeleted: boolean): Promise<unknown[]> } },
  documents: readonly Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const bare = documents.filter((d) => d._deleted === true && isBare(d)).map((d) => String(d.id));
  if (bare.length === 0) return [...documents];
  const stored = (await collection.storageInstance.findDocumentsById(bare, true)) as Record<string, unknown>[];
  const local = new Map(stored.map((d) => [String(d.id), d]));
  const out: Record<string, unknown>[] = [];
  for (const doc of documents) {
    if (doc._deleted !== true || !isBare(doc)) {
      out.push(doc);
      continue;
    }
    const held = local.get(String(doc.id));
    if (!held) continue;
    const { _rev: _r, _meta: _m, _attachments: _a, ...fields } = held;
    out.push({ ...fields, id: doc.id, _deleted: true });
  }
  return out;
}

/**
 * Rows RxDB pushes although the device changed nothing: the app was closed after RxDB wrote a
 * pulled document and before it wrote that document's metadata (RxDB issue #7804), so on the
 * next start the pulled state looks like a local change made on the older base. Pushed like that,
 * the server would take the older base for the truth and bring back values someone has changed
 * since (or refuse fields the user may not write). RxDB marks a state the pull wrote with
 * `_meta.o` (the revision height it wrote); a local write raises the height. Such a row is sent
 * with the pulled state as its own base: the server answers with what it holds now.
 */
async function notLocalChanges(collection: { storageInstance: { findDocumentsById(ids: string[], withDeleted: boolean): Promise<unknown[]> } }, rows: PushRow[]): Promise<PushRow[]> {
  const ids = rows.map((r) => String(r.newDocumentState.id));
  const stored = (await collection.storageInstance.findDocumentsById(ids, true)) as { id?: unknown; _rev?: string; _meta?: { o?: { _rev?: number } } }[];
  const pulled = new Set<string>();
  for (const doc of stored) {
    const height = Number(String(doc._rev ?? '').split('-')[0]);
    if (doc._meta?.o?._rev !== undefined && doc._meta.o._rev === height) pulled.add(String(doc.id));
  }
  if (pulled.size === 0) return rows;
  return rows.map((r) => (pulled.has(String(r.newDocumentState.id)) ? { ...r, assumedMasterState: r.newDocumentState } : r));
}

export function startReplication(opts: ReplicationOptions): ReplicationHandle {
  const { db, transport, outbox, ledger } = opts;
  const refusals$ = new Subject<Refusal>();
  const notices$ = new Subject<SyncNotice>();
  const errors$ = new Subject<string>();
  const active$ = new Subject<boolean>();
  const states = new Map<LocalCollection, RxReplicationState<unknown, Checkpoint>>();
  const holds = new Map<LocalCollection, number>();
  const resuming = new Set<Promise<void>>();
  let released = deferred();
  const subs: Subscription[] = [];
  const repairs: Promise<number>[] = [];
  const stream$ = transport.stream();

  for (const name of opts.collections ?? LOCAL_COLLECTIONS) {
    const collection = db.collections[name];
    const editable = !isEventCollection(name);
    // Every document comes down through the pull handler, in checkpoint order: a stream event
    // only says «pull now» (RESYNC), and carries no document (src/domain/sync/protocol.ts).
    // Handing stream documents to RxDB instead would let an event computed before a pull be
    // handled after it (RxDB does not keep the order of stream events and RESYNCs): older
    // documents would overwrite pulled ones and the stored checkpoint would move back.
    const pullStream$: Observable<RxReplicationPullStreamItem<unknown, Checkpoint>> = stream$.pipe(
      filter((e) => e.type === 'resync' || e.collection === name),
      map(() => 'RESYNC' as const),
    );
    // A pull reads the server between pushes (./pushTracker.ts says why).
    const pushes = new PushTracker();
    const state = replicateRxCollection<unknown, Checkpoint>({
      // The identifier keys the stored checkpoints: one set per user and schema version.
      replicationIdentifier: `cb-${name}-v${schemaVersion(name)}-${opts.userId}`,
      collection: collection as never,
      live: true,
      retryTime: opts.retryTime ?? 5000,
      waitForLeadership: opts.waitForLeadership ?? true,
      autoStart: true,
      pull: {
        batchSize: opts.pullBatchSize ?? 500,
        handler: async (checkpoint, batchSize) => {
          const since = (checkpoint as Checkpoint | undefined) ?? null;
          const page = await pushes.readBetweenPushes(() => transport.pull(name, since, batchSize));
          return { documents: (await withLocalBodies(collection, page.documents)) as never[], checkpoint: page.checkpoint };
        },
        stream$: pullStream$,
      },
      push: {
        batchSize: opts.pushBatchSize ?? 100,
        handler: async (rows) => {
          const rxRows = rows as unknown as PushRow[];
          // Recorded as unanswered before the request leaves (it survives a restart). Events are
          // insert-only: a replay is recognised as such, and their bodies (signatures) need no copy.
          const pushedRows = await notLocalChanges(collection, editable ? await ledger.beforePush(name, rxRows) : rxRows);
          // Under way until it fails, or until the upstream task that runs this handler has
          // recorded it (RxDB writes its metadata after the handler returns).
          const recorded = pushes.begin();
          let result: MasterState[];
          try {
            result = await transport.push(name, pushedRows);
          } catch (err) {
            recorded();
            throw err;
          }
          const task = state.internalReplicationState?.streamQueue.up;
          if (task) void task.then(recorded, recorded);
          else recorded();
          // Shutting down (sign-out, app closing): the stores may be closed; the ledger keeps
          // this push as unanswered, which is safe.
          if (state.isStopped()) return [];
          const pushedById = new Map(pushedRows.map((r) => [String(r.newDocumentState.id), r.newDocumentState]));
          const answers = new Map<string, Record<string, unknown>>();
          const refused = new Map<string, string>();
          const conflicts = result.map((doc) => {
            if (typeof doc._refused === 'string') {
              refused.set(doc.id, doc._refused);
              refusals$.next({ collection: name, id: doc.id, reason: doc._refused, at: Date.now() });
            }
            const { _refused: _r, ...answer } = doc;
            // A document the user may not read comes back bare (id and `_deleted` only): the
            // device drops its copy, written as the deletion of what it pushed (a valid document).
            const pushed = pushedById.get(String(doc.id));
            const master = isBare(answer) && pushed ? { ...pushed, id: doc.id, _deleted: true } : answer;
            answers.set(doc.id, master);
            return master as never;
          });
          // Settle the outbox: rows whose local content is still what was pushed (accepted, or
          // the device now takes the server's answer). A document changed again while the push
          // was under way stays pending: that change has not reached the server.
          const ids = pushedRows.map((r) => String(r.newDocumentState.id));
          // (Typed by hand: the union of every collection's document types is too large for tsc.)
          const local = (await (collection as unknown as { findByIds(ids: string[]): { exec(): Promise<Map<string, unknown>> } }).findByIds(ids).exec());
          const now = Date.now();
          const changedHere = new Set<string>();
          const settled: string[] = [];
          for (const row of pushedRows) {
            const id = String(row.newDocumentState.id);
            const current = local.get(id) as { toJSON(): Record<string, unknown> } | undefined;
            const unchanged = current !== undefined && contentOf(current.toJSON()) === contentOf(row.newDocumentState);
            if (!unchanged) changedHere.add(id);
            if (unchanged || (row.newDocumentState._deleted === true && current === undefined)) {
              settled.push(id);
            }
            // The server did not keep (all of) the device's change: tell the person.
            const answer = answers.get(id);
            const notice = answer ? noticeOf(name, row, answer, refused.get(id) ?? null, now) : null;
            if (notice) notices$.next(notice);
          }
          await outbox.settleMany(name, settled, now);
          if (editable) await ledger.afterAnswer(name, rxRows, pushedRows, answers, changedHere);
          return conflicts;
        },
      },
    });
    if (editable) repairs.push(repairPulledMeta(state as RxReplicationState<unknown, unknown>, outbox.appStore).catch(() => 0));
    subs.push(state.error$.subscribe((err) => errors$.next(describeSyncError(err))));
    subs.push(state.active$.subscribe((a) => active$.next(a)));
    states.set(name, state as RxReplicationState<unknown, Checkpoint>);
  }

  return {
    states,
    refusals$: refusals$.asObservable(),
    notices$: notices$.asObservable(),
    errors$: errors$.asObservable(),
    active$: active$.asObservable(),
    async awaitInSync() {
      // Held collections have not sent what was written meanwhile: in sync only once released
      // and resumed (and `started` is taken after, so the outbox keeps those writes till then).
      while (holds.size > 0 || resuming.size > 0) await Promise.all([released.promise, ...resuming]);
      const started = Date.now();
      await Promise.all([...states.values()].map((s) => s.awaitInSync()));
      await outbox.settleBefore(started);
      await ledger.settleBefore(started);
    },
    async repaired() {
      return (await Promise.all(repairs)).reduce((a, b) => a + b, 0);
    },
    reSync() {
      for (const s of states.values()) s.reSync();
    },
    hold(names) {
      const held = names.filter((n) => states.has(n));
      if (held.length > 0 && holds.size === 0) released = deferred();
      for (const n of held) {
        const count = holds.get(n) ?? 0;
        holds.set(n, count + 1);
        if (count === 0) void states.get(n)?.pause();
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        for (const n of held) {
          const count = (holds.get(n) ?? 1) - 1;
          if (count > 0) {
            holds.set(n, count);
            continue;
          }
          holds.delete(n);
          const state = states.get(n);
          if (!state || state.isStopped()) continue;
          // start() after pause() re-syncs: what was written meanwhile goes out from the
          // collection's push checkpoint.
          // (A failed start reports on error$, as the first one does.)
          const resume: Promise<void> = state
            .start()
            .catch(() => undefined)
            .finally(() => resuming.delete(resume));
          resuming.add(resume);
        }
        if (holds.size === 0) released.resolve();
      };
    },
    async cancel() {
      holds.clear();
      released.resolve();
      subs.forEach((s) => s.unsubscribe());
      await Promise.all([...states.values()].map((s) => s.cancel()));
    },
  };
}
