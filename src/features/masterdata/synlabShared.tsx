/**
 * The external-client (Synlab) configuration: /synlab (list), /synlab/form (new), /synlab/form/:id
 * (edit). Edits are saved on the draft copy (`config-synlab-temp`) and applied only with
 * «Publicar», which writes the `config-synlab` document and removes the draft (src/domain/synlab.ts).
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { t } from '../../i18n';
import { useCatalog } from '../../data/reference';
import { useSession } from '../../data/session';
import type { Actor } from '../../data/action';
import { synlabDraftSchema, type Client, type Hub, type SynlabDraft } from '../../domain/entities/reference';
import { synlabRows } from '../../domain/synlab';
import type { FieldDef } from '../../ui/crud/EntityForm';
import { formSchema, hubOptions, hubSelect, refSelect } from '../../ui/crud/options';
import '../../i18n/es/masterdata';

export type SynlabForm = Omit<SynlabDraft, 'hub'> & { hub: string };

/** Who acts on the Synlab screens: the signed-in user and his system role. */
export function useSynlabActor(): Actor {
  const user = useSession((s) => s.user);
  return { userId: user?.id ?? '', role: user?.base_role ?? 'anonimus' };
}

export function useSynlab() {
  const configs = useCatalog('config-synlab');
  const drafts = useCatalog('config-synlab-temp');
  const rows = useMemo(() => synlabRows(configs.data, drafts.data), [configs.data, drafts.data]);
  return { rows, loading: configs.loading || drafts.loading };
}

export function synlabFields(clients: readonly Client[], hubs: readonly Hub[]): FieldDef[] {
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

export const synlabFormSchema = formSchema(synlabDraftSchema, { hub: hubSelect(), client_id: refSelect('synlab.chooseClient'), base_id: z.string() }).superRefine((v, ctx) => {
  if (typeof v.pickup_start === 'string' && typeof v.pickup_end === 'string' && v.pickup_end <= v.pickup_start) {
    ctx.addIssue({ code: 'custom', path: ['pickup_end'], message: t('synlab.pickupOrder') });
  }
});

export function toDraft(values: SynlabForm, id: string, baseId: string, now: number): SynlabDraft {
  return { ...values, id, base_id: baseId, kind: 'config-synlab-temp', hub: Number(values.hub), updated_at: now };
}

export function useSynlabRefs() {
  const clients = useCatalog('client');
  const hubs = useCatalog('hub');
  return { clients: clients.data, hubs: hubs.data, loading: clients.loading || hubs.loading };
}
