/**
 * The replication protocol of the embedded server (DESIGN.md §3), transport-independent:
 * pull by checkpoint, push with conflict detection inside one SQLite transaction, and change
 * notifications for the stream. HTTP routes live in routes/sync.ts.
 */
import { LOCAL_COLLECTIONS, LOCAL_COLLECTION_DEFS, type LocalCollection } from '../src/domain/collections';
import { checkWrite } from '../src/domain/access/checkWrite';
import { readScope } from '../src/domain/access/table';
import type { SystemRole } from '../src/domain/access/groups';
import { threeWayMerge } from '../src/domain/merge';
import { validateDoc } from '../src/domain/validation';
import type { DocStore, StoredDoc } from './store';

export interface SyncUser {
  readonly id: string;
  readonly role: SystemRole;
}

export interface PushRow {
  readonly assumedMasterState?: Record<string, unknown> | null;
  readonly newDocumentState: Record<string, unknown>;
}

export type MasterState = StoredDoc & { _refused?: string };

export interface Checkpoint {
  readonly seq: number;
}

export interface PullResponse {
  readonly documents: StoredDoc[];
  readonly checkpoint: Checkpoint;
}

const META_FIELDS = ['_rev', '_meta', '_attachments', '_refused'];

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

export function isLocalCollection(name: string): name is LocalCollection {
  return (LOCAL_COLLECTIONS as readonly string[]).includes(name);
}

export type ChangeListener = (collections: ReadonlySet<LocalCollection>) => void;

export class SyncService {
  private readonly listeners = new Set<ChangeListener>();

  constructor(
    private readonly store: DocStore,
    /** Called inside the write transaction for every stored document (keeps side tables in step). */
    private readonly onWrite?: (collection: LocalCollection, doc: StoredDoc) => void,
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

  private validate(collection: LocalCollection, doc: StoredDoc): string | null {
    const result = validateDoc(LOCAL_COLLECTION_DEFS[collection].schema, stripDeleted(doc));
    if (result.ok) return null;
    return `Datos no válidos en ${LOCAL_COLLECTION_DEFS[collection].label}: ${result.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ')}`;
  }

  /** Validation and access check of one write; returns the refusal reason, or null when allowed. */
  private refuse(user: SyncUser, collection: LocalCollection, before: StoredDoc | null, after: StoredDoc, ownRoutes: () => Set<string>): string | null {
    const invalid = this.validate(collection, after);
    if (invalid) return invalid;
    const access = checkWrite({ role: user.role, userId: user.id, collection, before, after, ownRouteIds: user.role === 'rider' ? ownRoutes() : new Set() });
    return access.ok ? null : access.reason;
  }

  /** Writes a document and makes every device re-evaluate what depends on it. */
  private write(collection: LocalCollection, before: StoredDoc | null, after: StoredDoc, touched: Set<LocalCollection>): void {
    this.store.put(collection, after);
    this.onWrite?.(collection, after);
    touched.add(collection);
    if (collection !== 'routes') return;
    const riderChanged = before?.rider_id !== after.rider_id || before?._deleted !== after._deleted;
    const stopsChanged = JSON.stringify(before?.stops ?? null) !== JSON.stringify(after.stops);
    if (!riderChanged && !stopsChanged) return;
    const pointIds = new Set<string>();
    for (const r of [before, after]) {
      for (const s of (Array.isArray(r?.stops) ? r.stops : []) as { delivery_point_id?: unknown }[]) {
        if (typeof s.delivery_point_id === 'string') pointIds.add(s.delivery_point_id);
      }
    }
    this.store.touch('delivery_points', [...pointIds]);
    touched.add('delivery_points');
    const dependents: LocalCollection[] = riderChanged ? ['orders', 'payments', 'deliveries', 'incidences', 'receipts', 'picks'] : ['orders'];
    for (const c of dependents) {
      const ids = this.store.idsByRoute(c, after.id);
      if (ids.length > 0) {
        this.store.touch(c, ids);
        touched.add(c);
      }
    }
  }

  /**
   * Applies pushed rows in one transaction. Returns the master states of the rows that were not
   * taken as they came: conflicts (the server's or the merged state) and refusals (the server's
   * state, or a deletion for a refused create, with `_refused` saying why).
   */
  push(user: SyncUser, collection: LocalCollection, rows: readonly PushRow[]): MasterState[] {
    const def = LOCAL_COLLECTION_DEFS[collection];
    const touched = new Set<LocalCollection>();
    let ownRouteCache: Set<string> | null = null;
    const ownRoutes = () => (ownRouteCache ??= this.store.riderRouteIds(user.id));

    const result = this.store.transaction(() => {
      const out: MasterState[] = [];
      const refused = (current: StoredDoc | null, incoming: StoredDoc, reason: string) => {
        this.store.logRefusal({ collection, docId: incoming.id, userId: user.id, reason });
        out.push({ ...(current ?? { ...incoming, _deleted: true }), _refused: reason });
      };
      for (const row of rows) {
        const raw = row.newDocumentState;
        if (typeof raw !== 'object' || raw === null || typeof raw.id !== 'string' || raw.id === '') {
          throw new PushFormatError('Cada documento enviado necesita un «id» de texto');
        }
        const incoming = cleanDoc(raw);
        const current = this.store.get(collection, incoming.id);
        const assumed = row.assumedMasterState ? cleanDoc(row.assumedMasterState) : null;

        if (current && sameDoc(current, incoming)) continue; // replay of a write already stored
        const conflict = current !== null && (assumed === null || !sameDoc(assumed, current));
        if (!conflict) {
          const reason = this.refuse(user, collection, current, incoming, ownRoutes);
          if (reason) refused(current, incoming, reason);
          else this.write(collection, current, incoming, touched);
          continue;
        }
        // Conflict: the device did not know the server's current state.
        if (def.mode === 'event' || current === null) {
          out.push(current as StoredDoc);
          continue;
        }
        const base = assumed ? (stripDeleted(assumed) as Record<string, unknown>) : null;
        const { merged, conflicts } = threeWayMerge(base ? { ...base, _deleted: assumed?._deleted } : null, current, incoming);
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
        const reason = this.refuse(user, collection, current, mergedDoc, ownRoutes);
        if (reason) {
          refused(current, incoming, reason);
          continue;
        }
        this.write(collection, current, mergedDoc, touched);
        out.push(mergedDoc);
      }
      return out;
    });
    this.notify(touched);
    return result;
  }
}

export class PushFormatError extends Error {}
