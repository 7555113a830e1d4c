/**
 * The one write path of the app: every document is validated with its entity's zod schema
 * (Spanish messages with the field's place), written to cb_localDB, and marked in the outbox
 * until the server acknowledges it. Nothing half-written: an invalid document stores nothing.
 */
import { LOCAL_COLLECTION_DEFS, type LocalCollection } from '../domain/collections';
import { validateDoc, type FieldError } from '../domain/validation';
import type { CbDatabase, DocTypes } from './database';
import type { Outbox } from './outbox';
import { localWrite } from './deviceStorage';
import { t } from '../i18n';

export class ValidationFailed extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '));
    this.name = 'ValidationFailed';
  }
}

export class NotFound extends Error {
  constructor(collection: LocalCollection, id: string) {
    super(t('data.notFound', { what: LOCAL_COLLECTION_DEFS[collection].label, id }));
    this.name = 'NotFound';
  }
}

export class Writer {
  constructor(
    private readonly db: CbDatabase,
    private readonly outbox: Outbox,
    private readonly now: () => number = Date.now,
  ) {}

  private check<C extends LocalCollection>(collection: C, doc: unknown): DocTypes[C] {
    const result = validateDoc(LOCAL_COLLECTION_DEFS[collection].schema, doc);
    if (!result.ok) throw new ValidationFailed(result.errors);
    return result.value as DocTypes[C];
  }

  /** Inserts a new document. Insert-only events with an existing id change nothing (double submit). */
  async insert<C extends LocalCollection>(collection: C, doc: DocTypes[C]): Promise<{ created: boolean }> {
    const valid = this.check(collection, doc);
    const col = this.db.collections[collection];
    const existing = await col.findOne((valid as { id: string }).id).exec();
    if (existing) {
      if (LOCAL_COLLECTION_DEFS[collection].mode === 'event') return { created: false };
      throw new ValidationFailed([{ path: 'id', message: `Ya existe ${LOCAL_COLLECTION_DEFS[collection].label} con ese identificador` }]);
    }
    await localWrite(() => col.insert(valid as never));
    await this.outbox.mark(collection, (valid as { id: string }).id, this.now());
    return { created: true };
  }

  /** Changes fields of an editable document; `updated_at` is set to now. */
  async patch<C extends LocalCollection>(collection: C, id: string, changes: Partial<DocTypes[C]>): Promise<DocTypes[C]> {
    if (LOCAL_COLLECTION_DEFS[collection].mode === 'event') {
      throw new ValidationFailed([{ path: '', message: t('data.readOnly') }]);
    }
    const col = this.db.collections[collection];
    const doc = await col.findOne(id).exec();
    if (!doc) throw new NotFound(collection, id);
    // The changes apply to the document as it is when written, not as it was read: a state
    // pulled from the server in between (another person's change) must not be written back over.
    let valid: DocTypes[C] | null = null;
    await localWrite(() => doc.incrementalModify((latest) => {
      const data = latest as unknown as Record<string, unknown>;
      const next = { ...data, ...changes, id, updated_at: this.now() } as Record<string, unknown>;
      for (const k of ['_rev', '_meta', '_attachments', '_deleted']) delete next[k];
      valid = this.check(collection, next);
      return { ...valid, _deleted: data._deleted === true } as never;
    }));
    await this.outbox.mark(collection, id, this.now());
    if (!valid) throw new NotFound(collection, id);
    return valid;
  }

  /** Inserts or replaces a whole editable document (forms). */
  async save<C extends LocalCollection>(collection: C, doc: DocTypes[C]): Promise<DocTypes[C]> {
    const valid = this.check(collection, { ...doc, updated_at: this.now() });
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
