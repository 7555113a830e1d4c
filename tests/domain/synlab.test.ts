import { describe, expect, it } from 'vitest';
import { draftFromConfig, draftIdFor, publishDraft, synlabRows } from '../../src/domain/synlab';
import { synlabConfigSchema, synlabDraftSchema, type SynlabConfig, type SynlabDraft } from '../../src/domain/entities/reference';

const config: SynlabConfig = {
  id: 'config-synlab',
  kind: 'config-synlab',
  name: 'Synlab Madrid',
  active: true,
  updated_at: 1_000,
  client_id: 'client-synlab',
  endpoint_url: 'https://api.synlab.test/v1',
  hub: 1,
  pickup_start: '08:00',
  pickup_end: '11:30',
  sample_types: ['Sangre'],
  cold_chain: true,
  notify_email: 'ops@synlab.test',
  published_at: 1_000,
};

describe('Synlab drafts', () => {
  it('a draft copies the published configuration, with a fixed id and its base', () => {
    const draft = draftFromConfig(config, 5_000);
    expect(draft).toMatchObject({ id: 'draft-config-synlab', kind: 'config-synlab-temp', base_id: 'config-synlab', name: 'Synlab Madrid', updated_at: 5_000 });
    expect('published_at' in draft).toBe(false);
    expect(synlabDraftSchema.safeParse(draft).success).toBe(true);
    expect(draftIdFor('x'.repeat(64))).toHaveLength(64);
  });

  it('publishing writes the configuration under its base id, with the publication time', () => {
    const draft: SynlabDraft = { ...draftFromConfig(config, 5_000), name: 'Synlab Madrid (nuevo horario)', pickup_end: '12:00' };
    const published = publishDraft(draft, 9_000, 'unused');
    expect(published).toMatchObject({ id: 'config-synlab', kind: 'config-synlab', name: 'Synlab Madrid (nuevo horario)', pickup_end: '12:00', published_at: 9_000, updated_at: 9_000 });
    expect('base_id' in published).toBe(false);
    expect(synlabConfigSchema.safeParse(published).success).toBe(true);
  });

  it('a new draft is published under a new id', () => {
    const draft: SynlabDraft = { ...draftFromConfig(config, 5_000), id: 'synlab-draft-1', base_id: '' };
    expect(publishDraft(draft, 9_000, 'synlab-new').id).toBe('synlab-new');
  });

  it('lists one row per configuration, showing the pending draft', () => {
    const pending = { ...draftFromConfig(config, 5_000), name: 'Synlab Madrid bis' };
    const fresh: SynlabDraft = { ...pending, id: 'synlab-draft-2', base_id: '', name: 'Synlab Barcelona' };
    const orphan: SynlabDraft = { ...pending, id: 'draft-gone', base_id: 'gone', name: 'Antigua' };
    const rows = synlabRows([config], [pending, fresh, orphan]);
    expect(rows.map((r) => [r.id, r.state, r.doc.name])).toEqual([
      ['draft-gone', 'new-draft', 'Antigua'],
      ['synlab-draft-2', 'new-draft', 'Synlab Barcelona'],
      ['config-synlab', 'published-with-draft', 'Synlab Madrid bis'],
    ]);
    expect(synlabRows([config], [])).toEqual([{ id: 'config-synlab', state: 'published', doc: config, published: config, draft: null }]);
  });
});
