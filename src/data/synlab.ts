/**
 * The Synlab configuration's actions (issue 16): the screens call one action per button, the
 * writes in it happen in a fixed order through the one write path (`engine.writer`, validated).
 * The rules of drafts and publication are in src/domain/synlab.ts.
 *
 * «Publicar» writes the published configuration first and removes the draft afterwards: if the
 * second write never happens (tab closed), the draft is still there and publishing again gives
 * the same result; the other order could lose the changes.
 */
import { publishDraft, type SynlabRow } from '../domain/synlab';
import type { SynlabConfig, SynlabDraft } from '../domain/entities/reference';
import type { DataEngine } from './engine';

export type SynlabEngine = Pick<DataEngine, 'writer'>;

/** A new configuration's first draft (refused if the id exists). */
export async function createSynlabDraft(engine: SynlabEngine, draft: SynlabDraft): Promise<SynlabDraft> {
  await engine.writer.insert('catalog', draft);
  return draft;
}

/** Saves the changes of a draft (the draft of a published configuration, or a new one's). */
export async function saveSynlabDraft(engine: SynlabEngine, draft: SynlabDraft): Promise<SynlabDraft> {
  return (await engine.writer.save('catalog', draft)) as SynlabDraft;
}

/**
 * Publishes `draft` (the form's values as a draft): writes the `config-synlab` document (under
 * the draft's `base_id`, or `newId` for a new configuration), then removes the stored draft
 * `storedDraftId` when there is one.
 */
export async function publishSynlab(
  engine: SynlabEngine,
  draft: SynlabDraft,
  opts: { readonly now: number; readonly newId: string; readonly storedDraftId: string | null },
): Promise<SynlabConfig> {
  const config = await engine.writer.save('catalog', publishDraft(draft, opts.now, opts.newId));
  if (opts.storedDraftId) await engine.writer.remove('catalog', opts.storedDraftId);
  return config as SynlabConfig;
}

/** Drops the pending changes of a published configuration (the published copy stays). */
export async function discardSynlabDraft(engine: SynlabEngine, row: SynlabRow): Promise<void> {
  if (row.draft) await engine.writer.remove('catalog', row.draft.id);
}

/** Deletes a configuration: its draft, then its published copy. */
export async function deleteSynlab(engine: SynlabEngine, row: SynlabRow): Promise<void> {
  if (row.draft) await engine.writer.remove('catalog', row.draft.id);
  if (row.published) await engine.writer.remove('catalog', row.published.id);
}
