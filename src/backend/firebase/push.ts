/**
 * The push of the Firebase backend: RxDB's stock `replication-firestore` reads the master state
 * outside its write, so two devices can overwrite each other silently (docs/architecture.md §2). Ours reads
 * and writes inside ONE Firestore transaction (retried by Firestore when a document it read
 * changed before the commit) and answers like the embedded server (server/sync.ts, the
 * reference):
 * - a replay of a stored state changes nothing;
 * - the device's base (`assumedMasterState`) differs from the stored state → conflict: events
 *   are insert-only (the stored one stays), editable documents are merged field by field
 *   (src/domain/merge.ts) and fields changed on both sides are logged for admins;
 * - every write is validated with the entity's schema and the access table (checkWrite, with the
 *   state machines) and refused with a Spanish reason (`_refused`); the rules refuse what a
 *   forged client would skip;
 * - a route given to another rider, or with other stops, re-stamps the documents that depend on
 *   it, so the riders concerned pull them (as the server's `touch`).
 */
import {
  doc,
  documentId,
  getDocFromServer,
  getDocsFromServer,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase/firestore';
import { LOCAL_COLLECTION_DEFS, collectionLabel, type LocalCollection } from '../../domain/collections';
import { checkWrite, operationOf } from '../../domain/access/checkWrite';
import { HUB_SCOPED } from '../../domain/access/table';
import { eventOrderProblem } from '../../domain/access/eventOrder';
import { checkRiderPayment } from '../../domain/access/payments';
import type { Order, Payment } from '../../domain/entities/operation';
import { SERVER_TIME_FIELD } from '../../domain/access/firestoreRules';
import { threeWayMerge } from '../../domain/merge';
import { validateDoc } from '../../domain/validation';
import { domainText } from '../../i18n/domain';
import { BackendError, type MasterState, type PushRow, type SyncDoc } from '../types';
import { backendErrorOf, cleanDoc, fromSnapshot, functionFields, sameDoc, stripDeleted, toFirestore } from './docs';
import type { SystemRole } from '../../domain/access/groups';

/** Who syncs: the signed-in user and the role the rules see. */
export interface FirebaseSyncUser {
  readonly id: string;
  readonly role: SystemRole;
}

export interface PushContext {
  readonly db: Firestore;
  readonly col: (c: LocalCollection | 'conflicts') => CollectionReference;
  readonly user: FirebaseSyncUser;
  /** Ids of the rider's routes (checkWrite's `own-routes` scope). */
  readonly ownRouteIds: () => Promise<Set<string>>;
  readonly chunk: number;
  readonly afterRead?: (collection: LocalCollection, ids: readonly string[]) => Promise<void>;
}

/** Collections re-stamped when a route changes rider (or is deleted or restored). */
const RIDER_DEPENDENTS: readonly LocalCollection[] = ['orders', 'payments', 'deliveries', 'incidences', 'receipts', 'picks'];
const FORBIDDEN = 'No tienes permiso para guardar este cambio';

function validate(collection: LocalCollection, doc: SyncDoc): string | null {
  const def = LOCAL_COLLECTION_DEFS[collection];
  const result = validateDoc(def.schema, stripDeleted(doc));
  if (result.ok) return null;
  return `Datos no válidos en ${domainText(collectionLabel(collection))}: ${result.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ')}`;
}

function pointsOf(route: SyncDoc | null): string[] {
  const stops = Array.isArray(route?.stops) ? (route.stops as { delivery_point_id?: unknown }[]) : [];
  return stops.map((s) => s.delivery_point_id).filter((p): p is string => typeof p === 'string');
}

/** What must be re-stamped when a route goes from `before` to `after`. */
function routeTouches(before: SyncDoc | null, after: SyncDoc): { collections: LocalCollection[]; points: string[] } {
  const riderChanged = before?.rider_id !== after.rider_id || (before?._deleted ?? false) !== after._deleted;
  const stopsChanged = JSON.stringify(before?.stops ?? null) !== JSON.stringify(after.stops);
  if (!riderChanged && !stopsChanged) return { collections: [], points: [] };
  return { collections: riderChanged ? [...RIDER_DEPENDENTS] : ['orders'], points: [...new Set([...pointsOf(before), ...pointsOf(after)])] };
}

/** The plan of one transaction: rows, and the documents to re-stamp, from a read before it. */
interface Plan {
  readonly rows: readonly PushRow[];
  /** Route id → the route state the touches were computed from, and their references. */
  readonly touches: Map<string, { readonly base: SyncDoc | null; readonly refs: DocumentReference[] }>;
}

class Replan extends Error {}

async function planTouches(ctx: PushContext, collection: LocalCollection, rows: readonly PushRow[]): Promise<Plan> {
  const touches: Plan['touches'] = new Map();
  if (collection !== 'routes' || ctx.user.role === 'rider') return { rows, touches };
  for (const row of rows) {
    const after = cleanDoc(row.newDocumentState);
    const base = fromSnapshot(await getDocFromServer(doc(ctx.col('routes'), after.id)))?.doc ?? null;
    const { collections, points } = routeTouches(base, after);
    const refs: DocumentReference[] = [];
    for (const c of collections) {
      const snap = await getDocsFromServer(query(ctx.col(c), where('route_id', '==', after.id)));
      refs.push(...snap.docs.map((d) => d.ref));
    }
    // Only points that exist can be re-stamped (a stop may name a point not stored yet).
    for (let i = 0; i < points.length; i += 30) {
      const snap = await getDocsFromServer(query(ctx.col('delivery_points'), where(documentId(), 'in', points.slice(i, i + 30))));
      refs.push(...snap.docs.map((d) => d.ref));
    }
    touches.set(after.id, { base, refs });
  }
  return { rows, touches };
}

interface Outcome {
  readonly out: MasterState[];
}

/** Collections whose rider writes must fit their order (server/rules.ts; the rules' riderPayment and eventOrder). */
const ORDER_CHECKED: readonly LocalCollection[] = ['payments', 'deliveries', 'incidences'];

/**
 * The orders a rider's payments and events name, read before the transaction (the rules read them
 * again when it commits): null when none is needed. An order he may not read counts as missing;
 * a failed read (offline) fails the push.
 */
async function riderOrders(ctx: PushContext, collection: LocalCollection, rows: readonly PushRow[]): Promise<Map<string, Order | null> | null> {
  if (ctx.user.role !== 'rider' || !ORDER_CHECKED.includes(collection)) return null;
  const ids = new Set(rows.map((r) => r.newDocumentState.order_id).filter((id): id is string => typeof id === 'string' && id !== ''));
  const out = new Map<string, Order | null>();
  for (const id of ids) {
    try {
      const found = fromSnapshot(await getDocFromServer(doc(ctx.col('orders'), id)))?.doc;
      out.set(id, found && !found._deleted ? (found as unknown as Order) : null);
    } catch (err) {
      // Out of his scope: missing for him. Anything else (offline…) fails the push, which the
      // replication retries: a network failure must never become a refusal.
      if (code(err) !== 'permission-denied') throw err;
      out.set(id, null);
    }
  }
  return out;
}

/** Why a rider's new payment or event does not fit its order (the server's words), or null. */
function orderProblem(collection: LocalCollection, before: SyncDoc | null, after: SyncDoc, orders: Map<string, Order | null>): string | null {
  if (after._deleted || operationOf(before, after) !== 'create') return null;
  const order = orders.get(String(after.order_id)) ?? null;
  if (collection === 'payments') {
    const res = checkRiderPayment(after as unknown as Payment, order);
    return res.ok ? null : res.reason;
  }
  return eventOrderProblem(after, order, domainText(collectionLabel(collection)));
}

/**
 * The documents checkWrite's `hub` scope reads (issue 29, finding 6), read before the transaction
 * (the rules read them again when it commits): the operator's profile (his hub) and the orders
 * his payments and follow-ups name. Null when the scope does not apply.
 */
async function hubLookup(ctx: PushContext, collection: LocalCollection, rows: readonly PushRow[]): Promise<((c: LocalCollection, id: string) => SyncDoc | null) | null> {
  if (ctx.user.role !== 'operator' || !HUB_SCOPED.includes(collection)) return null;
  const read = async (c: LocalCollection, id: string): Promise<SyncDoc | null> => fromSnapshot(await getDocFromServer(doc(ctx.col(c), id)))?.doc ?? null;
  const profile = await read('users', ctx.user.id);
  const orders = new Map<string, SyncDoc | null>();
  if (collection === 'payments' || collection === 'incidences') {
    for (const row of rows) {
      const id = row.newDocumentState.order_id;
      if (typeof id === 'string' && id !== '' && !orders.has(id)) orders.set(id, await read('orders', id));
    }
  }
  return (c, id) => {
    if (c === 'users') return id === ctx.user.id ? profile : null;
    if (c === 'orders') return orders.get(id) ?? null;
    return null;
  };
}

/** One transaction over a few rows; returns the master states to send back. */
async function transact(ctx: PushContext, collection: LocalCollection, plan: Plan): Promise<MasterState[]> {
  const def = LOCAL_COLLECTION_DEFS[collection];
  const { user } = ctx;
  const ownRoutes = user.role === 'rider' ? await ctx.ownRouteIds() : new Set<string>();
  const orders = await riderOrders(ctx, collection, plan.rows);
  const lookup = (await hubLookup(ctx, collection, plan.rows)) ?? undefined;
  const refuse = (before: SyncDoc | null, after: SyncDoc): string | null => {
    const invalid = validate(collection, after);
    if (invalid) return invalid;
    const access = checkWrite({ role: user.role, userId: user.id, collection, before, after, ownRouteIds: ownRoutes, lookup });
    if (!access.ok) return domainText(access.reason);
    return orders ? orderProblem(collection, before, after, orders) : null;
  };

  const result: Outcome = await runTransaction(
    ctx.db,
    async (t: Transaction) => {
      const out: MasterState[] = [];
      const refs = plan.rows.map((r) => doc(ctx.col(collection), String(r.newDocumentState.id)));
      const snaps = await Promise.all(refs.map((r) => t.get(r)));
      if (ctx.afterRead) await ctx.afterRead(collection, refs.map((r) => r.id));
      const writes: { ref: DocumentReference; before: SyncDoc | null; doc: SyncDoc }[] = [];
      const logs: Record<string, unknown>[] = [];
      const write = (ref: DocumentReference, before: SyncDoc | null, next: SyncDoc) => {
        // A later row of the same document in this push sees this one as the stored state.
        const i = writes.findIndex((w) => w.ref.id === ref.id);
        if (i >= 0) writes.splice(i, 1);
        writes.push({ ref, before, doc: next });
      };
      const stored = new Map<string, SyncDoc | null>();
      plan.rows.forEach((_, i) => stored.set(refs[i]!.id, fromSnapshot(snaps[i]!)?.doc ?? null));

      for (const [i, row] of plan.rows.entries()) {
        const ref = refs[i]!;
        const incoming = cleanDoc(row.newDocumentState);
        const current = stored.get(ref.id) ?? null;
        const assumed = row.assumedMasterState ? cleanDoc(row.assumedMasterState) : null;
        const refused = (reason: string) => out.push({ ...(current ?? { ...incoming, _deleted: true }), _refused: reason });

        if (current && sameDoc(current, incoming)) continue; // replay of a write already stored
        const conflict = current !== null && (assumed === null || !sameDoc(assumed, current));
        if (!conflict) {
          const reason = refuse(current, incoming);
          if (reason) refused(reason);
          else {
            write(ref, current, incoming);
            stored.set(ref.id, incoming);
          }
          continue;
        }
        // Conflict: the device did not know the stored state.
        if (def.mode === 'event' || current === null) {
          out.push(current as SyncDoc);
          continue;
        }
        const base = assumed ? stripDeleted(assumed) : null;
        const { merged, conflicts } = threeWayMerge(base ? { ...base, _deleted: assumed?._deleted } : null, current, incoming);
        const mergedDoc = cleanDoc({ ...merged, id: current.id });
        if (conflicts.length > 0) {
          logs.push({
            at: serverTimestamp(),
            collection,
            doc_id: current.id,
            user_id: user.id,
            fields: conflicts,
            local: Object.fromEntries(conflicts.map((f) => [f, incoming[f] ?? null])),
            server: Object.fromEntries(conflicts.map((f) => [f, current[f] ?? null])),
          });
        }
        if (sameDoc(mergedDoc, current)) {
          out.push(current);
          continue;
        }
        const reason = refuse(current, mergedDoc);
        if (reason) {
          refused(reason);
          continue;
        }
        write(ref, current, mergedDoc);
        stored.set(ref.id, mergedDoc);
        out.push(mergedDoc);
      }

      // Re-stamp what depends on a route that changed rider or stops (planned before).
      const touched = new Set<string>();
      for (const w of writes) {
        if (collection !== 'routes') break;
        const { collections, points } = routeTouches(w.before, w.doc);
        if (collections.length === 0 && points.length === 0) continue;
        const planned = plan.touches.get(w.doc.id);
        if (!planned || JSON.stringify(planned.base) !== JSON.stringify(w.before)) throw new Replan();
        for (const ref of planned.refs) touched.add(ref.path);
      }
      // What a trusted function keeps in a document (a point's readers) stays as stored.
      const kept = new Map(plan.rows.map((_, i) => [refs[i]!.id, functionFields(snaps[i]!.data())]));
      for (const w of writes) t.set(w.ref, { ...toFirestore(w.doc), ...kept.get(w.ref.id) });
      for (const path of touched) {
        if (writes.some((w) => w.ref.path === path)) continue;
        t.update(doc(ctx.db, path), { [SERVER_TIME_FIELD]: serverTimestamp() });
      }
      for (const entry of logs) t.set(doc(ctx.col('conflicts')), entry);
      return { out };
    },
    { maxAttempts: 10 },
  );
  return result.out;
}

function code(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
}

/** A row the rules refused although our checks allowed it: the stored state, when readable. */
async function refusedByRules(ctx: PushContext, collection: LocalCollection, row: PushRow): Promise<MasterState> {
  const incoming = cleanDoc(row.newDocumentState);
  try {
    const current = fromSnapshot(await getDocFromServer(doc(ctx.col(collection), incoming.id)))?.doc;
    if (current) return { ...current, _refused: FORBIDDEN };
  } catch {
    // Not readable either: the document is out of this user's scope.
  }
  return { ...incoming, _deleted: true, _refused: FORBIDDEN };
}

async function pushChunk(ctx: PushContext, collection: LocalCollection, rows: readonly PushRow[]): Promise<MasterState[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await transact(ctx, collection, await planTouches(ctx, collection, rows));
    } catch (err) {
      if (err instanceof Replan && attempt < 5) continue;
      if (code(err) !== 'permission-denied') throw backendErrorOf(err);
      // One row the rules refuse fails the whole transaction: push the rows one by one.
      if (rows.length > 1) {
        const out: MasterState[] = [];
        for (const row of rows) out.push(...(await pushChunk(ctx, collection, [row])));
        return out;
      }
      return [await refusedByRules(ctx, collection, rows[0] as PushRow)];
    }
  }
}

export async function pushRows(ctx: PushContext, collection: LocalCollection, rows: readonly PushRow[]): Promise<MasterState[]> {
  for (const row of rows) {
    const raw = row.newDocumentState;
    if (typeof raw !== 'object' || raw === null || typeof raw.id !== 'string' || raw.id === '') {
      throw new BackendError('bad_push', 'Cada documento enviado necesita un «id» de texto', 400);
    }
  }
  const out: MasterState[] = [];
  // Rows of routes that may re-stamp many documents go one per transaction.
  const size = collection === 'routes' && ctx.user.role !== 'rider' ? 1 : ctx.chunk;
  for (let i = 0; i < rows.length; i += size) out.push(...(await pushChunk(ctx, collection, rows.slice(i, i + size))));
  return out;
}
