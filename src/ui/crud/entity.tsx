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
 * Every write goes through `engine.writer` (validated again with the entity's schema); a form
 * with any wrong value saves nothing and shows the Spanish message next to the field. Deletes
 * are soft (tombstones) and asked for confirmation. Notifications use the app-wide 5000 ms.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Loader, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import type { z } from 'zod';
import { t, type MessageKey } from '../../i18n';
import { useEngine, useLiveQuery, type QueryResult } from '../../data/hooks';
import { allDocs, catalogOfKinds, docById } from '../../data/queries';
import { ValidationFailed, type DocTypes } from '../../data/writes';
import type { DataEngine } from '../../data/engine';
import type { CatalogDocOf } from '../../data/reference';
import type { LocalCollection } from '../../domain/collections';
import type { CatalogKind } from '../../domain/entities/reference';
import type { FieldError } from '../../domain/validation';
import { EntityTable, RowButton, RowLink, type Column, type Filter } from './EntityTable';
import { EntityForm, type FieldDef, type FormApi, type SubmitAction } from './EntityForm';
import { ConfirmButton } from './ConfirmButton';

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
function useEntityDoc<D extends { id: string }>(collection: LocalCollection, kinds: readonly CatalogKind[] | undefined, id: string | undefined) {
  const result = useLiveQuery<D | null>((db) => (id ? docById(db, collection, id) : null), [collection, id], null);
  const doc = result.data;
  const ofKind = doc && kinds ? kinds.includes((doc as unknown as { kind: CatalogKind }).kind) : true;
  return { doc: ofKind ? doc : null, loading: result.loading };
}

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export interface EntityListProps<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R> {
  readonly config: EntityConfig<C, D, F, R>;
  /** Inline use: «new» and «edit» call these instead of opening the form pages. */
  readonly onCreate?: () => void;
  readonly onEdit?: (id: string) => void;
}

export function EntityList<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R>({ config, onCreate, onEdit }: EntityListProps<C, D, F, R>) {
  const refs = config.useRefs();
  const rows = config.useRows();
  const columns = useMemo(() => {
    const cols = config.columns(refs);
    const [first, ...rest] = cols;
    if (!first || first.render) return cols;
    // The first column opens the record.
    const link: Column<D> = {
      ...first,
      render: (d) =>
        onEdit ? (
          <RowButton link onClick={() => onEdit(d.id)}>
            {String(first.value(d) ?? '')}
          </RowButton>
        ) : (
          <RowLink to={config.paths.edit(d.id)}>{String(first.value(d) ?? '')}</RowLink>
        ),
    };
    return [link, ...rest];
  }, [config, refs, onEdit]);
  const filters = useMemo(() => config.filters?.(refs) ?? [], [config, refs]);
  const actions = useMemo(
    () => (d: D) => (
      <>
        {config.rowActions?.(d)}
        {onEdit ? (
          <RowButton onClick={() => onEdit(d.id)}>{t('common.edit')}</RowButton>
        ) : (
          <RowLink button to={config.paths.edit(d.id)}>
            {t('common.edit')}
          </RowLink>
        )}
      </>
    ),
    [config, onEdit],
  );
  const newButton = onCreate ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
      {config.labels.create}
    </Button>
  ) : (
    <Button component={Link} to={config.paths.create} leftSection={<IconPlus size={16} aria-hidden />}>
      {config.labels.create}
    </Button>
  );
  return (
    <Stack>
      {config.listHeader?.(refs, rows.data)}
      <EntityTable
        label={config.labels.list}
        rows={rows.data}
        loading={rows.loading && rows.data.length === 0}
        columns={columns}
        filters={filters}
        rowKey={(d) => d.id}
        csvName={config.labels.csv}
        toolbar={newButton}
        actions={actions}
        actionsWidth={config.rowActions ? '150px' : '90px'}
      />
    </Stack>
  );
}

// ── Forms ────────────────────────────────────────────────────────────────────────────────────

function Waiting() {
  return <Loader aria-label={t('app.loading')} />;
}

export interface EntityCreateFormProps<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R> {
  readonly config: EntityConfig<C, D, F, R>;
  /** After saving (default: back to the list). */
  readonly onDone?: (id: string) => void;
  readonly onCancel?: () => void;
}

export function EntityCreateForm<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R>({ config, onDone, onCancel }: EntityCreateFormProps<C, D, F, R>) {
  const engine = useEngine();
  const navigate = useNavigate();
  const refs = config.useRefs();
  const ready = config.ready?.(refs) ?? true;
  const initial = useMemo(() => (ready ? config.blank(refs) : null), [ready, config, refs]);
  if (!engine || !initial) return <Waiting />;
  return (
    <EntityForm<F>
      schema={config.schema}
      fields={(values) => config.fields(refs, 'create', values)}
      initialValues={initial}
      onValuesChange={config.onValuesChange}
      extra={config.extra ? (api) => config.extra?.(api, refs, 'create') : undefined}
      onSubmit={async (values) => {
        const ctx: ToDocContext<D, R> = { id: newId(config.idPrefix), now: Date.now(), existing: null, refs };
        const problems = config.check?.(values, ctx) ?? [];
        if (problems.length > 0) throw new ValidationFailed(problems);
        const doc = config.toDoc(values, ctx);
        if (config.insert) notifications.show(await config.insert(engine, doc, values));
        else {
          await engine.writer.insert(config.collection, doc);
          notifications.show({ color: 'teal', message: t('crud.created') });
        }
        if (onDone) onDone(doc.id);
        else await navigate({ to: config.openCreated ? config.paths.edit(doc.id) : config.paths.list });
      }}
      extraActions={
        onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )
      }
    />
  );
}

