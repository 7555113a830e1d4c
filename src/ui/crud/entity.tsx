/**
 * The generic record layer of the back-office (the Twenty CRM idea): ONE description per entity
 * (`EntityConfig`: collection, catalog kind, Spanish labels, list columns and filters, form
 * fields, zod form schema, new-document factory, paths) and generic screens built from it:
 * list, create and edit pages, plus an inline manager for sections of another page.
 *
 * Typed by collection: `EntityConfig<C>` takes its document type from the collection's
 * (`DocTypes[C]`, or one kind of it for the catalog), the form fields' names are checked
 * against the form values at compile time, and the writes need no cast.
 *
 * Every write is an action of the collection (src/data/entities.ts: the access table's role check,
 * validated again with the entity's schema when written); a form
 * with any wrong value saves nothing and shows the Spanish message next to the field. Deletes
 * are soft (tombstones) and asked for confirmation. Notifications use the app-wide 5000 ms.
 *
 * Where it lives: this file (the config and its helpers), ./EntityList.tsx, ./EntityCreateEdit.tsx,
 * ./EntityPages.tsx (the screens and the inline section).
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { t, type MessageKey } from '../../i18n';
import { useLiveQuery, type QueryResult } from '../../data/hooks';
import { allDocs, catalogOfKinds, docById } from '../../data/queries';
import type { DocTypes } from '../../data/writes';
import type { DataEngine } from '../../data/engine';
import type { CatalogDocOf } from '../../data/reference';
import type { LocalCollection } from '../../domain/collections';
import type { CatalogKind } from '../../domain/entities/reference';
import type { FieldError } from '../../domain/validation';
import type { Column, Filter } from './EntityTable';
import type { FieldDef, FormApi, SubmitAction } from './EntityForm';

export type FormMode = 'create' | 'edit';

export interface ToDocContext<D, R> {
  /** Id of the document (new or existing). */
  readonly id: string;
  readonly now: number;
  /** The stored document being edited (null when creating). */
  readonly existing: D | null;
  readonly refs: R;
}

export interface Rows<D> {
  readonly data: readonly D[];
  readonly loading: boolean;
}

/**
 * An entity of collection `C`. `D` is its document: the collection's type, or one kind of it
 * (a catalog entity: `EntityConfig<'catalog', Hub, …>`); anything else fails to compile. `F`
 * is the form's values (the document by default) and `R` the reference data of the screens.
 */
export interface EntityConfig<C extends LocalCollection, D extends DocTypes[C] = DocTypes[C], F extends Record<string, unknown> = D, R = null> {
  readonly collection: C;
  /** Catalog kinds this entity covers (catalog entities only). */
  readonly kinds?: readonly CatalogKind[];
  readonly labels: {
    /** Accessible name of the list. */
    readonly list: string;
    /** The «new» button. */
    readonly create: string;
    /** «la bicicleta»: confirmation texts. */
    readonly what: string;
    /** CSV file name, without extension. */
    readonly csv: string;
  };
  readonly paths: { readonly list: string; readonly create: string; readonly edit: (id: string) => string };
  /** Prefix of the ids of new documents. */
  readonly idPrefix: string;
  /** Hook: reference data for options and labels (memoise the result). */
  readonly useRefs: () => R;
  /** Whether the reference data is loaded (forms wait for it). */
  readonly ready?: (refs: R) => boolean;
  /** Hook: the rows of the list (see `collectionRows`, `catalogRows`). */
  readonly useRows: () => Rows<D>;
  readonly columns: (refs: R) => Column<D>[];
  readonly filters?: (refs: R) => Filter<D>[];
  /** The form's fields: a name that is not one of the form values' fails to compile. */
  readonly fields: (refs: R, mode: FormMode, values: F) => FieldDef<F>[];
  /** Validates the form values (Spanish messages at each field). */
  readonly schema: z.ZodType;
  /** Values of a new document's form. */
  readonly blank: (refs: R) => F;
  readonly toForm: (doc: D, refs: R) => F;
  readonly toDoc: (values: F, ctx: ToDocContext<D, R>) => D;
  /** Checks that need other documents (a repeated hub number…). */
  readonly check?: (values: F, ctx: ToDocContext<D, R>) => FieldError[];
  /** Display name of a document (confirmations). */
  readonly name: (doc: D) => string;
  /** Custom content of the form (a map picker…). */
  readonly extra?: (api: FormApi<F>, refs: R, mode: FormMode) => ReactNode;
  readonly onValuesChange?: (values: F, previous: F) => Partial<F> | null;
  /** Further actions of each row, before «Editar». */
  readonly rowActions?: (doc: D) => ReactNode;
  /** Further submit buttons of the edit form (e.g. «Publicar»). */
  readonly editActions?: (doc: D, refs: R, done: () => void) => SubmitAction<F>[];
  /** Why a document cannot be deleted (null when it can). */
  readonly deleteBlocked?: (doc: D, refs: R) => string | null;
  /** Content above the list (counts, links). */
  readonly listHeader?: (refs: R, rows: readonly D[]) => ReactNode;
  /**
   * Writes a new document when that takes more than one insert (a user: his profile, then his
   * account's password once the profile synced) and answers the notification to show. Default:
   * one insert, «Creado».
   */
  readonly insert?: (engine: DataEngine, doc: D, values: F) => Promise<{ readonly color: string; readonly message: string; readonly autoClose?: number }>;
  /** After creating, open the new document's edit page (default: back to the list). */
  readonly openCreated?: boolean;
}

/**
 * An entity's labels from catalogue keys, worded each time they are read: a config is a module
 * constant, and a text worded when its module loaded would stay in that language after a switch.
 */
export function entityLabels(keys: { readonly list: MessageKey; readonly create: MessageKey; readonly what: MessageKey }, csv: string): EntityConfig<LocalCollection>['labels'] {
  return {
    get list() {
      return t(keys.list);
    },
    get create() {
      return t(keys.create);
    },
    get what() {
      return t(keys.what);
    },
    csv,
  };
}

/** An id for a new document, made on the device (works offline, never collides in practice). */
export function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

const NO_ROWS: never[] = [];

/** Rows hook: every document of a (small) collection, typed by the collection. */
export function collectionRows<C extends LocalCollection>(collection: C): () => QueryResult<DocTypes[C][]> {
  return function useCollectionRows() {
    return useLiveQuery<DocTypes[C][]>((db) => allDocs(db, collection), [], NO_ROWS);
  };
}

/** Rows hook: the catalog documents of some kinds, by kind and name, typed by the kinds. */
export function catalogRows<K extends CatalogKind>(kinds: readonly K[]): () => QueryResult<CatalogDocOf<K>[]> {
  return function useCatalogRows() {
    return useLiveQuery<CatalogDocOf<K>[]>((db) => catalogOfKinds(db, kinds), [], NO_ROWS);
  };
}

/** Live document of an entity by id (null while loading or when it does not exist here). */
export function useEntityDoc<D extends { id: string }>(collection: LocalCollection, kinds: readonly CatalogKind[] | undefined, id: string | undefined) {
  const result = useLiveQuery<D | null>((db) => (id ? docById(db, collection, id) : null), [collection, id], null);
  const doc = result.data;
  const ofKind = doc && kinds ? kinds.includes((doc as unknown as { kind: CatalogKind }).kind) : true;
  return { doc: ofKind ? doc : null, loading: result.loading };
}
