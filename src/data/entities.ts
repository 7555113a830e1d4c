/**
 * The generic writes of whole documents (issue 30 §3): the CRUD kit's create and edit forms
 * (src/ui/crud), the order, point and profile screens and the hub's planning objective. One set of
 * actions per collection (`entityActions('orders')`): `create`, `save` (create or replace),
 * `patch` (some fields) and `remove`, each an action (./action.ts) named `<collection>.<verb>`.
 *
 * - The role check is the access table's (src/domain/access/table.ts): the actor's role may take
 *   the operation on the collection, for the document's kind, and an update changes only fields
 *   a rule of his lets him change; nobody changes his own role, active flag or e-mail. The row
 *   scope (own routes, the user's hubs) is checked where the documents are stored (the server).
 * - The document itself is checked with its entity's schema (zod) when written, as every action's
 *   documents are: a refusal names the field (`ValidationFailed`), which the forms show next to it.
 */
import { z } from 'zod';
import type { LocalCollection } from '../domain/collections';
import { collectionLabel } from '../domain/collections';
import { changedFields } from '../domain/access/checkWrite';
import { SELF_PROTECTED_FIELDS, rulesFor, type Operation } from '../domain/access/table';
import { msg } from '../domain/messages';
import { fieldNames } from '../domain/validation';
import { domainText } from '../i18n/domain';
import { ActionError } from './actionError';
import { defineAction, docArg, type Action, type Actor } from './action';
import type { DocTypes } from './database';

type Doc<C extends LocalCollection> = DocTypes[C];
type Loose = Readonly<Record<string, unknown>>;

/**
 * Refuses a write the access table does not give the actor's role: the operation on the
 * collection for the document's kind; an update, only fields his rule names.
 */
export function requireTableAccess(actor: Actor, collection: LocalCollection, op: Operation, doc: Loose, before: Loose | null = null): void {
  const kind = typeof doc.kind === 'string' ? doc.kind : undefined;
  const rules = rulesFor(actor.role, collection, op, kind);
  const changed = op === 'update' && before ? changedFields(before, doc) : [];
  const fieldsOk = op !== 'update' || rules.some((r) => r.fields === '*' || changed.every((f) => (r.fields as readonly string[]).includes(f)));
  if (rules.length === 0 || !fieldsOk) {
    const reason = rules.length === 0
      ? msg('domain.access.roleCannot', { role: msg(`domain.access.role.${actor.role}`), verb: msg(`domain.access.verb.${op}`), label: collectionLabel(collection) })
      : msg('domain.access.fieldsDenied', { role: msg(`domain.access.role.${actor.role}`), label: collectionLabel(collection), fields: fieldNames(changed) });
    throw ActionError.worded(domainText(reason), 'forbidden');
  }
  if (collection === 'users' && doc.id === actor.userId && before !== null) {
    const touched = op === 'delete' || changed.some((f) => (SELF_PROTECTED_FIELDS as readonly string[]).includes(f));
    if (touched) throw ActionError.worded(domainText(msg('domain.access.selfProtected')), 'forbidden');
  }
}

export interface EntityActions<C extends LocalCollection> {
  /** A new document (its id stored already: refused, `data.duplicateId`). */
  readonly create: Action<z.ZodObject<{ doc: z.ZodType<Doc<C>> }>, Doc<C>>;
  /** A whole document, created or replaced (a form's save). */
  readonly save: Action<z.ZodObject<{ doc: z.ZodType<Doc<C>> }>, Doc<C>>;
  /** Some fields of a stored document, applied to it as it is stored when written. */
  readonly patch: Action<z.ZodObject<{ id: z.ZodString; changes: z.ZodType<Partial<Doc<C>>> }>, Doc<C>>;
  /** Removes a stored document (a tombstone that replicates). */
  readonly remove: Action<z.ZodObject<{ id: z.ZodString }>, void>;
}

function makeActions<C extends LocalCollection>(collection: C): EntityActions<C> {
  const docArgs = z.object({ doc: docArg(collection) });
  const create = defineAction({
    name: `${collection}.create`,
    args: docArgs,
    run: async ({ tx, args, actor }) => {
      requireTableAccess(actor, collection, 'create', args.doc as Loose);
      await tx.insert(collection, args.doc);
      return args.doc;
    },
  });
  const save = defineAction({
    name: `${collection}.save`,
    args: docArgs,
    run: async ({ tx, args, actor }) => {
      const before = await tx.get(collection, (args.doc as { id: string }).id);
      requireTableAccess(actor, collection, before ? 'update' : 'create', args.doc as Loose, before as Loose | null);
      tx.put(collection, args.doc);
      return args.doc;
    },
  });
  const patch = defineAction({
    name: `${collection}.patch`,
    args: z.object({ id: z.string().min(1), changes: z.custom<Partial<Doc<C>>>((v) => typeof v === 'object' && v !== null) }),
    run: async ({ tx, args, actor }) => {
      const before = await tx.must(collection, args.id);
      const after = { ...before, ...args.changes, id: args.id } as Doc<C>;
      requireTableAccess(actor, collection, 'update', after as Loose, before as Loose);
      tx.patch(collection, args.id, args.changes);
      return after;
    },
  });
  const remove = defineAction({
    name: `${collection}.remove`,
    args: z.object({ id: z.string().min(1) }),
    run: async ({ tx, args, actor }) => {
      const before = await tx.must(collection, args.id);
      requireTableAccess(actor, collection, 'delete', before as Loose, before as Loose);
      tx.remove(collection, args.id);
    },
  });
  return { create, save, patch, remove } as EntityActions<C>;
}

const made = new Map<LocalCollection, EntityActions<LocalCollection>>();

/** The write actions of a collection's documents (made once per collection). */
export function entityActions<C extends LocalCollection>(collection: C): EntityActions<C> {
  let actions = made.get(collection);
  if (!actions) made.set(collection, (actions = makeActions(collection) as unknown as EntityActions<LocalCollection>));
  return actions as unknown as EntityActions<C>;
}
