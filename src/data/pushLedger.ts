/**
 * The push ledger: per document, what this device pushed and has not settled with the server,
 * kept in cb_app (IndexedDB) so it survives an app restart.
 *
 * Why. RxDB moves a document's assumed master state (the base of the next push) only when a push
 * is answered. If the server stored a push but the answer was lost (the connection dropped) and
 * the app then restarted, the next push still names the old base: the server sees the device's
 * own earlier write as someone else's change («Cargada» kept over the rider's later «En reparto»).
 * So every state is written here BEFORE its request leaves, sent along with later pushes of the
 * same document as `unansweredStates`, and cleared when an answer for the document arrives. The
 * server takes its current state as the base when it is one of them (server/sync.ts).
 *
 * Second case, with an answer: RxDB writes the server's answer to a conflicting push over the
 * local document only if the document did not change meanwhile; otherwise it keeps the older
 * base, and the next push would again show the device's own change as a change made on both
 * sides. So, per document, the ledger also remembers the last answered push whose answer came
 * back different from what was pushed, and the base RxDB gave it. A next push still on that base
 * means RxDB did not take the answer: its base is what was pushed instead. (When the answer
 * equals the old base, the base alone cannot tell; then whether the device changed the document
 * while the push was under way decides.) And a next push of exactly the answered state is no
 * change of the device's at all (RxDB wrote the answer but its record of the base lost a race
 * with a pull): it is sent as its own base.
 */
import type { PushRow } from '../backend/types';
import { NOT_CONTENT_FIELDS } from '../domain/sync/fields';
import type { AppStore, PushRecord } from './appStore';

/** Unanswered states sent per document (newest kept). */
export const MAX_UNANSWERED = 4;

type Doc = Record<string, unknown>;


/** A document's content without the device's metadata, as a stable string. */
export function contentOf(doc: Doc): string {
  const keys = Object.keys(doc)
    .filter((k) => !NOT_CONTENT_FIELDS.includes(k))
    .sort();
  return JSON.stringify(keys.map((k) => [k, doc[k]]));
}

/** Content plus whether the state is a deletion: two states the server would store differently differ. */
function stateKey(doc: Doc): string {
  return `${doc._deleted === true ? 'x' : 'o'}${contentOf(doc)}`;
}

export function keyOf(collection: string, id: string): string {
  return `${collection}:${id}`;
}

function idOf(row: PushRow): string {
  return String(row.newDocumentState.id);
}

/**
 * The row to send for a row RxDB handed over, and the record to keep before sending it: the base
 * corrected when RxDB did not take an earlier answer, the earlier unanswered states attached, and
 * this state added to them.
 */
export function prepareRow(collection: string, record: PushRecord | undefined, rxRow: PushRow, at = Date.now()): { row: PushRow; record: PushRecord } {
  const id = idOf(rxRow);
  const previous = record?.answered ?? null;
  const next = stateKey(rxRow.newDocumentState);
  let assumedMasterState = rxRow.assumedMasterState ?? null;
  if (previous !== null && previous.answer === next) {
    // The device holds exactly what the server answered: no change of its own. (RxDB wrote the
    // answer but lost the race to record it as the base.) The server answers what it has now.
    assumedMasterState = rxRow.newDocumentState;
  } else if (previous !== null && contentOf(rxRow.assumedMasterState ?? {}) === previous.rxBase && (!previous.ambiguous || previous.changedHere)) {
    assumedMasterState = previous.pushed;
  }
  const earlier = (record?.unanswered ?? []).filter((s) => stateKey(s) !== next);
  const baseKey = assumedMasterState ? stateKey(assumedMasterState) : null;
  const unansweredStates = earlier.filter((s) => stateKey(s) !== baseKey);
  const row: PushRow = {
    assumedMasterState,
    newDocumentState: rxRow.newDocumentState,
    ...(unansweredStates.length > 0 ? { unansweredStates } : {}),
  };
  return {
    row,
    record: {
      key: keyOf(collection, id),
      collection,
      id,
      unanswered: [...earlier, rxRow.newDocumentState].slice(-MAX_UNANSWERED),
      at,
      answered: previous,
    },
  };
}

/**
 * The record after the answer of a push arrived: nothing is unanswered any more; what to
 * remember of the answer (see the module's comment), or null when nothing is left to keep.
 */
export function settleRow(rxRow: PushRow, sent: PushRow, answer: Doc | undefined, changedHere: boolean, collection: string, at = Date.now()): PushRecord | null {
  if (!answer) return null;
  const rxBase = contentOf(rxRow.assumedMasterState ?? {});
  return {
    key: keyOf(collection, idOf(sent)),
    collection,
    id: idOf(sent),
    unanswered: [],
    at,
    answered: { rxBase, pushed: sent.newDocumentState, answer: stateKey(answer), ambiguous: contentOf(answer) === rxBase, changedHere },
  };
}

export class PushLedger {
  constructor(private readonly store: AppStore) {}

  /** The rows to send, recorded as unanswered before the request leaves. */
  async beforePush(collection: string, rxRows: readonly PushRow[]): Promise<PushRow[]> {
    const db = await this.store.db();
    const tx = db.transaction('pushes', 'readwrite');
    const records = await Promise.all(rxRows.map((r) => tx.store.get(keyOf(collection, idOf(r)))));
    const prepared = rxRows.map((r, i) => prepareRow(collection, records[i], r));
    await Promise.all([...prepared.map((p) => tx.store.put(p.record)), tx.done]);
    return prepared.map((p) => p.row);
  }

  /**
   * The push was answered. `answers` holds the master states the server sent back (conflicts,
   * merges, refusals) by id; `changedHere` the ids changed on the device while it was under way.
   */
  async afterAnswer(
    collection: string,
    rxRows: readonly PushRow[],
    sent: readonly PushRow[],
    answers: ReadonlyMap<string, Doc>,
    changedHere: ReadonlySet<string>,
  ): Promise<void> {
    const db = await this.store.db();
    const tx = db.transaction('pushes', 'readwrite');
    const writes = sent.map((row, i) => {
      const id = idOf(row);
      const rxRow = rxRows[i] ?? row;
      const record = settleRow(rxRow, row, answers.get(id), changedHere.has(id), collection);
      return record ? tx.store.put(record) : tx.store.delete(keyOf(collection, id));
    });
    await Promise.all([...writes, tx.done]);
  }

  /**
   * The replication reported everything in sync (started at `before`): pushes made before that
   * were answered, or belonged to an app that was closed and left nothing to push (the device
   * then took the server's state). Their unanswered states can no longer be the base of a push.
   */
  async settleBefore(before: number): Promise<void> {
    const db = await this.store.db();
    const tx = db.transaction('pushes', 'readwrite');
    let cursor = await tx.store.openCursor();
    while (cursor) {
      const r = cursor.value;
      if (r.unanswered.length > 0 && r.at <= before) {
        if (r.answered) await cursor.update({ ...r, unanswered: [] });
        else await cursor.delete();
      }
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  async get(collection: string, id: string): Promise<PushRecord | undefined> {
    return (await this.store.db()).get('pushes', keyOf(collection, id));
  }

  /** Every record (tests, diagnostics). */
  async list(): Promise<PushRecord[]> {
    return (await this.store.db()).getAll('pushes');
  }
}
