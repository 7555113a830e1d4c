/**
 * The Firebase sync transport (the seam's SyncTransport on Firestore):
 * - pull: per collection, by the server time of the last write and the id (`{ updatedAt, id }`),
 *   with the query the rules let the user run (./queries.ts): a rider asks for his routes by
 *   `rider_id`, their documents by `route_id in […]` (at most RIDER_ROUTES_PER_QUERY per query:
 *   the rules read one route per value) and his stops' delivery points by their readers
 *   (`rider_ids array-contains` his id: the trusted function keeps them, issue 29 finding 2);
 * - push: our own handler (./push.ts), reading and writing inside one Firestore transaction;
 * - stream: ONE observable for every collection, like the embedded server's: `resync` when it
 *   starts, then `change` whenever a listener (onSnapshot) sees a write in a collection. The
 *   replication only takes it as «pull now».
 */
import {
  collection as collectionRef,
  doc,
  documentId,
  getDocFromServer,
  getDocsFromServer,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
  type Unsubscribe,
} from 'firebase/firestore';
import { Observable, share } from 'rxjs';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../../domain/collections';
import { DEFAULT_PREFIX, RIDER_ROUTES_PER_QUERY, SERVER_TIME_FIELD } from '../../domain/access/firestoreRules';
import { BackendError, type Checkpoint, type MasterState, type PullPage, type PushRow, type StreamEvent, type SyncDoc, type SyncTransport } from '../types';
import { after, backendErrorOf, byPullOrder, fromSnapshot, readCheckpoint, timestampOf, writeCheckpoint, type FirestoreCheckpoint, type Pulled } from './docs';
import { pushRows, type FirebaseSyncUser, type PushContext } from './push';
import { pullPlan } from './queries';
import { RiderScope } from './scope';

/** Firestore's `in` filter takes at most 30 values. */
export const IN_LIMIT = 30;

