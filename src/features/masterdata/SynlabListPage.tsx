import { useMemo } from 'react';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { useCatalog } from '../../data/reference';
import type { SynlabRow, SynlabState } from '../../domain/synlab';
import { EntityTable, RowLink, RowTag, type Column } from '../../ui/crud/EntityTable';
import { hubLabel } from '../../ui/crud/options';
import { useSynlab } from './synlabShared';
import { href } from '../../links/registry';
import '../../i18n/es/masterdata';

const STATE_COLOR: Record<SynlabState, string> = { published: 'teal', 'published-with-draft': 'orange', 'new-draft': 'gray' };

export function SynlabListPage() {
  const { rows, loading } = useSynlab();
  const { data: clients } = useCatalog('client');
  const { data: hubs } = useCatalog('hub');
  const columns = useMemo<Column<SynlabRow>[]>(
    () => [
      {
        key: 'name',
        header: t('synlab.name'),
        value: (r) => r.doc.name,
        render: (r) => <RowLink to={href('synlabFormEdit', { id: r.id })}>{r.doc.name}</RowLink>,
        width: '2fr',
      },
      { key: 'client', header: t('synlab.client'), value: (r) => clients.find((c) => c.id === r.doc.client_id)?.name ?? r.doc.client_id, width: '2fr' },
      { key: 'hub', header: t('backoffice.hub'), value: (r) => hubLabel(hubs, r.doc.hub), width: '2fr' },
      { key: 'pickup', header: t('synlab.pickup'), value: (r) => `${r.doc.pickup_start}–${r.doc.pickup_end}`, width: '120px' },
      {
        key: 'state',
        header: t('synlab.state'),
        value: (r) => t(`synlab.state_${r.state === 'published' ? 'published' : r.state === 'new-draft' ? 'newDraft' : 'withDraft'}`),
        render: (r) => <RowTag color={STATE_COLOR[r.state]}>{t(`synlab.state_${r.state === 'published' ? 'published' : r.state === 'new-draft' ? 'newDraft' : 'withDraft'}`)}</RowTag>,
        width: '2fr',
      },
      { key: 'published', header: t('synlab.publishedAt'), value: (r) => r.published?.published_at ?? null, render: (r) => (r.published ? formatDate(r.published.published_at) : '—'), width: '2fr' },
    ],
    [clients, hubs],
  );
  return (
    <EntityTable
      label={t('synlab.list')}
      rows={rows}
      loading={loading}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="synlab"
      toolbar={
        <Button component={Link} to={href('synlabForm')} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('synlab.create')}
        </Button>
      }
      actionsWidth="90px"
      actions={(r) => (
        <RowLink button to={href('synlabFormEdit', { id: r.id })}>
          {t('common.edit')}
        </RowLink>
      )}
    />
  );
}
