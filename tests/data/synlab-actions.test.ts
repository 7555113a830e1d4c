import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDatabase, type CbDatabase } from '../../src/data/database';
import { AppStore } from '../../src/data/appStore';
import { Outbox } from '../../src/data/outbox';
import { Writer, ValidationFailed } from '../../src/data/writes';
import { createSynlabDraft, deleteSynlab, discardSynlabDraft, publishSynlab, saveSynlabDraft, type SynlabEngine } from '../../src/data/synlab';
import { draftFromConfig, synlabRows } from '../../src/domain/synlab';
import type { Actor } from '../../src/data/action';
import { ActionError } from '../../src/data/actionError';
import { ActionJournal } from '../../src/data/actionJournal';
import type { SynlabConfig, SynlabDraft } from '../../src/domain/entities/reference';

let db: CbDatabase;
let store: AppStore;
let outbox: Outbox;
let engine: SynlabEngine;

const NOW = 1_763_800_000_000;
const ADMIN: Actor = { userId: 'u-admin', role: 'admin' };

function draft(over: Partial<SynlabDraft> = {}): SynlabDraft {
  return {
    id: 'synlab-draft-1',
    kind: 'config-synlab-temp',
    base_id: '',
    name: 'Synlab Madrid',
    active: true,
    updated_at: NOW,
    client_id: 'c-synlab',
    endpoint_url: 'https://synlab.example/api',
    hub: 1,
    pickup_start: '08:00',
    pickup_end: '12:00',
    sample_types: ['sangre'],
    cold_chain: true,
    notify_email: '',
    ...over,
  };
}

async function catalog(): Promise<Record<string, unknown>[]> {
  return (await db.catalog.find().exec()).map((d) => d.toJSON() as unknown as Record<string, unknown>);
}

async function rows() {
  const all = await catalog();
  return synlabRows(
    all.filter((d) => d.kind === 'config-synlab') as unknown as SynlabConfig[],
    all.filter((d) => d.kind === 'config-synlab-temp') as unknown as SynlabDraft[],
  );
}

async function marked(): Promise<string[]> {
  return (await outbox.list()).map((i) => i.key).sort();
}

beforeEach(async () => {
  db = await openLocalDatabase({ name: `sy${Date.now()}${Math.random().toString(36).slice(2)}`, storage: { kind: 'memory' }, collections: ['catalog'] });
  store = new AppStore(`app-${Math.random().toString(36).slice(2)}`);
  outbox = new Outbox(store);
  engine = { db, writer: new Writer(db, outbox) };
});

afterEach(async () => {
  await db.remove();
  await store.close();
});

