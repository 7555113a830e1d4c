/**
 * The external-client (Synlab) configuration: /synlab (list), /synlab/form (new), /synlab/form/:id
 * (edit). Edits are saved on the draft copy (`config-synlab-temp`) and applied only with
 * «Publicar», which writes the `config-synlab` document and removes the draft (src/domain/synlab.ts).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { z } from 'zod';
import { formatDate, t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { useCatalog } from '../../data/reference';
import { synlabDraftSchema, type Client, type Hub, type SynlabDraft } from '../../domain/entities/reference';
import { draftFromConfig, draftIdFor, publishDraft, synlabRows, type SynlabRow, type SynlabState } from '../../domain/synlab';
import { EntityTable, RowLink, RowTag, type Column } from '../../ui/crud/EntityTable';
import { EntityForm, type FieldDef } from '../../ui/crud/EntityForm';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { newId } from '../../ui/crud/entity';
import { formSchema, hubLabel, hubOptions, hubSelect, refSelect } from '../../ui/crud/options';

type SynlabForm = Omit<SynlabDraft, 'hub'> & { hub: string };

const STATE_COLOR: Record<SynlabState, string> = { published: 'teal', 'published-with-draft': 'orange', 'new-draft': 'gray' };

function useSynlab() {
  const configs = useCatalog('config-synlab');
  const drafts = useCatalog('config-synlab-temp');
  const rows = useMemo(() => synlabRows(configs.data, drafts.data), [configs.data, drafts.data]);
  return { rows, loading: configs.loading || drafts.loading };
}

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
        render: (r) => <RowLink to={`/synlab/form/${encodeURIComponent(r.id)}`}>{r.doc.name}</RowLink>,
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
        <Button component={Link} to="/synlab/form" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('synlab.create')}
        </Button>
      }
      actionsWidth="90px"
      actions={(r) => (
        <RowLink button to={`/synlab/form/${encodeURIComponent(r.id)}`}>
          {t('common.edit')}
        </RowLink>
      )}
    />
  );
}

function synlabFields(clients: readonly Client[], hubs: readonly Hub[]): FieldDef[] {
  return [
    { name: 'name', label: t('synlab.name'), kind: 'text' },
    { name: 'client_id', label: t('synlab.client'), kind: 'select', options: clients.map((c) => ({ value: c.id, label: c.name })) },
    { name: 'endpoint_url', label: t('synlab.endpoint'), kind: 'text', wide: true, description: t('synlab.endpointHelp') },
    { name: 'hub', label: t('backoffice.hub'), kind: 'select', options: hubOptions(hubs) },
    { name: 'notify_email', label: t('synlab.notifyEmail'), kind: 'email' },
    { name: 'pickup_start', label: t('synlab.pickupStart'), kind: 'time' },
    { name: 'pickup_end', label: t('synlab.pickupEnd'), kind: 'time' },
    { name: 'sample_types', label: t('synlab.sampleTypes'), kind: 'tags', wide: true },
    { name: 'cold_chain', label: t('synlab.coldChain'), kind: 'checkbox' },
    { name: 'active', label: t('crud.active'), kind: 'checkbox' },
  ];
}

const synlabFormSchema = formSchema(synlabDraftSchema, { hub: hubSelect(), client_id: refSelect(t('synlab.chooseClient')), base_id: z.string() }).superRefine((v, ctx) => {
  if (typeof v.pickup_start === 'string' && typeof v.pickup_end === 'string' && v.pickup_end <= v.pickup_start) {
    ctx.addIssue({ code: 'custom', path: ['pickup_end'], message: t('synlab.pickupOrder') });
  }
});

function toDraft(values: SynlabForm, id: string, baseId: string, now: number): SynlabDraft {
  return { ...values, id, base_id: baseId, kind: 'config-synlab-temp', hub: Number(values.hub), updated_at: now };
}

function useSynlabRefs() {
  const clients = useCatalog('client');
  const hubs = useCatalog('hub');
  return { clients: clients.data, hubs: hubs.data, loading: clients.loading || hubs.loading };
}

export function SynlabCreatePage() {
  const engine = useEngine();
  const navigate = useNavigate();
  const refs = useSynlabRefs();
  if (!engine || refs.loading) return <Loader aria-label={t('app.loading')} />;
  const initial: SynlabForm = {
    id: '',
    kind: 'config-synlab-temp',
    base_id: '',
    name: '',
    active: true,
    updated_at: 0,
    client_id: refs.clients.find((c) => c.key === 'synlab')?.id ?? refs.clients[0]?.id ?? '',
    endpoint_url: '',
    hub: refs.hubs[0] ? String(refs.hubs[0].number) : '',
    pickup_start: '08:00',
    pickup_end: '12:00',
    sample_types: [],
    cold_chain: true,
    notify_email: '',
  };
  return (
    <Stack>
      <Alert color="blue">{t('synlab.draftIntro')}</Alert>
      <EntityForm<SynlabForm>
        schema={synlabFormSchema}
        fields={synlabFields(refs.clients, refs.hubs)}
        initialValues={initial}
        submitLabel={t('synlab.saveDraft')}
        onSubmit={async (values) => {
          const draft = toDraft(values, newId('synlab-draft'), '', Date.now());
          await engine.writer.insert('catalog', draft);
          notifications.show({ color: 'teal', message: t('synlab.draftSaved') });
          await navigate({ to: `/synlab/form/${encodeURIComponent(draft.id)}` });
        }}
        actions={[
          {
            label: t('synlab.publish'),
            color: 'teal',
            onSubmit: async (values) => {
              const now = Date.now();
              await engine.writer.insert('catalog', publishDraft(toDraft(values, 'nuevo', '', now), now, newId('synlab')));
              notifications.show({ color: 'teal', message: t('synlab.published') });
              await navigate({ to: '/synlab' });
            },
          },
        ]}
      />
    </Stack>
  );
}

export function SynlabEditPage({ params }: ScreenProps) {
  const engine = useEngine();
  const navigate = useNavigate();
  const refs = useSynlabRefs();
  const { rows, loading } = useSynlab();
  const row = rows.find((r) => r.id === params.id);
  // The form shows the draft (or the published copy when there is none) as it is now; it starts
  // again when the draft changes (saved here or on another device, published, discarded).
  const [initial, setInitial] = useState<{ key: string; values: SynlabForm } | null>(null);
  const key = row ? `${row.id}:${row.draft?.updated_at ?? 'published'}` : '';
  if (row && initial?.key !== key) {
    const draft = row.draft ?? (row.published ? draftFromConfig(row.published, Date.now()) : null);
    if (draft) setInitial({ key, values: { ...draft, hub: String(draft.hub) } });
  }
  if (!engine || loading || refs.loading) return <Loader aria-label={t('app.loading')} />;
  if (!row || !initial) return <Alert color="orange">{t('crud.notFound', { id: params.id ?? '' })}</Alert>;

  const draftId = row.published ? draftIdFor(row.published.id) : row.id;
  const baseId = row.published?.id ?? '';
  const saveDraft = async (values: SynlabForm) => {
    const draft = toDraft(values, draftId, baseId, Date.now());
    await engine.writer.save('catalog', draft);
    return draft;
  };

  return (
    <Stack>
      <Alert color={row.draft ? 'orange' : 'blue'} data-testid="synlab-state">
        {row.draft ? t('synlab.pendingDraft', { when: formatDate(row.draft.updated_at) }) : t('synlab.draftIntro')}
      </Alert>
      <EntityForm<SynlabForm>
        key={initial.key}
        schema={synlabFormSchema}
        fields={synlabFields(refs.clients, refs.hubs)}
        initialValues={initial.values}
        submitLabel={t('synlab.saveDraft')}
        onSubmit={async (values) => {
          await saveDraft(values);
          notifications.show({ color: 'teal', message: t('synlab.draftSaved') });
        }}
        actions={[
          {
            label: t('synlab.publish'),
            color: 'teal',
            onSubmit: async (values) => {
              const now = Date.now();
              const config = publishDraft(toDraft(values, draftId, baseId, now), now, newId('synlab'));
              await engine.writer.save('catalog', config);
              if (row.draft) await engine.writer.remove('catalog', row.draft.id);
              notifications.show({ color: 'teal', message: t('synlab.published') });
              await navigate({ to: '/synlab' });
            },
          },
        ]}
        extraActions={
          <>
            {row.draft && row.published && (
              <ConfirmButton
                variant="light"
                color="orange"
                title={t('synlab.discardTitle')}
                message={t('synlab.discardBody')}
                confirmLabel={t('synlab.discard')}
                onConfirm={async () => {
                  if (row.draft) await engine.writer.remove('catalog', row.draft.id);
                  notifications.show({ color: 'teal', message: t('synlab.discarded') });
                }}
              >
                {t('synlab.discard')}
              </ConfirmButton>
            )}
            <ConfirmButton
              color="red"
              variant="light"
              title={t('crud.confirmDeleteTitle', { what: t('synlab.what') })}
              message={t('crud.confirmDeleteBody', { name: row.doc.name })}
              onConfirm={async () => {
                if (row.draft) await engine.writer.remove('catalog', row.draft.id);
                if (row.published) await engine.writer.remove('catalog', row.published.id);
                notifications.show({ color: 'teal', message: t('crud.deleted') });
                await navigate({ to: '/synlab' });
              }}
            >
              {t('common.delete')}
            </ConfirmButton>
          </>
        }
      />
    </Stack>
  );
}