export interface EntityEditFormProps<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R> {
  readonly config: EntityConfig<C, D, F, R>;
  readonly id: string | undefined;
  /** After a delete (default: back to the list). */
  readonly onDeleted?: () => void;
  readonly onCancel?: () => void;
  /** Content under the form (related records). */
  readonly children?: ReactNode;
}

export function EntityEditForm<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R>({ config, id, onDeleted, onCancel, children }: EntityEditFormProps<C, D, F, R>) {
  const engine = useEngine();
  const navigate = useNavigate();
  const refs = config.useRefs();
  const ready = config.ready?.(refs) ?? true;
  const { doc, loading } = useEntityDoc<D>(config.collection, config.kinds, id);
  // The form starts from the document as it was when opened; later changes from other devices
  // do not overwrite what is being typed (the merge on sync handles concurrent edits).
  const [initial, setInitial] = useState<{ id: string; values: F } | null>(null);
  if (doc && ready && initial?.id !== doc.id) setInitial({ id: doc.id, values: config.toForm(doc, refs) });
  if (!engine || loading || !ready) return <Waiting />;
  if (!doc || !initial) return <Alert color="orange">{t('crud.notFound', { id: id ?? '' })}</Alert>;
  const done = () => {
    if (onDeleted) onDeleted();
    else void navigate({ to: config.paths.list });
  };
  const blocked = config.deleteBlocked?.(doc, refs) ?? null;
  return (
    <Stack>
      <EntityForm<F>
        key={doc.id}
        schema={config.schema}
        fields={(values) => config.fields(refs, 'edit', values)}
        initialValues={initial.values}
        onValuesChange={config.onValuesChange}
        extra={config.extra ? (api) => config.extra?.(api, refs, 'edit') : undefined}
        actions={config.editActions?.(doc, refs, done)}
        onSubmit={async (values) => {
          const ctx: ToDocContext<D, R> = { id: doc.id, now: Date.now(), existing: doc, refs };
          const problems = config.check?.(values, ctx) ?? [];
          if (problems.length > 0) throw new ValidationFailed(problems);
          await engine.writer.save(config.collection, config.toDoc(values, ctx));
          notifications.show({ color: 'teal', message: t('crud.updated') });
        }}
        extraActions={
          <>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            )}
            <ConfirmButton
              color="red"
              variant="light"
              disabled={blocked !== null}
              title={t('crud.confirmDeleteTitle', { what: config.labels.what })}
              message={t('crud.confirmDeleteBody', { name: config.name(doc) })}
              onConfirm={async () => {
                try {
                  await engine.writer.remove(config.collection, doc.id);
                  notifications.show({ color: 'teal', message: t('crud.deleted') });
                  done();
                } catch (err) {
                  notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err) });
                }
              }}
            >
              {t('common.delete')}
            </ConfirmButton>
          </>
        }
      />
      {blocked && (
        <Alert color="gray" data-testid="delete-blocked">
          {blocked}
        </Alert>
      )}
      {children}
    </Stack>
  );
}

// ── Pages and sections ───────────────────────────────────────────────────────────────────────

/** The list screen of an entity. */
export function EntityListPage<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R>({ config }: { config: EntityConfig<C, D, F, R> }) {
  return <EntityList config={config} />;
}

/** The create screen of an entity. */
export function EntityCreatePage<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R>({ config }: { config: EntityConfig<C, D, F, R> }) {
  return <EntityCreateForm config={config} />;
}

/** The edit screen of an entity (`id` from the route's parameter). */
export function EntityEditPage<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R>({ config, id, children }: { config: EntityConfig<C, D, F, R>; id: string | undefined; children?: ReactNode }) {
  return (
    <EntityEditForm config={config} id={id}>
      {children}
    </EntityEditForm>
  );
}

/**
 * An entity managed inside another page (no paths of its own): the list, and the create or edit
 * form opened above it.
 */
export function EntitySection<C extends LocalCollection, D extends DocTypes[C], F extends Record<string, unknown>, R>({ config, title, testId }: { config: EntityConfig<C, D, F, R>; title: string; testId?: string }) {
  const [editing, setEditing] = useState<'new' | { id: string } | null>(null);
  const close = () => setEditing(null);
  return (
    <Card withBorder data-testid={testId}>
      <Stack>
        <Title order={2} size="h4">
          {title}
        </Title>
        {editing === 'new' && (
          <Card withBorder bg="var(--mantine-color-gray-0)" data-testid={testId ? `${testId}-form` : undefined}>
            <EntityCreateForm config={config} onDone={close} onCancel={close} />
          </Card>
        )}
        {editing !== null && editing !== 'new' && (
          <Card withBorder bg="var(--mantine-color-gray-0)" data-testid={testId ? `${testId}-form` : undefined}>
            <EntityEditForm key={editing.id} config={config} id={editing.id} onDeleted={close} onCancel={close} />
          </Card>
        )}
        <EntityList config={config} onCreate={() => setEditing('new')} onEdit={(id) => setEditing({ id })} />
      </Stack>
    </Card>
  );
}