describe('Synlab actions', () => {
  it('publishes a new configuration under a new id and leaves no draft', async () => {
    const config = await publishSynlab(engine, ADMIN, draft({ id: 'nuevo' }), { now: NOW, newId: 'synlab-1', storedDraftId: null });
    expect(config).toMatchObject({ id: 'synlab-1', kind: 'config-synlab', published_at: NOW, name: 'Synlab Madrid' });
    expect(await rows()).toEqual([expect.objectContaining({ id: 'synlab-1', state: 'published', draft: null })]);
    expect(await marked()).toEqual(['catalog:synlab-1']);
  });

  it('publishes a stored new draft: the configuration is written, then the draft removed', async () => {
    await createSynlabDraft(engine, ADMIN, draft());
    expect((await rows())[0]?.state).toBe('new-draft');
    await publishSynlab(engine, ADMIN, draft({ name: 'Synlab Centro' }), { now: NOW, newId: 'synlab-2', storedDraftId: 'synlab-draft-1' });
    const [row, ...rest] = await rows();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ id: 'synlab-2', state: 'published', draft: null, published: expect.objectContaining({ name: 'Synlab Centro' }) });
    expect(await marked()).toEqual(['catalog:synlab-2', 'catalog:synlab-draft-1']);
  });

  it('publishes the draft of a published configuration over it (same id)', async () => {
    await publishSynlab(engine, ADMIN, draft({ id: 'nuevo' }), { now: NOW, newId: 'synlab-1', storedDraftId: null });
    const [published] = await rows();
    const edit = { ...draftFromConfig(published!.published!, NOW + 1), pickup_end: '13:00' };
    await saveSynlabDraft(engine, ADMIN, edit);
    expect((await rows())[0]?.state).toBe('published-with-draft');
    await publishSynlab(engine, ADMIN, edit, { now: NOW + 2, newId: 'unused', storedDraftId: edit.id });
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: 'synlab-1', state: 'published', published: expect.objectContaining({ pickup_end: '13:00', published_at: NOW + 2 }) });
  });

  it('a refused publication writes nothing and keeps the draft', async () => {
    await createSynlabDraft(engine, ADMIN, draft());
    await expect(publishSynlab(engine, ADMIN, draft({ endpoint_url: 'no es una url' }), { now: NOW, newId: 'synlab-3', storedDraftId: 'synlab-draft-1' })).rejects.toBeInstanceOf(ValidationFailed);
    expect(await rows()).toEqual([expect.objectContaining({ id: 'synlab-draft-1', state: 'new-draft' })]);
  });

  it('discarding keeps the published copy; deleting removes draft and published copy', async () => {
    await publishSynlab(engine, ADMIN, draft({ id: 'nuevo' }), { now: NOW, newId: 'synlab-1', storedDraftId: null });
    const published = (await rows())[0]!.published!;
    await saveSynlabDraft(engine, ADMIN, { ...draftFromConfig(published, NOW + 1), name: 'Cambio' });
    await discardSynlabDraft(engine, ADMIN, (await rows())[0]!);
    expect(await rows()).toEqual([expect.objectContaining({ id: 'synlab-1', state: 'published', draft: null })]);
    await saveSynlabDraft(engine, ADMIN, draftFromConfig(published, NOW + 2));
    await deleteSynlab(engine, ADMIN, (await rows())[0]!);
    expect(await rows()).toEqual([]);
  });

  it('refuses anyone but an administrator, writing nothing', async () => {
    const operator: Actor = { userId: 'u-op', role: 'operator' };
    await expect(publishSynlab(engine, operator, draft({ id: 'nuevo' }), { now: NOW, newId: 'synlab-9', storedDraftId: null })).rejects.toBeInstanceOf(ActionError);
    await createSynlabDraft(engine, ADMIN, draft());
    await expect(deleteSynlab(engine, operator, (await rows())[0]!)).rejects.toBeInstanceOf(ActionError);
    expect(await rows()).toEqual([expect.objectContaining({ id: 'synlab-draft-1', state: 'new-draft' })]);
  });

  it('removing a draft that is not stored refuses the whole publication', async () => {
    await expect(publishSynlab(engine, ADMIN, draft({ id: 'nuevo' }), { now: NOW, newId: 'synlab-4', storedDraftId: 'no-such-draft' })).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it('an interrupted publication is finished from the journal: configuration written, draft removed and marked', async () => {
    await createSynlabDraft(engine, ADMIN, draft());
    const config = { ...draft(), id: 'synlab-5', kind: 'config-synlab', base_id: undefined, published_at: NOW, updated_at: NOW };
    delete (config as Record<string, unknown>).base_id;
    await new ActionJournal(store).put({ v: 2, id: 'cut', at: NOW, docs: [['catalog', [config]]], removes: [['catalog', ['synlab-draft-1']]] });
    expect(await engine.writer.replayJournal()).toBe(1);
    expect(await rows()).toEqual([expect.objectContaining({ id: 'synlab-5', state: 'published', draft: null })]);
    expect(await marked()).toEqual(['catalog:synlab-5', 'catalog:synlab-draft-1']);
    expect(await engine.writer.replayJournal()).toBe(0);
  });
});
