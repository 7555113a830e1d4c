/**
 * The one write path of the app: every document is validated with its entity's zod schema
 * (Spanish messages with the field's place), written to cb_localDB, and marked in the outbox
 * until the server acknowledges it. Nothing half-written: an invalid document stores nothing.
 * The schemas (zod) are loaded with the first write, not at start-up (issue 31: reads need no zod).
 */
import type { LocalCollection } from '../domain/collections';
import { collectionLabel } from '../domain/collectionLabel';
import { isEventCollection, loadCollectionDefs, type CollectionDefs } from './collectionMeta';
import { fieldErrorText, validateDoc, type FieldError } from '../domain/validation';
import { NOT_CONTENT_FIELDS } from '../domain/sync/fields';
import type { CbDatabase, DocTypes } from './database';
import type { Outbox } from './outbox';
import { localWrite } from './deviceStorage';
import { ActionJournal, ACTION_ENTRY_VERSION, type ActionEntry } from './actionJournal';
import { t } from '../i18n';
import { domainText } from '../i18n/domain';

/** The document type of each local collection: what the writer takes (screens type their forms with it). */
export type { DocTypes } from './database';

export class ValidationFailed extends Error {
  constructor(readonly errors: FieldError[]) {
    // Places in words («ruta 2 › parada 1: …»), never a dotted path (issue 28).
    super(errors.map((e) => fieldErrorText(e)).join('; '));
    this.name = 'ValidationFailed';
  }
}

function rank(c: LocalCollection): number {
  const i = WRITE_ORDER.indexOf(c);
  return i < 0 ? WRITE_ORDER.length : i;
}

export class NotFound extends Error {
  constructor(collection: LocalCollection, id: string) {
    super(t('data.notFound', { what: domainText(collectionLabel(collection)), id }));
    this.name = 'NotFound';
  }
}

/** What a bulk write did: the ids written, and each document refused with its reason. */
export interface BulkWriteFailure {
  readonly id: string;
  readonly error: unknown;
}
export interface BulkWriteResult {
  readonly written: string[];
  readonly failed: BulkWriteFailure[];
}

/** The documents of one action, per collection (whole documents: created or replaced). */
export type WriteSet = { readonly [C in LocalCollection]?: readonly DocTypes[C][] };

/** The ids of the documents an action removes, per collection (soft deletes, after its writes). */
export type RemoveSet = { readonly [C in LocalCollection]?: readonly string[] };

/**
 * The order an action's collections are written and sent in: events first (a payment's amount
 * due is derived on the server from the delivered lines), routes before the orders that follow them.
 */
const WRITE_ORDER: readonly LocalCollection[] = ['receipts', 'deliveries', 'picks', 'incidences', 'delivery_points', 'routes', 'orders'];

export class Writer {
  private readonly journal: ActionJournal;

  constructor(
    private readonly db: CbDatabase,
    private readonly outbox: Outbox,
    private readonly now: () => number = Date.now,
  ) {
    this.journal = new ActionJournal(outbox.appStore);
  }

  /**
   * Writes an action's documents as one (issue 27, src/data/action.ts): all are validated first (one invalid one
   * and nothing is written); then they are journaled (src/data/actionJournal.ts), written
   * collection by collection and marked in the outbox; the journal entry goes last. Interrupted,
   * the action is finished by `replayJournal` on the next start. Its documents may reach the
   * server in more than one push (routes, then orders): the server keeps every state between
   * them consistent (it derives the orders' route link from the routes, server/rules.ts).
   * (Pausing the replication meanwhile was tried: a push whose answer was lost while paused was
   * not sent again — tests/sync/planning-property.test.ts found it.)
   * Events are insert-only: one already stored is left as it is (a repeated action).
   * `removes` are removed after the documents are written (tombstones, like `remove`); one that is
   * not stored refuses the action before anything is written. Event documents are never removed.
   */
  async writeAll(set: WriteSet, removes: RemoveSet = {}): Promise<void> {
    const at = this.now();
    const defs = await loadCollectionDefs();
    const names = (Object.keys(set) as LocalCollection[]).sort((a, b) => rank(a) - rank(b));
    const docs: [LocalCollection, Record<string, unknown>[]][] = [];
    for (const collection of names) {
      const list = (set[collection] ?? []) as readonly Record<string, unknown>[];
      if (list.length === 0) continue;
      // Events are inserted as they are (no `updated_at`); editable documents carry the action's time.
      const event = isEventCollection(collection);
      docs.push([collection, list.map((d) => this.check(defs, collection, event ? d : { ...d, updated_at: at }) as Record<string, unknown>)]);
    }
    const gone: [LocalCollection, string[]][] = [];
    for (const collection of Object.keys(removes) as LocalCollection[]) {
      const ids = [...new Set(removes[collection] ?? [])];
      if (ids.length === 0) continue;
      if (isEventCollection(collection)) throw new ValidationFailed([{ path: '', message: t('data.readOnly') }]);
      const stored = await this.db.collections[collection].findByIds(ids).exec();
      const missing = ids.find((id) => !stored.has(id));
      if (missing !== undefined) throw new NotFound(collection, missing);
      gone.push([collection, ids]);
    }
    if (docs.length === 0 && gone.length === 0) return;
    const entry: ActionEntry = { v: ACTION_ENTRY_VERSION, id: crypto.randomUUID(), at, docs, ...(gone.length > 0 ? { removes: gone } : {}) };
    await localWrite(() => this.journal.put(entry));
    await this.apply(entry);
    await this.journal.remove(entry.id);
  }

