/** The generic screens of an entity (list, create, edit) and its inline section (./entity.tsx). */
import { useState, type ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';
import type { DocTypes } from '../../data/writes';
import type { LocalCollection } from '../../domain/collections';
import type { EntityConfig } from './entity';
import { EntityList } from './EntityList';
import { EntityCreateForm, EntityEditForm } from './EntityCreateEdit';

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
