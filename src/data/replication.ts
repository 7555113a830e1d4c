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
import { BackendError, type Checkpoint, type MasterState, type PushRow, type SyncTransport } from '../backend/types';
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
    // Every document comes down through the pull handler, in checkpoint order: a stream event
    // only says «pull now» (RESYNC). Handing the stream's documents to RxDB instead lets a stream
    // event computed before a pull be handled after it (RxDB does not keep the order of stream
    // events and RESYNCs): older documents would overwrite pulled ones and the stored checkpoint
    // would move back.
    const pullStream$: Observable<RxReplicationPullStreamItem<unknown, Checkpoint>> = stream$.pipe(
      filter((e) => e.type === 'resync' || e.collection === name),
      map(() => 'RESYNC' as const),
    );
    // RxDB skips a pulled document while the device holds a local change of it that the upstream
    // has not recorded as pushed, trusting the push to come back with a conflict. If the server
    // took the push before another device changed the document, the push does not conflict and
    // the newer change is lost for good: the checkpoint already moved past it (RxDB issues #5571
    // and #7804; the upstream of a RESYNC does not hold the downstream back). So a pull reads
    // the server while no push is under way or still being recorded, and reads again if one
    // started meanwhile (a page read before a push's answer would put the older state back).
    const pushes = new Set<Promise<unknown>>();
    let pushesStarted = 0;
    const afterPushes = async () => {
      while (pushes.size > 0) await Promise.all(pushes);
    };
    // RxDB writes the state the server answered to a push over the device's document only if
    // the device did not change the document meanwhile (until RxDB's write, just after this
    // handler returns); otherwise it keeps the older base. The next push would then show the
    // server the device's own earlier change as a change made on both sides: a false conflict
    // the server wins (an order set to «delivered» right after «out for delivery» went back to
    // «out for delivery»). So, per document, remember what was pushed when the server answered
    // with another state, and the base RxDB gave. A next push still on that base means RxDB did
    // not take the answer: it is based on what was pushed instead. (When the answer equals the
    // old base, the base alone cannot tell; then the device's change seen here decides.)
    const answered = new Map<string, { rxBase: string; pushed: Record<string, unknown>; ambiguous: boolean; changedHere: boolean }>();
    const baseOf = (row: PushRow): PushRow => {
      const previous = answered.get(String(row.newDocumentState.id));
      const stale = previous !== undefined && contentOf(row.assumedMasterState ?? {}) === previous.rxBase && (!previous.ambiguous || previous.changedHere);
      return stale ? { ...row, assumedMasterState: previous.pushed } : row;
    };
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
          const since = (checkpoint as Checkpoint | undefined) ?? null;
          // A device that pushes without pause gets RxDB's own behaviour after a few tries.
          for (let attempt = 1; ; attempt += 1) {
            await afterPushes();
            const started = pushesStarted;
            const page = await transport.pull(name, since, batchSize);
            if ((pushes.size === 0 && pushesStarted === started) || attempt >= 5) {
              return { documents: page.documents as never[], checkpoint: page.checkpoint };
            }
          }
        },
        stream$: pullStream$,
      },
      push: {
        batchSize: opts.pushBatchSize ?? 100,
        handler: async (rows) => {
          const rxRows = rows as unknown as PushRow[];
          const pushedRows = rxRows.map(baseOf);
          // Under way until it fails, or until the upstream task that runs this handler has
          // recorded it (RxDB writes its metadata after the handler returns).
          pushesStarted += 1;
          let recorded = () => {};
          const push = new Promise<void>((resolve) => (recorded = resolve));
          pushes.add(push);
          void push.then(() => pushes.delete(push));
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
          const answers = new Map<string, Record<string, unknown>>();
          const conflicts = result.map((doc) => {
            if (typeof doc._refused === 'string') {
              refusals$.next({ collection: name, id: doc.id, reason: doc._refused, at: Date.now() });
            }
            const { _refused: _r, ...master } = doc;
            answers.set(doc.id, master);
            return master as never;
          });
          // Settle the outbox: rows whose local content is still what was pushed (accepted, or
          // the device now takes the server's answer). A document changed again while the push
          // was under way stays pending: that change has not reached the server.
          const ids = pushedRows.map((r) => String(r.newDocumentState.id));
          const local = await collection.findByIds(ids).exec();
          const now = Date.now();
          for (const [i, row] of pushedRows.entries()) {
            const id = String(row.newDocumentState.id);
            const current = local.get(id) as { toJSON(): Record<string, unknown> } | undefined;
            const unchanged = current !== undefined && contentOf(current.toJSON()) === contentOf(row.newDocumentState);
            const answer = answers.get(id);
            if (answer) {
              const rxBase = contentOf(rxRows[i]?.assumedMasterState ?? {});
              answered.set(id, { rxBase, pushed: row.newDocumentState, ambiguous: contentOf(answer) === rxBase, changedHere: !unchanged });
            } else {
              answered.delete(id);
            }
            if (unchanged || (row.newDocumentState._deleted === true && current === undefined)) {
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