  /** Finishes the actions an interrupted session left in the journal. Returns how many. */
  async replayJournal(): Promise<number> {
    const entries = await this.journal.pending();
    for (const entry of entries) {
      await this.apply(entry);
      await this.journal.remove(entry.id);
    }
    return entries.length;
  }

  private async apply(entry: ActionEntry): Promise<void> {
    for (const [collection, docs] of entry.docs) {
      const col = this.db.collections[collection] as unknown as {
        bulkUpsert(docs: readonly Record<string, unknown>[]): Promise<{ error: readonly unknown[] }>;
        bulkInsert(docs: readonly Record<string, unknown>[]): Promise<{ error: readonly unknown[] }>;
        findByIds(ids: string[]): { exec(): Promise<Map<string, unknown>> };
        upsert(doc: Record<string, unknown>): Promise<unknown>;
      };
      if (isEventCollection(collection)) {
        const stored = await col.findByIds(docs.map((d) => String(d.id))).exec();
        const fresh = docs.filter((d) => !stored.has(String(d.id)));
        if (fresh.length === 0) continue;
        const inserted = await localWrite(() => col.bulkInsert(fresh));
        if (inserted.error.length > 0) throw new ValidationFailed([{ path: 'id', message: t('data.saveFailed') }]);
        await this.outbox.markMany(collection, fresh.map((d) => String(d.id)), this.now());
        continue;
      }
      if (collection === 'routes') {
        // One by one, in the order given: the replication may send them in more than one push,
        // and routes that give orders up come before those that take them (src/data/planning.ts),
        // so no push ever asks the server to put an order on two routes.
        for (const doc of docs) await localWrite(() => col.upsert(doc));
        await this.outbox.markMany(collection, docs.map((d) => String(d.id)), this.now());
        continue;
      }
      const result = await localWrite(() => col.bulkUpsert(docs));
      if (result.error.length > 0) throw new ValidationFailed([{ path: 'id', message: t('data.saveFailed') }]);
      await this.outbox.markMany(collection, docs.map((d) => String(d.id)), this.now());
    }
    for (const [collection, ids] of entry.removes ?? []) {
      // Replayed, a document already removed is left as it is.
      const col = this.db.collections[collection] as unknown as { findByIds(ids: string[]): { exec(): Promise<Map<string, { remove(): Promise<unknown> }>> } };
      const stored = await col.findByIds([...ids]).exec();
      const found = ids.filter((id) => stored.has(id));
      if (found.length === 0) continue;
      for (const id of found) {
        const doc = stored.get(id);
        if (doc) await localWrite(() => doc.remove());
      }
      await this.outbox.markMany(collection, found, this.now());
    }
  }

  private check<C extends LocalCollection>(defs: CollectionDefs, collection: C, doc: unknown): DocTypes[C] {
    const result = validateDoc(defs[collection].schema, doc);
    if (!result.ok) throw new ValidationFailed(result.errors);
    return result.value as DocTypes[C];
  }

  /** Inserts a new document. Insert-only events with an existing id change nothing (double submit). */
  async insert<C extends LocalCollection>(collection: C, doc: DocTypes[C]): Promise<{ created: boolean }> {
    const valid = this.check(await loadCollectionDefs(), collection, doc);
    const col = this.db.collections[collection];
    const existing = await col.findOne((valid as { id: string }).id).exec();
    if (existing) {
      if (isEventCollection(collection)) return { created: false };
      throw new ValidationFailed([{ path: 'id', message: t('data.duplicateId', { what: domainText(collectionLabel(collection)) }) }]);
    }
    await localWrite(() => col.insert(valid as never));
    await this.outbox.mark(collection, (valid as { id: string }).id, this.now());
    return { created: true };
  }

