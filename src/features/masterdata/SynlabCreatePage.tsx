import { Alert, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { createSynlabDraft, publishSynlab } from '../../data/synlab';
import { EntityForm } from '../../ui/crud/EntityForm';
import { newId } from '../../ui/crud/entity';
import type { SynlabForm} from './synlabShared';
import { useSynlabActor, useSynlabRefs, synlabFormSchema, synlabFields, toDraft } from './synlabShared';
import { linkTo } from '../../links/registry';
import '../../i18n/es/masterdata';

export function SynlabCreatePage() {
  const engine = useEngine();
  const actor = useSynlabActor();
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
          const draft = await createSynlabDraft(engine, actor, toDraft(values, newId('synlab-draft'), '', Date.now()));
          notifications.show({ color: 'teal', message: t('synlab.draftSaved') });
          await navigate({ ...linkTo('synlabFormEdit', { id: draft.id }) });
        }}
        actions={[
          {
            label: t('synlab.publish'),
            color: 'teal',
            onSubmit: async (values) => {
              const now = Date.now();
              await publishSynlab(engine, actor, toDraft(values, 'nuevo', '', now), { now, newId: newId('synlab'), storedDraftId: null });
              notifications.show({ color: 'teal', message: t('synlab.published') });
              await navigate({ ...linkTo('synlab') });
            },
          },
        ]}
      />
    </Stack>
  );
}