export interface FirestoreTransportOptions {
  readonly db: Firestore;
  /** Collection prefix (contract: default `cb_`). */
  readonly prefix?: string;
  /** The signed-in user (null when signed out). */
  readonly user: () => FirebaseSyncUser | null;
  /**
   * Resolves once Firebase Auth has restored its user (auth.authStateReady()). After a reload the
   * stored session names the user at once, but Firestore's requests carry no ID token until Auth
   * has restored it: a pull sent before is refused by the rules (permission-denied).
   */
  readonly authReady?: () => Promise<void>;
  /** Rows per push transaction (default 50). */
  readonly pushChunk?: number;
  /** Milliseconds before listeners are set up again after an error; doubles up to 30 s. */
  readonly retryMs?: number;
  /** Fault injection for tests: runs inside a push transaction, after its reads, before its writes. */
  readonly afterPushRead?: (collection: LocalCollection, ids: readonly string[]) => Promise<void>;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes a failed Firestore request to the console: the replication shows the user only a
 * Spanish summary («No tienes permiso…»), and Firestore's own code and message are what tell a
 * developer (or the e2e run, which prints the browser's console) why it failed.
 */
function report(what: string, err: unknown): void {
  const e = err as { code?: unknown; message?: unknown } | null;
  console.warn(`Sincronización con Firestore (${what}): ${String(e?.code ?? '')} ${String(e?.message ?? err)}`);
}

const NO_CHECKPOINT: FirestoreCheckpoint = { updatedAt: 0, id: '' };

export class FirestoreSyncTransport implements SyncTransport {
  private readonly prefix: string;
  private scope: { userId: string; rider: RiderScope } | null = null;
  private readonly stream$: Observable<StreamEvent>;

  constructor(private readonly opts: FirestoreTransportOptions) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
    this.stream$ = new Observable<StreamEvent>((subscriber) => this.listen(subscriber)).pipe(share());
  }

  col(collection: LocalCollection | 'conflicts') {
    return collectionRef(this.opts.db, `${this.prefix}${collection}`);
  }

  private user(): FirebaseSyncUser {
    const u = this.opts.user();
    if (!u) throw new BackendError('signed_out', 'No has iniciado sesión', 401);
    return u;
  }

  /** The rider scope of the signed-in user (a new one when another user signs in). */
  private riderScope(userId: string): RiderScope {
    if (this.scope?.userId !== userId) this.scope = { userId, rider: new RiderScope() };
    return this.scope.rider;
  }

  /** Reads the rider's routes from the server and updates his scope. */
  private async refreshRiderRoutes(userId: string): Promise<RiderScope> {
    const scope = this.riderScope(userId);
    const snap = await getDocsFromServer(query(this.col('routes'), where('rider_id', '==', userId)));
    scope.setRoutes(snap.docs.map((d) => fromSnapshot(d)?.doc).filter((d): d is SyncDoc => d !== undefined));
    return scope;
  }

  /** The rider's routes: from the live listener when it runs, otherwise read now. */
  async riderRoutes(userId: string): Promise<RiderScope> {
    const scope = this.riderScope(userId);
    return this.listening === userId && scope.known() ? scope : this.refreshRiderRoutes(userId);
  }

  private listening: string | null = null;

  async pull(collection: LocalCollection, checkpoint: Checkpoint | null, batch: number): Promise<PullPage> {
    await this.opts.authReady?.();
    try {
      const user = this.user();
      const cp = readCheckpoint(checkpoint);
      const { pulled, tombstones } = await this.pullPage(user, collection, cp, batch);
      const last = pulled[pulled.length - 1];
      const next = last ? { updatedAt: last.at, id: last.doc.id } : (cp ?? NO_CHECKPOINT);
      if (user.role === 'rider') this.riderScope(user.id).remember(collection, pulled.map((p) => p.doc));
      return { documents: [...tombstones, ...pulled.map((p) => p.doc)], checkpoint: writeCheckpoint(next) };
    } catch (err) {
      report(`pull ${collection}`, err);
      throw backendErrorOf(err);
    }
  }

  private ordered(base: Query, cp: FirestoreCheckpoint | null, batch: number): Query {
    const constraints: QueryConstraint[] = [orderBy(SERVER_TIME_FIELD), orderBy(documentId())];
    if (cp) constraints.push(startAfter(timestampOf(cp.updatedAt), cp.id));
    constraints.push(limit(batch));
    return query(base, ...constraints);
  }

  private async run(q: Query): Promise<Pulled[]> {
    const snap = await getDocsFromServer(q);
    return snap.docs.map((d) => fromSnapshot(d)).filter((p): p is Pulled => p !== null);
  }

  private async pullPage(user: FirebaseSyncUser, collection: LocalCollection, cp: FirestoreCheckpoint | null, batch: number): Promise<{ pulled: Pulled[]; tombstones: SyncDoc[] }> {
    const plan = pullPlan(user.role, collection);
    const col = this.col(collection);
    switch (plan.kind) {
      case 'none':
        return { pulled: [], tombstones: [] };
      case 'all':
        return { pulled: await this.run(this.ordered(col, cp, batch)), tombstones: [] };
      case 'self': {
        const p = fromSnapshot(await getDocFromServer(doc(col, user.id)));
        return { pulled: p && after(p, cp) ? [p] : [], tombstones: [] };
      }
      case 'mine': {
        // A rider's routes: first his current set (a route given to another rider leaves it).
        if (collection === 'routes') await this.refreshRiderRoutes(user.id);
        const pulled = await this.run(this.ordered(query(col, where(plan.field, '==', user.id)), cp, batch));
        return { pulled, tombstones: this.riderScope(user.id).takeTombstones(collection) };
      }
      case 'routes': {
        const scope = await this.riderRoutes(user.id);
        const kinds = plan.kinds ?? [];
        const pages = await Promise.all(
          chunks(scope.routeIds(), RIDER_ROUTES_PER_QUERY).map((ids) => {
            const filters = [where('route_id', 'in', ids)];
            if (kinds.length > 0) filters.unshift(kinds.length === 1 ? where('kind', '==', kinds[0]) : where('kind', 'in', kinds));
            return this.run(this.ordered(query(col, ...filters), cp, batch));
          }),
        );
        // Each query returned its first `batch` documents after the checkpoint: the first `batch`
        // of their union are the first `batch` of all.
        return { pulled: pages.flat().sort(byPullOrder).slice(0, batch), tombstones: scope.takeTombstones(collection) };
      }
      case 'points': {
        // The points that name him as a reader (the function keeps them); those his routes no
        // longer stop at come as tombstones (the scope), before the function has taken him off.
        // A point still naming him that none of his routes stops at any more (the function has
        // not run yet) comes as deleted, in its place in the pull order.
        const scope = await this.riderRoutes(user.id);
        const mine = new Set(scope.pointIds());
        const pulled = (await this.run(this.ordered(query(col, where(plan.field, 'array-contains', user.id)), cp, batch))).map((p) =>
          mine.has(p.doc.id) ? p : { ...p, doc: { ...p.doc, _deleted: true } },
        );
        return { pulled, tombstones: scope.takeTombstones(collection) };
      }
    }
  }

  async push(collection: LocalCollection, rows: readonly PushRow[]): Promise<MasterState[]> {
    await this.opts.authReady?.();
    const user = this.user();
    const ctx: PushContext = {
      db: this.opts.db,
      col: (c) => this.col(c),
      user,
      ownRouteIds: async () => new Set((await this.riderRoutes(user.id)).routeIds()),
      chunk: this.opts.pushChunk ?? 50,
      afterRead: this.opts.afterPushRead,
    };
    try {
      return await pushRows(ctx, collection, rows);
    } catch (err) {
      report(`push ${collection}`, err);
      throw err;
    }
  }

  stream(): Observable<StreamEvent> {
    return this.stream$;
  }

  /** Sets up the listeners of the signed-in user; set up again after an error, with back-off. */
  private listen(subscriber: { next(e: StreamEvent): void }): () => void {
    let stopped = false;
    let unsubs: Unsubscribe[] = [];
    let dependents: Unsubscribe[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay = this.opts.retryMs ?? 1000;
    const change = (collection: LocalCollection) => subscriber.next({ type: 'change', collection, checkpoint: writeCheckpoint(NO_CHECKPOINT) });

    const teardown = () => {
      for (const u of [...unsubs, ...dependents]) u();
      unsubs = [];
      dependents = [];
      if (this.listening !== null) this.listening = null;
    };
    const failed = (err: unknown) => {
      report('listen', err);
      if (stopped || timer) return;
      teardown();
      timer = setTimeout(() => {
        timer = null;
        delay = Math.min(30_000, delay * 2);
        start();
      }, delay);
    };
    // A snapshot from the server (not the local cache) means «something changed, pull».
    const watch = (q: Query, collection: LocalCollection) =>
      onSnapshot(
        q,
        (snap) => {
          if (snap.metadata.fromCache) return;
          delay = this.opts.retryMs ?? 1000;
          change(collection);
        },
        failed,
      );
    const latest = (base: Query) => query(base, orderBy(SERVER_TIME_FIELD, 'desc'), limit(1));

    const start = () => {
      if (stopped) return;
      const user = this.opts.user();
      if (!user) return;
      subscriber.next({ type: 'resync' });
      for (const c of LOCAL_COLLECTIONS) {
        const plan = pullPlan(user.role, c);
        const col = this.col(c);
        if (plan.kind === 'all') unsubs.push(watch(latest(col), c));
        else if (plan.kind === 'self') {
          unsubs.push(
            onSnapshot(
              doc(col, user.id),
              (snap) => {
                if (!snap.metadata.fromCache) change(c);
              },
              failed,
            ),
          );
        } else if (plan.kind === 'mine' && c !== 'routes') unsubs.push(watch(latest(query(col, where(plan.field, '==', user.id))), c));
        else if (plan.kind === 'points') unsubs.push(watch(latest(query(col, where(plan.field, 'array-contains', user.id))), c));
      }
      if (user.role !== 'rider') return;
      // The rider's routes: the whole set, so the documents of his routes are listened to.
      const scope = this.riderScope(user.id);
      const listenDependents = () => {
        for (const u of dependents) u();
        dependents = [];
        for (const c of LOCAL_COLLECTIONS) {
          const plan = pullPlan(user.role, c);
          if (plan.kind === 'routes') {
            const kinds = plan.kinds ?? [];
            for (const ids of chunks(scope.routeIds(), RIDER_ROUTES_PER_QUERY)) {
              const filters = [where('route_id', 'in', ids)];
              if (kinds.length > 0) filters.unshift(kinds.length === 1 ? where('kind', '==', kinds[0]) : where('kind', 'in', kinds));
              dependents.push(watch(latest(query(this.col(c), ...filters)), c));
            }
          }
        }
      };
      let routeSet = '';
      unsubs.push(
        onSnapshot(
          query(this.col('routes'), where('rider_id', '==', user.id)),
          (snap) => {
            if (snap.metadata.fromCache) return;
            const docs = snap.docs.map((d) => fromSnapshot(d)?.doc).filter((d): d is SyncDoc => d !== undefined);
            const changed = scope.setRoutes(docs);
            this.listening = user.id;
            const key = JSON.stringify([scope.routeIds(), scope.pointIds()]);
            if (key !== routeSet) {
              routeSet = key;
              listenDependents();
            }
            change('routes');
            for (const c of changed) if (c !== 'routes') change(c);
          },
          failed,
        ),
      );
    };

    // Not before Firebase Auth has restored its user: until then nobody is signed in here.
    if (this.opts.authReady) void this.opts.authReady().then(start, failed);
    else start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      teardown();
    };
  }
}
