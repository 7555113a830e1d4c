/**
 * The Synlab (external client) configuration is edited on a draft copy and published explicitly
 * (specification: stored collections `config-synlab` and `config-synlab-temp`).
 *
 * - Editing a published configuration writes its draft: a `config-synlab-temp` document with a
 *   fixed id per configuration (`draft-<id>`) and `base_id` = the published id, so every device
 *   edits the same draft.
 * - A new configuration starts as a draft with `base_id` ''.
 * - «Publicar» writes the `config-synlab` document (the draft's fields, `published_at` = now)
 *   under `base_id`, or under a new id for a new one, and then the draft is removed.
 */
import type { SynlabConfig, SynlabDraft } from './entities/reference';

export function draftIdFor(configId: string): string {
  return `draft-${configId}`.slice(0, 64);
}

/** The draft that edits a published configuration (a copy of it). */
export function draftFromConfig(config: SynlabConfig, now: number): SynlabDraft {
  const { published_at: _published, kind: _kind, ...fields } = config;
  return { ...fields, id: draftIdFor(config.id), kind: 'config-synlab-temp', base_id: config.id, updated_at: now };
}

/** The configuration a draft publishes (`newId` is used only when the draft is new). */
export function publishDraft(draft: SynlabDraft, now: number, newId: string): SynlabConfig {
  const { base_id, kind: _kind, ...fields } = draft;
  return { ...fields, id: base_id !== '' ? base_id : newId, kind: 'config-synlab', published_at: now, updated_at: now };
}

export type SynlabState = 'published' | 'published-with-draft' | 'new-draft';

export interface SynlabRow {
  /** The id the form opens: the published configuration, or the draft of a new one. */
  readonly id: string;
  readonly state: SynlabState;
  /** What the list shows: the draft when there is one (pending changes), else the published copy. */
  readonly doc: SynlabConfig | SynlabDraft;
  readonly published: SynlabConfig | null;
  readonly draft: SynlabDraft | null;
}

/** One row per configuration: published ones (with their pending draft) and new drafts. */
export function synlabRows(configs: readonly SynlabConfig[], drafts: readonly SynlabDraft[]): SynlabRow[] {
  const published = new Map(configs.map((c) => [c.id, c]));
  const draftOf = new Map<string, SynlabDraft>();
  const rows: SynlabRow[] = [];
  for (const d of drafts) {
    if (d.base_id !== '' && published.has(d.base_id)) draftOf.set(d.base_id, d);
    else rows.push({ id: d.id, state: 'new-draft', doc: d, published: null, draft: d });
  }
  for (const c of configs) {
    const draft = draftOf.get(c.id) ?? null;
    rows.push({ id: c.id, state: draft ? 'published-with-draft' : 'published', doc: draft ?? c, published: c, draft });
  }
  return rows.sort((a, b) => a.doc.name.localeCompare(b.doc.name, 'es'));
}
