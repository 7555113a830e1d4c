/** The generic list of an entity (./entity.tsx). */
import { useMemo } from 'react';
import { Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import type { DocTypes } from '../../data/writes';
import type { LocalCollection } from '../../domain/collections';
import { EntityTable, RowButton, RowLink, type Column } from './EntityTable';
import type { EntityConfig } from './entity';

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
