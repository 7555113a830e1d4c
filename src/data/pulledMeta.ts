/**
 * Pulled documents that lost their replication metadata, found and repaired at each start.
 *
 * RxDB writes a pulled document to the collection, then (a separate write) the state the server
 * holds for it: its «assumed master state», the base every later push is sent on. Its upstream,
 * which skips what the downstream wrote, may store its checkpoint past those documents in
 * between. An app closed right there (a reload during the first sync, a phone killing the tab)
 * leaves documents with no base that nothing repairs: RxDB's own repair (its issue #7804) reads
 * a mark it puts on pulled documents (`_meta.o`), which RxDB 17.6 drops when the document is
 * new; the downstream then takes them for local changes not yet pushed and skips them, and the
 * upstream, already past them, never pushes them. The next change the person makes goes out with
 * no base, and the server, which cannot tell that change from one it never saw, keeps its own
 * values: a rider's «En reparto» and failed deliveries came back as «Preparado» (CI, lost-answer).
 *
 * The device can tell them apart: the upstream's checkpoint moves past a local change only once
 * it has pushed it and stored its base. So a document before that checkpoint with no base holds
 * a state it pulled, and gets that state as its base, as RxDB would have written it. Each start
 * looks only at documents written since the last one it checked (kept in cb_app's `kv`).
 */
import { getAssumedMasterState, getChangedDocumentsSince, getComposedPrimaryKeyOfDocumentData, getMetaWriteRow, writeDocToDocState } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { AppStore } from './appStore';

interface LwtCheckpoint {
  readonly id: string;
  readonly lwt: number;
}

type StoredDoc = Record<string, unknown> & { _meta: { lwt: number } };

/** Documents read per page (one read of the collection and one of the metadata each). */
const PAGE = 200;

function isLwtCheckpoint(value: unknown): value is LwtCheckpoint {
  const c = value as Partial<LwtCheckpoint> | null | undefined;
  return typeof c?.id === 'string' && typeof c.lwt === 'number';
}

/** Whether a document written at `lwt` with id `id` comes at or before `checkpoint` (RxDB's order). */
function atOrBefore(lwt: number, id: string, checkpoint: LwtCheckpoint): boolean {
  return lwt < checkpoint.lwt || (lwt === checkpoint.lwt && id <= checkpoint.id);
}

export function verifiedKey(replicationIdentifier: string): string {
  return `pulled-meta-verified:${replicationIdentifier}`;
}

/**
 * Gives a base to every pulled document of this replication that lost it. Runs once the
 * replication has started (it needs RxDB's metadata store). Returns how many were repaired.
 */
export async function repairPulledMeta(replication: RxReplicationState<unknown, unknown>, store: AppStore): Promise<number> {
  await replication.startPromise;
  const state = replication.internalReplicationState;
  if (!state || replication.isStopped() || state.events.canceled.getValue()) return 0;
  const { metaInstance, forkInstance } = state.input;
  const upId = getComposedPrimaryKeyOfDocumentData(metaInstance.schema, { isCheckpoint: '1', itemId: 'up' });
  const [upDoc] = await metaInstance.findDocumentsById([upId], false);
  const up = upDoc?.checkpointData;
  if (!isLwtCheckpoint(up)) return 0;
  const key = verifiedKey(replication.replicationIdentifier);
  const stored = await store.kvGet<unknown>(key);
  let since: LwtCheckpoint | undefined = isLwtCheckpoint(stored) ? stored : undefined;
  if (since && !atOrBefore(since.lwt, since.id, up)) return 0;
  const primary = state.primaryPath as string;
  let repaired = 0;
  for (;;) {
    if (state.events.canceled.getValue()) return repaired;
    const page = await getChangedDocumentsSince(forkInstance, PAGE, since);
    const docs = (page.documents as unknown as StoredDoc[]).filter((d) => atOrBefore(d._meta.lwt, String(d[primary]), up));
    if (docs.length > 0) {
      const ids = docs.map((d) => String(d[primary]));
      const bases = await getAssumedMasterState(state, ids);
      const rows = [];
      for (const doc of docs) {
        if (bases[String(doc[primary])]) continue;
        rows.push(await getMetaWriteRow(state, writeDocToDocState(doc as never, state.hasAttachments, false), undefined));
      }
      if (rows.length > 0 && !state.events.canceled.getValue()) {
        // A base the downstream wrote meanwhile wins (409): it is the same pulled state or newer.
        const result = await metaInstance.bulkWrite(rows, 'cb-repair-pulled-meta');
        repaired += rows.length - result.error.length;
      }
      const last = docs[docs.length - 1] as StoredDoc;
      since = { id: String(last[primary]), lwt: last._meta.lwt };
      await store.kvSet(key, since);
    }
    if (docs.length < page.documents.length || page.documents.length < PAGE) return repaired;
  }
}
