/**
 * One way to define a write of the data layer (issue 30 §3). An action is its name, the schema of
 * its arguments and `run({ tx, args, actor })`:
 *
 * - the arguments are parsed by their schema first (a bad one: `ActionError` 'data.badArgs' naming
 *   what and where, code `bad_args`), and nothing is read or written;
 * - `actor` is who acts (one `Actor` for the whole data layer); `run` asserts what he may do with
 *   `requireRole` & co., which throw `ActionError`;
 * - `tx` reads plain documents typed by collection (`tx.get('orders', id)`, `tx.find`, `tx.findByIds`;
 *   the action's own pending changes included) and collects the writes (`tx.put` a whole document,
 *   `tx.patch` some fields, applied to the document as it is stored when the action ends);
 * - when `run` returns, every document is written together with `Writer.writeAll` (validated
 *   first, journaled: all or nothing on the device). When it throws, nothing is written.
 *
 * Event collections (deliveries, incidences, picks, receipts) are insert-only: `tx.put` of an id
 * already stored changes nothing (a double tap). Files (signatures, photos) are queued with
 * `tx.upload` just before the documents that name them are written.
 */
import { getQueryMatcher, getSortComparator, normalizeMangoQuery, type MangoQuery, type RxCollection, type RxDocument, type RxDocumentData } from 'rxdb';
import { z } from 'zod';
import { LOCAL_COLLECTION_DEFS, collectionLabel, type LocalCollection } from '../domain/collections';
import type { SystemRole } from '../domain/access/groups';
import { fieldErrorText, validateDoc } from '../domain/validation';
import type { MessageKey } from '../i18n';
import { ActionError } from './actionError';
import type { CbDatabase, DocTypes } from './database';
import type { DataEngine } from './engine';
import { NotFound, ValidationFailed, type RemoveSet, type WriteSet } from './writes';
import { t } from '../i18n';
import { domainText } from '../i18n/domain';

/** What an action needs of the data engine (tests hand in just these); uploads where an action queues files. */
export type ActionEngine = Pick<DataEngine, 'db' | 'writer'> & Partial<Pick<DataEngine, 'queueUpload'>>;

/** Who acts: his id and role; for hub-bound work his home hub and the hubs he writes in. */
export interface Actor {
  readonly userId: string;
  readonly role: SystemRole;
  readonly hub?: number;
  /** The hubs he writes in (issue 29, finding 6); absent: his home hub only. */
  readonly hubs?: readonly number[];
}

/** The hubs an actor works in (his `hubs`, else his home hub). */
export function actorHubs(actor: Actor): readonly number[] {
  return actor.hubs ?? (actor.hub !== undefined && actor.hub > 0 ? [actor.hub] : []);
}

/** Refuses an actor whose role is none of `roles` (with `key`, or the generic refusal naming his role). */
export function requireRole(actor: Actor, roles: readonly SystemRole[], key?: MessageKey, code = 'forbidden'): void {
  if (!roles.includes(actor.role)) throw key ? new ActionError(key, {}, code) : new ActionError('data.roleRefused', { role: actor.role }, code);
}

/** A stored document's own fields, typed by its collection: the one place an RxDocument becomes plain data. */
export function plainDoc<C extends LocalCollection>(_collection: C, doc: RxDocument<DocTypes[C]>): DocTypes[C] {
  return doc.toJSON() as DocTypes[C];
}

type Doc<C extends LocalCollection> = DocTypes[C];
type Loose = Record<string, unknown>;

