/**
 * Replication of every local collection through the backend seam's transport (RxDB's
 * replication protocol). It runs in the leader tab only (RxDB leader election); pushes return
 * the server's conflicts, which the device adopts (the server already merged field by field or
 * refused the write, saying why).
 */
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, map, Subject, type Observable, type Subscription } from 'rxjs';
import type { RxReplicationPullStreamItem } from 'rxdb';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS, type LocalCollection } from '../domain/collections';
import { BackendError, type Checkpoint, type SyncTransport } from '../backend/types';
import type { CbDatabase } from './database';
import type { Outbox } from './outbox';

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
  /** Spanish error messages of failed pulls and pushes. */
  readonly errors$: Observable<string>;
  /** Emits when any collection starts or stops transferring. */
  readonly active$: Observable<boolean>;
  /** Resolves when every collection has pulled everything and pushed every local change. */
  awaitInSync(): Promise<void>;
  reSync(): void;
  cancel(): Promise<void>;
}

const DEVICE_FIELDS = ['_rev', '_meta', '_attachments', '_deleted'];

function contentOf(doc: Record<string, unknown>): string {
  const keys = Object.keys(doc).filter((k) => !DEVICE_FIELDS.includes(k)).sort();
  return JSON.stringify(keys.map((k) => [k, doc[k]]));
}

/** Spanish text of a replication failure. */
export function describeSyncError(err: unknown): string {
  let e: unknown = err;
  // RxDB wraps handler errors: look for ours inside.
  for (let i = 0; i < 5 && e && !(e instanceof BackendError); i += 1) {
    const inner = e as { parameters?: { errors?: unknown[] }; cause?: unknown };
    e = inner.parameters?.errors?.[0] ?? inner.cause;
  }
  if (e instanceof BackendError) {
    if (e.isNetwork) return 'Sin conexión con el servidor: los cambios se guardan en el dispositivo y se enviarán al volver la conexión';
    return e.message;
  }
  return 'No se pudo sincronizar; se reintentará';
}

export function startReplication(opts: ReplicationOptions): ReplicationHandle {
  const { db, transport, outbox } = opts;
  const refusals$ = new Subject<Refusal>();
  const errors$ = new Subject<string>();
  const active$ = new Subject<boolean>();
  const states = new Map<LocalCollection, RxReplicationState<unknown, Checkpoint>>();
  const subs: Subscription[] = [];
  const stream$ = transport.stream();

  for (const name of opts.collections ?? LOCAL_COLLECTIONS) {
    const collection = db.collections[name];
    const pullStream$: Observable<RxReplicationPullStreamItem<unknown, Checkpoint>> = stream$.pipe(
      filter((e) => e.type === 'resync' || e.collection === name),
      map((e) => (e.type === 'resync' ? 'RESYNC' : { documents: e.documents as never[], checkpoint: e.checkpoint })),
    );
    const state = replicateRxCollection<unknown, Checkpoint>({
      // The identifier keys the stored checkpoints: one set per user and schema version.
      replicationIdentifier: `cb-${name}-v${LOCAL_COLLECTION_DEFS[name].version}-${opts.userId}`,
      collection: collection as never,
      live: true,
      retryTime: opts.retryTime ?? 5000,
      waitForLeadership: opts.waitForLeadership ?? true,
      autoStart: true,
      pull: {
        batchSize: opts.pullBatchSize ?? 500,
        handler: async (checkpoint, batchSize) => {
          const page = await transport.pull(name, (checkpoint as Checkpoint | undefined) ?? null, batchSize);
          return { documents: page.documents as never[], checkpoint: page.checkpoint };
        },
        stream$: pullStream$,
      },
      push: {
        batchSize: opts.pushBatchSize ?? 100,
        handler: async (rows) => {
          const pushedRows = rows as unknown as { newDocumentState: Record<string, unknown> }[];
          const result = await transport.push(name, rows as never);
          const conflictIds = new Set<string>();
          const conflicts = result.map((doc) => {
            conflictIds.add(doc.id);
            if (typeof doc._refused === 'string') {
              refusals$.next({ collection: name, id: doc.id, reason: doc._refused, at: Date.now() });
            }
            const { _refused: _r, ...master } = doc;
            return master as never;
          });
          // Settle the outbox: accepted rows whose local content is still what was pushed, and
          // every conflict (the device now takes the server's state).
          const ids = pushedRows.map((r) => String(r.newDocumentState.id));
          const local = await collection.findByIds(ids).exec();
          const now = Date.now();
          for (const row of pushedRows) {
            const id = String(row.newDocumentState.id);
            const current = local.get(id) as { toJSON(): Record<string, unknown> } | undefined;
            const unchanged = current !== undefined && contentOf(current.toJSON()) === contentOf(row.newDocumentState);
            if (conflictIds.has(id) || unchanged || (row.newDocumentState._deleted === true && current === undefined)) {
              await outbox.settle(name, id, now);
            }
          }
          return conflicts;
        },
      },
    });
    subs.push(state.error$.subscribe((err) => errors$.next(describeSyncError(err))));
    subs.push(state.active$.subscribe((a) => active$.next(a)));
    states.set(name, state as RxReplicationState<unknown, Checkpoint>);
  }

  return {
    states,
    refusals$: refusals$.asObservable(),
    errors$: errors$.asObservable(),
    active$: active$.asObservable(),
    async awaitInSync() {
      const started = Date.now();
      await Promise.all([...states.values()].map((s) => s.awaitInSync()));
      await outbox.settleBefore(started);
    },
    reSync() {
      for (const s of states.values()) s.reSync();
    },
    async cancel() {
      subs.forEach((s) => s.unsubscribe());
      await Promise.all([...states.values()].map((s) => s.cancel()));
    },
  };
}
