/** The generic create and edit forms of an entity (./entity.tsx); they write through the collection's actions (src/data/entities.ts). */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { entityActions } from '../../data/entities';
import { currentActor } from '../../data/session';
import { ValidationFailed, type DocTypes } from '../../data/writes';
import type { LocalCollection } from '../../domain/collections';
import { EntityForm } from './EntityForm';
import { ConfirmButton } from './ConfirmButton';
import { newId, useEntityDoc, type EntityConfig, type ToDocContext } from './entity';

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
          await entityActions(config.collection).create(engine, { doc }, currentActor());
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
          await entityActions(config.collection).save(engine, { doc: config.toDoc(values, ctx) }, currentActor());
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
                  await entityActions(config.collection).remove(engine, { id: doc.id }, currentActor());
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
