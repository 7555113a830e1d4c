import { useState } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { useEngine } from '../../data/hooks';
import { draftFromConfig, draftIdFor } from '../../domain/synlab';
import { deleteSynlab, discardSynlabDraft, publishSynlab, saveSynlabDraft } from '../../data/synlab';
import { EntityForm } from '../../ui/crud/EntityForm';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import { newId } from '../../ui/crud/entity';
import type { SynlabForm} from './synlabShared';
import { useSynlabActor, useSynlabRefs, useSynlab, toDraft, synlabFormSchema, synlabFields } from './synlabShared';
import { linkTo } from '../../links/registry';
import '../../i18n/es/masterdata';

export function SynlabEditPage({ params }: ScreenProps<'synlabFormEdit'>) {
  const engine = useEngine();
  const actor = useSynlabActor();
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
  const saveDraft = (values: SynlabForm) => saveSynlabDraft(engine, actor, toDraft(values, draftId, baseId, Date.now()));

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
              await publishSynlab(engine, actor, toDraft(values, draftId, baseId, now), { now, newId: newId('synlab'), storedDraftId: row.draft?.id ?? null });
              notifications.show({ color: 'teal', message: t('synlab.published') });
              await navigate({ ...linkTo('synlab') });
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
                  await discardSynlabDraft(engine, actor, row);
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
                await deleteSynlab(engine, actor, row);
                notifications.show({ color: 'teal', message: t('crud.deleted') });
                await navigate({ ...linkTo('synlab') });
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