/** Reads (plain documents, this action's pending changes included) and the writes it collects. */
export interface Tx {
  /** The action's time (epoch ms): events and records of one action share it. */
  readonly now: number;
  get<C extends LocalCollection>(collection: C, id: string): Promise<Doc<C> | null>;
  /** Like `get`, but a missing document refuses the action (the collection's «No existe …»). */
  must<C extends LocalCollection>(collection: C, id: string): Promise<Doc<C>>;
  findByIds<C extends LocalCollection>(collection: C, ids: readonly string[]): Promise<Map<string, Doc<C>>>;
  /** Documents matching `query` as this action sees them (its own new and changed documents included). */
  find<C extends LocalCollection>(collection: C, query: MangoQuery<Doc<C>>): Promise<Doc<C>[]>;
  /**
   * A new document: an event whose id is stored changes nothing (`created` false: a double tap);
   * an editable document whose id is stored refuses the action.
   */
  insert<C extends LocalCollection>(collection: C, doc: Doc<C>): Promise<{ created: boolean }>;
  /** A whole document, created or replaced (an event: inserted unless stored). */
  put<C extends LocalCollection>(collection: C, doc: Doc<C>): void;
  /** Changes fields of an editable document, applied to it as it is stored when the action ends. */
  patch<C extends LocalCollection>(collection: C, id: string, changes: Partial<Doc<C>>): void;
  /**
   * Removes an editable document (a tombstone that replicates), after the action's documents are
   * written, in the same all-or-nothing write; one that is not stored refuses the action.
   */
  remove(collection: LocalCollection, id: string): void;
  /** Queues a file for upload (works offline), just before the documents are written. */
  upload(path: string, body: Blob, contentType: string): void;
}

/** What an action reads with (also outside one: `reads(db)`). */
export type Reads = Pick<Tx, 'now' | 'get' | 'must' | 'findByIds' | 'find'>;

/** Plain, typed reads of the stored documents, outside any action (a screen's data, a check before one). */
export function reads(db: CbDatabase): Reads {
  return new Transaction(db, Date.now());
}

class Transaction implements Tx {
  /** Pending whole documents and patches, per collection, in the order the action touched them. */
  private readonly puts = new Map<LocalCollection, Map<string, Loose>>();
  private readonly patches = new Map<LocalCollection, Map<string, Loose[]>>();
  private readonly removed = new Map<LocalCollection, Set<string>>();
  private readonly uploads: [string, Blob, string][] = [];

  constructor(
    private readonly db: CbDatabase,
    readonly now: number,
  ) {}

  private pending<V>(store: Map<LocalCollection, Map<string, V>>, c: LocalCollection): Map<string, V> {
    let m = store.get(c);
    if (!m) store.set(c, (m = new Map()));
    return m;
  }

  /** A document as this action sees it: its pending whole state, else the stored one, with its pending patches. */
  private view<C extends LocalCollection>(c: C, id: string, stored: Doc<C> | null): Doc<C> | null {
    if (this.removed.get(c)?.has(id)) return null;
    const base = (this.puts.get(c)?.get(id) as Doc<C> | undefined) ?? stored;
    if (!base) return null;
    const changes = this.patches.get(c)?.get(id) ?? [];
    return changes.reduce<Doc<C>>((d, p) => ({ ...d, ...p }), base);
  }

  async get<C extends LocalCollection>(c: C, id: string): Promise<Doc<C> | null> {
    const doc = (await this.db.collections[c].findOne(id).exec()) as RxDocument<Doc<C>> | null;
    return this.view(c, id, doc ? plainDoc(c, doc) : null);
  }

  async must<C extends LocalCollection>(c: C, id: string): Promise<Doc<C>> {
    const doc = await this.get(c, id);
    if (!doc) throw new NotFound(c, id);
    return doc;
  }

  async findByIds<C extends LocalCollection>(c: C, ids: readonly string[]): Promise<Map<string, Doc<C>>> {
    const found = ids.length === 0 ? new Map() : ((await this.db.collections[c].findByIds([...ids]).exec()) as Map<string, RxDocument<Doc<C>>>);
    const out = new Map<string, Doc<C>>();
    for (const id of ids) {
      const stored = found.get(id);
      const doc = this.view(c, id, stored ? plainDoc(c, stored) : null);
      if (doc) out.set(id, doc);
    }
    return out;
  }

