/**
 * The replication protocol of the embedded server (docs/architecture.md §3), transport-independent:
 * pull by checkpoint, push with conflict detection inside one SQLite transaction, and change
 * notifications for the stream. HTTP routes live in routes/sync.ts.
 */
import { t, type MessageKey } from '../src/i18n';
import '../src/i18n/es/server';
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS, collectionLabel, type LocalCollection, type RouteChange } from '../src/domain/collections';
import { accessDenied, checkWrite } from '../src/domain/access/checkWrite';
import { readScope } from '../src/domain/access/table';
import { domainText } from '../src/i18n/domain';
import type { SystemRole } from '../src/domain/access/groups';
import { threeWayMerge } from '../src/domain/merge';
import { statusFieldsOf } from '../src/domain/status/fields';
import { fieldErrorText, validateDoc } from '../src/domain/validation';
import { NOT_STORED_FIELDS, type Checkpoint, type MasterState, type PushRow } from '../src/domain/sync/protocol';
import type { DocStore, StoredDoc } from './store';

export interface SyncUser {
  readonly id: string;
  readonly role: SystemRole;
}

export interface PullResponse {
  readonly documents: StoredDoc[];
  readonly checkpoint: Checkpoint;
}

const META_FIELDS = NOT_STORED_FIELDS;

/** A document as stored: schema fields plus `_deleted`, without the device's metadata. */
export function cleanDoc(raw: Record<string, unknown>): StoredDoc {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!META_FIELDS.includes(k)) out[k] = v;
  out._deleted = raw._deleted === true;
  return out as StoredDoc;
}

function sameDoc(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (META_FIELDS.includes(k)) continue;
    const av = k === '_deleted' ? a[k] === true : a[k];
    const bv = k === '_deleted' ? b[k] === true : b[k];
    if (JSON.stringify(av) !== JSON.stringify(bv)) return false;
  }
  return true;
}

function stripDeleted(doc: StoredDoc): Record<string, unknown> {
  const { _deleted: _d, ...rest } = doc;
  return rest;
}

/** A master state reduced to what says «this is gone for you» (and why, when refused). */
function bare(doc: MasterState): MasterState {
  return { id: doc.id, _deleted: true, ...(doc._refused === undefined ? {} : { _refused: doc._refused }) };
}

export function isLocalCollection(name: string): name is LocalCollection {
  return (LOCAL_COLLECTIONS as readonly string[]).includes(name);
}

export type ChangeListener = (collections: ReadonlySet<LocalCollection>) => void;

/**
 * Rules of the server that need other stored documents (server/rules.ts): fields it computes,
 * checks beyond the access table, and documents it derives after a write. All run inside the
 * push transaction.
 */
export interface WriteRules {
  /** The document as it will be checked and stored (server-computed fields set). */
  prepare?(user: SyncUser, collection: LocalCollection, before: StoredDoc | null, after: StoredDoc): StoredDoc;
  /** A Spanish refusal reason, or null. */
  check?(user: SyncUser, collection: LocalCollection, before: StoredDoc | null, after: StoredDoc): string | null;
  /** Derived writes after a document was stored (`before`: the stored state it replaced). */
  afterWrite?(collection: LocalCollection, before: StoredDoc | null, doc: StoredDoc, write: (collection: LocalCollection, doc: StoredDoc) => void): void;
  /**
   * A check of a whole push (the planning's invariants over the days its routes touch): called
   * with the pushed documents before any is applied; the function it returns runs after all of
   * them, in the same transaction, and a reason it returns refuses the whole push — nothing of it
   * is stored, every row is answered with the server's state and that reason.
   */
  guardBatch?(user: SyncUser, collection: LocalCollection, docs: readonly StoredDoc[]): (() => string | null) | null;
}

/** A push refused whole by WriteRules.guardBatch (thrown inside the transaction to undo it). */
class BatchRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

interface Parsed {
  readonly doc: StoredDoc;
  readonly invalid: string | null;
}

/** Deepest nesting of objects and arrays a document may have (ours have 4 levels at most). */
export const MAX_DEPTH = 32;