  /**
   * Inserts many new documents of one collection in one storage write and one outbox write (the
   * import path: one change event per batch instead of one per document, so open lists re-run
   * once). Each document is validated on its own; an invalid one, or one whose id exists, is
   * reported in `failed` and stores nothing; the others are written.
   */
  async insertMany<C extends LocalCollection>(collection: C, docs: readonly DocTypes[C][]): Promise<BulkWriteResult> {
    const failed: BulkWriteFailure[] = [];
    const valid = this.checkEach(await loadCollectionDefs(), collection, docs, failed);
    const col = this.db.collections[collection];
    // An event already stored is no failure (a replay): left out before the write. Any other
    // document whose id exists is refused by the storage itself (409, see settleBulk), which
    // spares the import a read of every id before each write.
    const existing = isEventCollection(collection) ? await col.findByIds(valid.map((d) => d.id)).exec() : null;
    const fresh = existing ? valid.filter((d) => !existing.has(d.id)) : valid;
    if (fresh.length === 0) return { written: [], failed };
    const result = await localWrite(() => col.bulkInsert(fresh as never[]));
    return this.settleBulk(collection, result, failed);
  }

  /** Inserts or replaces many whole editable documents in one storage write (see insertMany). */
  async saveMany<C extends LocalCollection>(collection: C, docs: readonly DocTypes[C][]): Promise<BulkWriteResult> {
    const failed: BulkWriteFailure[] = [];
    const at = this.now();
    const valid = this.checkEach(await loadCollectionDefs(), collection, docs.map((d) => ({ ...d, updated_at: at })), failed);
    if (valid.length === 0) return { written: [], failed };
    const result = await localWrite(() => this.db.collections[collection].bulkUpsert(valid as never[]));
    return this.settleBulk(collection, result, failed);
  }

  private checkEach<C extends LocalCollection>(defs: CollectionDefs, collection: C, docs: readonly unknown[], failed: BulkWriteFailure[]): (DocTypes[C] & { id: string })[] {
    const valid: (DocTypes[C] & { id: string })[] = [];
    for (const doc of docs) {
      try {
        valid.push(this.check(defs, collection, doc) as DocTypes[C] & { id: string });
      } catch (err) {
        failed.push({ id: String((doc as { id?: unknown }).id ?? ''), error: err });
      }
    }
    return valid;
  }

  private async settleBulk(
    collection: LocalCollection,
    result: { success: readonly { primary: string }[]; error: readonly { documentId: string; status: number }[] },
    failed: BulkWriteFailure[],
  ): Promise<BulkWriteResult> {
    const written = result.success.map((d) => d.primary);
    for (const e of result.error) {
      const message = e.status === 409 ? t('data.duplicateId', { what: domainText(collectionLabel(collection)) }) : t('data.saveFailed');
      failed.push({ id: e.documentId, error: new ValidationFailed([{ path: 'id', message }]) });
    }
    await this.outbox.markMany(collection, written, this.now());
    return { written, failed };
  }

  /** Changes fields of an editable document; `updated_at` is set to now. */
  async patch<C extends LocalCollection>(collection: C, id: string, changes: Partial<DocTypes[C]>): Promise<DocTypes[C]> {
    if (isEventCollection(collection)) {
      throw new ValidationFailed([{ path: '', message: t('data.readOnly') }]);
    }
    const defs = await loadCollectionDefs();
    const col = this.db.collections[collection];
    const doc = await col.findOne(id).exec();
    if (!doc) throw new NotFound(collection, id);
    // The changes apply to the document as it is when written, not as it was read: a state
    // pulled from the server in between (another person's change) must not be written back over.
    let valid: DocTypes[C] | null = null;
    await localWrite(() => doc.incrementalModify((latest) => {
      const data = latest as unknown as Record<string, unknown>;
      const next = { ...data, ...changes, id, updated_at: this.now() } as Record<string, unknown>;
      for (const k of NOT_CONTENT_FIELDS) delete next[k];
      valid = this.check(defs, collection, next);
      return { ...valid, _deleted: data._deleted === true } as never;
    }));
    await this.outbox.mark(collection, id, this.now());
    if (!valid) throw new NotFound(collection, id);
    return valid;
  }

  /** Inserts or replaces a whole editable document (forms). */
  async save<C extends LocalCollection>(collection: C, doc: DocTypes[C]): Promise<DocTypes[C]> {
    const valid = this.check(await loadCollectionDefs(), collection, { ...doc, updated_at: this.now() });
    await localWrite(async () => {
      await this.db.collections[collection].upsert(valid as never);
    });
    await this.outbox.mark(collection, (valid as { id: string }).id, this.now());
    return valid;
  }

  /** Soft delete: the document becomes a tombstone that replicates to every device. */
  async remove(collection: LocalCollection, id: string): Promise<void> {
    const doc = await this.db.collections[collection].findOne(id).exec();
    if (!doc) throw new NotFound(collection, id);
    await localWrite(async () => {
      await doc.remove();
    });
    await this.outbox.mark(collection, id, this.now());
  }
}