  async find<C extends LocalCollection>(c: C, query: MangoQuery<Doc<C>>): Promise<Doc<C>[]> {
    const col = this.db.collections[c] as unknown as RxCollection<Doc<C>>;
    const touched = new Set([...(this.puts.get(c)?.keys() ?? []), ...(this.patches.get(c)?.keys() ?? []), ...(this.removed.get(c) ?? [])]);
    if (touched.size === 0) return (await col.find(query).exec()).map((d) => plainDoc(c, d));
    // This action changed documents of the collection: the stored ones that match, and those it
    // created or changed, as it left them, matched and sorted like the query would.
    const { limit, skip, ...unbounded } = query;
    const stored = await col.find(unbounded).exec();
    const byId = new Map(stored.map((d) => [d.primary, plainDoc(c, d)]));
    const missing = [...touched].filter((id) => !byId.has(id));
    const more = missing.length > 0 ? await col.findByIds(missing).exec() : new Map<string, RxDocument<Doc<C>>>();
    for (const [id, d] of more) byId.set(id, plainDoc(c, d));
    const filled = normalizeMangoQuery(col.schema.jsonSchema, query);
    const matches = getQueryMatcher(col.schema.jsonSchema, filled);
    const ids = new Set([...byId.keys(), ...(this.puts.get(c)?.keys() ?? [])]);
    const docs = [...ids].flatMap((id) => {
      const doc = this.view(c, id, byId.get(id) ?? null);
      return doc && matches(doc as RxDocumentData<Doc<C>>) ? [doc] : [];
    });
    docs.sort(getSortComparator(col.schema.jsonSchema, filled) as (a: Doc<C>, b: Doc<C>) => number);
    return docs.slice(skip ?? 0, limit === undefined ? undefined : (skip ?? 0) + limit);
  }

  async insert<C extends LocalCollection>(c: C, doc: Doc<C>): Promise<{ created: boolean }> {
    const id = (doc as { id: string }).id;
    if (await this.get(c, id)) {
      if (LOCAL_COLLECTION_DEFS[c].mode === 'event') return { created: false };
      throw new ValidationFailed([{ path: 'id', message: t('data.duplicateId', { what: domainText(collectionLabel(c)) }) }]);
    }
    this.put(c, doc);
    return { created: true };
  }

  put<C extends LocalCollection>(c: C, doc: Doc<C>): void {
    const id = (doc as { id: string }).id;
    this.pending(this.puts, c).set(id, { ...(doc as Loose) });
    this.patches.get(c)?.delete(id);
    this.removed.get(c)?.delete(id);
  }

  patch<C extends LocalCollection>(c: C, id: string, changes: Partial<Doc<C>>): void {
    if (LOCAL_COLLECTION_DEFS[c].mode === 'event') throw new ValidationFailed([{ path: '', message: t('data.readOnly') }]);
    const list = this.pending(this.patches, c);
    list.set(id, [...(list.get(id) ?? []), { ...(changes as Loose) }]);
  }

  remove(c: LocalCollection, id: string): void {
    if (LOCAL_COLLECTION_DEFS[c].mode === 'event') throw new ValidationFailed([{ path: '', message: t('data.readOnly') }]);
    this.puts.get(c)?.delete(id);
    this.patches.get(c)?.delete(id);
    let ids = this.removed.get(c);
    if (!ids) this.removed.set(c, (ids = new Set()));
    ids.add(id);
  }

  upload(path: string, body: Blob, contentType: string): void {
    this.uploads.push([path, body, contentType]);
  }