/** Whether `value` nests objects or arrays deeper than `max` levels (iterative: any depth is safe). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

export class SyncService {
  private readonly listeners = new Set<ChangeListener>();

  constructor(
    private readonly store: DocStore,
    /** Called inside the write transaction for every stored document (keeps side tables in step). */
    private readonly onWrite?: (collection: LocalCollection, doc: StoredDoc) => void,
    private readonly rules: WriteRules = {},
  ) {}

  /** The newest sequence number (the head of every collection's checkpoint). */
  head(): number {
    return this.store.head();
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(collections: ReadonlySet<LocalCollection>): void {
    if (collections.size === 0) return;
    for (const l of this.listeners) l(collections);
  }

  pull(user: SyncUser, collection: LocalCollection, checkpoint: Checkpoint | null, limit: number): PullResponse {
    const scope = readScope(user.role, collection);
    const { rows, checkpoint: seq } = this.store.pull(collection, { id: user.id, scope }, checkpoint?.seq ?? 0, limit);
    return { documents: rows.map((r) => r.doc), checkpoint: { seq: Math.max(seq, checkpoint?.seq ?? 0) } };
  }

  /**
   * The checkpoint up to which something of `collection` changed for this user after `since`
   * (a document he may read, or one he read and lost), or null: what the change stream tells
   * his device, which then pulls.
   */
  changedSince(user: SyncUser, collection: LocalCollection, since: number): Checkpoint | null {
    const seq = this.store.changedSince(collection, { id: user.id, scope: readScope(user.role, collection) }, since);
    return seq === null ? null : { seq };
  }

  /**
   * The document as its schema reads it — only the schema's fields, never the raw body (unknown
   * fields are dropped) — or why it is not valid. Nesting is measured first, without recursion:
   * a value nested thousands of levels deep is refused before anything walks it.
   */
  private parse(collection: LocalCollection, doc: StoredDoc): Parsed {
    const label = domainText(collectionLabel(collection));
    if (nestedDeeperThan(doc, MAX_DEPTH)) {
      return { doc: { id: doc.id, _deleted: true }, invalid: t('server.data.tooDeep', { label, depth: MAX_DEPTH }) };
    }
    const result = validateDoc(LOCAL_COLLECTION_DEFS[collection].schema, stripDeleted(doc));
    if (result.ok) {
      // The parsed values, in the order the device sent the fields (then any the schema added).
      const value = result.value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(doc)) if (Object.hasOwn(value, k)) out[k] = value[k];
      for (const k of Object.keys(value)) if (!Object.hasOwn(out, k)) out[k] = value[k];
      return { doc: { ...out, id: doc.id, _deleted: doc._deleted } as StoredDoc, invalid: null };
    }
    return { doc, invalid: t('server.data.invalid', { label, problems: result.errors.map((e) => fieldErrorText(e)).join('; ') }) };
  }

  /**
   * Validation, server-side rules and access check of one write: the document to store (as
   * parsed, with the fields the server computes), or the refusal reason.
   */
  private admit(user: SyncUser, collection: LocalCollection, before: StoredDoc | null, parsed: Parsed, ownRoutes: () => Set<string>): { doc: StoredDoc } | { reason: string } {
    if (parsed.invalid !== null) return { reason: parsed.invalid };
    const doc = this.rules.prepare?.(user, collection, before, parsed.doc) ?? parsed.doc;
    const access = checkWrite({
      role: user.role,
      userId: user.id,
      collection,
      before,
      after: doc,
      ownRouteIds: user.role === 'rider' ? ownRoutes() : new Set(),
      lookup: (c, id) => this.store.get(c, id),
    });
    if (!access.ok) return { reason: domainText(access.reason) };
    const reason = this.rules.check?.(user, collection, before, doc) ?? null;
    return reason === null ? { doc } : { reason };
  }

  /** Writes a document and makes every device re-evaluate what depends on it. */
  private write(collection: LocalCollection, before: StoredDoc | null, after: StoredDoc, touched: Set<LocalCollection>): void {
    this.store.put(collection, after);
    this.onWrite?.(collection, after);
    touched.add(collection);
    // Documents the server derives from this one (a payment's amount due from the delivered lines).
    this.rules.afterWrite?.(collection, before, after, (c, doc) => this.write(c, this.store.get(c, doc.id), doc, touched));
    if (collection !== 'routes') return;
    const changes = new Set<RouteChange>();
    if (before?.rider_id !== after.rider_id || before?._deleted !== after._deleted) changes.add('rider');
    if (JSON.stringify(before?.stops ?? null) !== JSON.stringify(after.stops)) changes.add('stops');
    if (changes.size === 0) return;
    // The delivery points of the stops before and after (a removed stop's point leaves the rider too).
    const pointIds = new Set<string>();
    for (const r of [before, after]) {
      for (const s of (Array.isArray(r?.stops) ? r.stops : []) as { delivery_point_id?: unknown }[]) {
        if (typeof s.delivery_point_id === 'string') pointIds.add(s.delivery_point_id);
      }
    }
    // The dependents of a route, as the collection definitions name them (followsRoute).
    for (const def of Object.values(LOCAL_COLLECTION_DEFS)) {
      if (!def.followsRoute.some((c) => changes.has(c))) continue;
      const ids = def.rowScope.route === 'stops' ? [...pointIds] : this.store.idsByRoute(def.name, after.id);
      if (ids.length > 0) {
        this.store.touch(def.name, ids);
        touched.add(def.name);
      }
    }
  }

  /**
   * Applies pushed rows in one transaction. Returns the master states of the rows that were not
   * taken as they came: conflicts (the server's or the merged state) and refusals (the server's
   * state, or a deletion for a refused create, with `_refused` saying why).
   */
  push(user: SyncUser, collection: LocalCollection, rows: readonly PushRow[]): MasterState[] {
    const touched = new Set<LocalCollection>();
    let ownRouteCache: Set<string> | null = null;
    const ownRoutes = () => (ownRouteCache ??= this.store.riderRouteIds(user.id));

    const scope = { id: user.id, scope: readScope(user.role, collection) };
    const answerable = (doc: MasterState) => (this.store.get(collection, doc.id) === null || this.store.canRead(collection, doc.id, scope) ? doc : bare(doc));
    let result: MasterState[];
    try {
      result = this.store.transaction(() => this.applyRows(user, collection, rows, touched, ownRoutes, scope).map(answerable));
    } catch (err) {
      if (!(err instanceof BatchRefused)) throw err;
      touched.clear();
      // Nothing of the push was stored: every row gets the server's state and the reason.
      result = this.store.transaction(() =>
        rows.map((row) => {
          const sent = cleanDoc(row.newDocumentState);
          const current = this.store.get(collection, sent.id);
          this.store.logRefusal({ collection, docId: sent.id, userId: user.id, reason: err.reason });
          return answerable({ ...(current ?? { ...sent, _deleted: true }), _refused: err.reason });
        }),
      );
    }
    this.notify(touched);
    return result;
  }

  /** The rows of one push, applied in the caller's transaction: the answers (see push). */
  private applyRows(user: SyncUser, collection: LocalCollection, rows: readonly PushRow[], touched: Set<LocalCollection>, ownRoutes: () => Set<string>, scope: { id: string; scope: ReturnType<typeof readScope> }): MasterState[] {
    const def = LOCAL_COLLECTION_DEFS[collection];
    for (const row of rows) {
      const raw = row.newDocumentState;
      if (typeof raw !== 'object' || raw === null || typeof raw.id !== 'string' || raw.id === '') {
        throw new PushFormatError('server.sync.pushNeedsId');
      }
    }
    const guard = this.rules.guardBatch?.(user, collection, rows.map((r) => cleanDoc(r.newDocumentState))) ?? null;
    {
      const out: MasterState[] = [];
      const refused = (current: StoredDoc | null, incoming: StoredDoc, reason: string) => {
        this.store.logRefusal({ collection, docId: incoming.id, userId: user.id, reason });
        out.push({ ...(current ?? { ...incoming, _deleted: true }), _refused: reason });
      };
      // A stored document the user may not read: refused before anything else (no merge, no
      // conflict log of his values, no hint whether his copy equals the server's), answered
      // with no body, so the device drops its copy and learns nothing.
      const hidden = (id: string) => {
        const reason = domainText(accessDenied(collection, id));
        this.store.logRefusal({ collection, docId: id, userId: user.id, reason });
        out.push({ id, _deleted: true, _refused: reason });
      };
      for (const row of rows) {
        const raw = row.newDocumentState;
        if (typeof raw !== 'object' || raw === null || typeof raw.id !== 'string' || raw.id === '') {
          throw new PushFormatError('server.sync.pushNeedsId');
        }
        const sent = cleanDoc(raw);
        const current = this.store.get(collection, sent.id);
        if (current && !this.store.canRead(collection, current.id, scope)) {
          hidden(current.id);
          continue;
        }
        const parsed = this.parse(collection, sent);
        const incoming = parsed.doc;
        if (row.assumedMasterState && nestedDeeperThan(row.assumedMasterState, MAX_DEPTH)) {
          refused(current, incoming, t('server.data.assumedTooDeep', { label: domainText(collectionLabel(collection)), depth: MAX_DEPTH }));
          continue;
        }
        let assumed = row.assumedMasterState ? cleanDoc(row.assumedMasterState) : null;

        if (current && sameDoc(current, incoming)) continue; // replay of a write already stored
        // Fast-forward: the server holds a state this device pushed earlier and never heard back
        // about (the answer was lost, then the app restarted), so the device's new state was made
        // on top of it. It is the base, not a change made by someone else. (When someone else
        // wrote since, the merge still takes the device's own values in those states as bases.)
        if (current && def.mode === 'editable' && row.unansweredStates?.some((s) => !nestedDeeperThan(s, MAX_DEPTH) && sameDoc(cleanDoc(s), current))) {
          assumed = current;
        }
        const conflict = current !== null && (assumed === null || !sameDoc(assumed, current));
        if (!conflict) {
          const admitted = this.admit(user, collection, current, parsed, ownRoutes);
          if ('reason' in admitted) refused(current, incoming, admitted.reason);
          else {
            this.write(collection, current, admitted.doc, touched);
            // Stored otherwise than sent (unknown fields dropped, amounts computed here): the device takes the stored state.
            if (!sameDoc(admitted.doc, sent)) out.push(admitted.doc);
          }
          continue;
        }
        // Conflict: the device did not know the server's current state.
        if (def.mode === 'event' || current === null) {
          out.push(current as StoredDoc);
          continue;
        }
        const base = assumed ? (stripDeleted(assumed) as Record<string, unknown>) : null;
        const { merged, conflicts } = threeWayMerge(base ? { ...base, _deleted: assumed?._deleted } : null, current, incoming, {
          statusFields: statusFieldsOf(collection),
          ownStates: row.unansweredStates?.map(cleanDoc),
        });
        const mergedDoc = cleanDoc({ ...merged, id: current.id });
        if (conflicts.length > 0) {
          this.store.logConflict({
            collection,
            docId: current.id,
            userId: user.id,
            fields: conflicts,
            local: Object.fromEntries(conflicts.map((f) => [f, incoming[f]])),
            server: Object.fromEntries(conflicts.map((f) => [f, current[f]])),
          });
        }
        if (sameDoc(mergedDoc, current)) {
          out.push(current);
          continue;
        }
        const admitted = this.admit(user, collection, current, this.parse(collection, mergedDoc), ownRoutes);
        if ('reason' in admitted) {
          refused(current, incoming, admitted.reason);
          continue;
        }
        this.write(collection, current, admitted.doc, touched);
        out.push(admitted.doc);
      }
      const refusal = guard?.() ?? null;
      if (refusal !== null) throw new BatchRefused(refusal);
      // Every answer is checked against what the user may read now (a write may have moved a
      // document out of his scope, see push); a refused create echoes only what he sent.
      return out;
    }
  }
}

/** A push the server cannot read (answered 400 with its key, server/routes/sync.ts). */
export class PushFormatError extends Error {
  constructor(readonly key: MessageKey) {
    super(t(key));
    this.name = 'PushFormatError';
  }
}
