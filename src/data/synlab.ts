/**
 * The Synlab configuration's actions (issue 16; actions since issue 30 §3): the screens call one
 * action per button; each writes its documents together (src/data/action.ts: validated,
 * journaled, all or nothing). Only an administrator writes them (the access table: `catalog`).
 * The rules of drafts and publication are in src/domain/synlab.ts.
 *
 * «Publicar» writes the published configuration and removes the draft in one action: the
 * configuration is written first, then the draft removed; interrupted, the journal finishes both.
 */
import { z } from 'zod';
import { publishDraft, type SynlabRow } from '../domain/synlab';
import type { SynlabConfig, SynlabDraft } from '../domain/entities/reference';
import { defineAction, docArg, requireRole, type Actor, type ActionEngine } from './action';

export type SynlabEngine = Pick<ActionEngine, 'db' | 'writer'>;

const ADMIN_ONLY = ['admin'] as const;

const createDraft = defineAction({
  name: 'synlab.createDraft',
  args: z.object({ draft: docArg('catalog') }),
  async run({ tx, args, actor }) {
    requireRole(actor, ADMIN_ONLY);
    await tx.insert('catalog', args.draft);
    return args.draft as SynlabDraft;
  },
});

const saveDraft = defineAction({
  name: 'synlab.saveDraft',
  args: z.object({ draft: docArg('catalog') }),
  async run({ tx, args, actor }) {
    requireRole(actor, ADMIN_ONLY);
    tx.put('catalog', args.draft);
    return args.draft as SynlabDraft;
  },
});

const publish = defineAction({
  name: 'synlab.publish',
  args: z.object({ draft: docArg('catalog'), now: z.number(), newId: z.string(), storedDraftId: z.string().nullable() }),
  async run({ tx, args, actor }) {
    requireRole(actor, ADMIN_ONLY);
    const config = publishDraft(args.draft as SynlabDraft, args.now, args.newId);
    tx.put('catalog', config);
    if (args.storedDraftId) tx.remove('catalog', args.storedDraftId);
    return config;
  },
});

const removeDocs = defineAction({
  name: 'synlab.remove',
  args: z.object({ ids: z.array(z.string()) }),
  async run({ tx, args, actor }) {
    requireRole(actor, ADMIN_ONLY);
    for (const id of args.ids) tx.remove('catalog', id);
  },
});

/** A new configuration's first draft (refused if the id exists). */
export async function createSynlabDraft(engine: SynlabEngine, actor: Actor, draft: SynlabDraft): Promise<SynlabDraft> {
  return createDraft(engine, { draft }, actor);
}

/** Saves the changes of a draft (the draft of a published configuration, or a new one's). */
export async function saveSynlabDraft(engine: SynlabEngine, actor: Actor, draft: SynlabDraft): Promise<SynlabDraft> {
  return saveDraft(engine, { draft }, actor);
}

/**
 * Publishes `draft` (the form's values as a draft): writes the `config-synlab` document (under
 * the draft's `base_id`, or `newId` for a new configuration) and removes the stored draft
 * `storedDraftId` when there is one, together.
 */
export async function publishSynlab(
  engine: SynlabEngine,
  actor: Actor,
  draft: SynlabDraft,
  opts: { readonly now: number; readonly newId: string; readonly storedDraftId: string | null },
): Promise<SynlabConfig> {
  return publish(engine, { draft, ...opts }, actor, { now: opts.now });
}

/** Drops the pending changes of a published configuration (the published copy stays). */
export async function discardSynlabDraft(engine: SynlabEngine, actor: Actor, row: SynlabRow): Promise<void> {
  if (row.draft) await removeDocs(engine, { ids: [row.draft.id] }, actor);
}

/** Deletes a configuration: its draft and its published copy, together. */
export async function deleteSynlab(engine: SynlabEngine, actor: Actor, row: SynlabRow): Promise<void> {
  const ids = [row.draft?.id, row.published?.id].filter((id): id is string => id !== undefined);
  if (ids.length > 0) await removeDocs(engine, { ids }, actor);
}