  /** Writes everything the action collected, together. */
  async commit(engine: ActionEngine): Promise<void> {
    const set: Partial<Record<LocalCollection, Loose[]>> = {};
    const touched = [...new Set([...this.puts.keys(), ...this.patches.keys()])];
    for (const c of touched) {
      const patched = [...(this.patches.get(c)?.keys() ?? [])].filter((id) => !this.puts.get(c)?.has(id));
      // Patches apply to the documents as they are now, not as they were read: a state pulled
      // from the server meanwhile is not written back over.
      const stored = patched.length > 0 ? await this.findByIds(c, patched) : new Map<string, Doc<typeof c>>();
      for (const id of patched) if (!stored.has(id)) throw new NotFound(c, id);
      const docs = [...(this.puts.get(c)?.keys() ?? []), ...patched].map((id) => this.view(c, id, stored.get(id) ?? null) as Loose);
      set[c] = docs;
    }
    if (this.uploads.length > 0) {
      if (!engine.queueUpload) throw new Error('queueUpload missing from the engine');
      for (const [path, body, type] of this.uploads) await engine.queueUpload(path, body, type);
    }
    const removes: Partial<Record<LocalCollection, string[]>> = {};
    for (const [c, ids] of this.removed) if (ids.size > 0) removes[c] = [...ids];
    await engine.writer.writeAll(set as WriteSet, removes as RemoveSet);
  }
}

export interface ActionContext<A> {
  readonly tx: Tx;
  readonly args: A;
  readonly actor: Actor;
}

export interface ActionDefinition<S extends z.ZodType, R> {
  /** For refusals and journals: what the action is (e.g. 'payments.recordHandover'). */
  readonly name: string;
  readonly args: S;
  /** Words for argument fields a refusal names (references such as `order_id` have theirs already). */
  readonly labels?: Readonly<Record<string, MessageKey>>;
  run(ctx: ActionContext<z.output<S>>): Promise<R>;
}

/** An action ready to call: parses its arguments, runs, writes everything it collected together. */
export type Action<S extends z.ZodType, R> = ((engine: ActionEngine, args: z.input<S>, actor: Actor, opts?: { now?: number }) => Promise<R>) & {
  readonly actionName: string;
};

/** An argument that is a document of `collection` (checked for its id; the action reads it again where it matters). */
export function docArg<C extends LocalCollection>(_collection: C) {
  return z.custom<Doc<C>>((v) => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string');
}

/** An argument that is a file's content (a signature, a photo). */
export const blobArg = () => z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob);

// ── One action at a time per key ─────────────────────────────────────────────────────────────

const running = new Map<string, Promise<unknown>>();

/** Runs calls with the same key one after the other (a double tap waits for the first). */
export function oneAtATime<T>(key: string, call: () => Promise<T>): Promise<T> {
  const previous = running.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(call);
  running.set(key, next);
  const forget = () => {
    if (running.get(key) === next) running.delete(key);
  };
  next.then(forget, forget);
  return next;
}

/** The action run one call at a time per `keyOf(args)` (a second press reads what the first wrote). */
export function serialized<S extends z.ZodType, R>(action: Action<S, R>, keyOf: (args: z.input<S>, engine: ActionEngine) => string | Promise<string>): Action<S, R> {
  const call = async (engine: ActionEngine, args: z.input<S>, actor: Actor, opts?: { now?: number }) => oneAtATime(await keyOf(args, engine), () => action(engine, args, actor, opts));
  return Object.assign(call, { actionName: action.actionName });
}

/** Parses an action's arguments; a bad one refuses the action naming what and where. */
export function parseArgs<S extends z.ZodType>(name: string, schema: S, args: unknown, labels: Readonly<Record<string, MessageKey>> = {}): z.output<S> {
  const result = validateDoc(schema, args);
  if (result.ok) return result.value;
  const words = Object.fromEntries(Object.entries(labels).map(([field, key]) => [field, t(key)]));
  throw new ActionError('data.badArgs', { problems: result.errors.map((e) => fieldErrorText(e, words)).join('; ') }, `bad_args:${name}`);
}

export function defineAction<S extends z.ZodType, R>(def: ActionDefinition<S, R>): Action<S, R> {
  const action = async (engine: ActionEngine, rawArgs: z.input<S>, actor: Actor, opts: { now?: number } = {}): Promise<R> => {
    const args = parseArgs(def.name, def.args, rawArgs, def.labels);
    const tx = new Transaction(engine.db, opts.now ?? Date.now());
    const result = await def.run({ tx, args, actor });
    await tx.commit(engine);
    return result;
  };
  return Object.assign(action, { actionName: def.name });
}

