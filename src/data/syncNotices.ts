/**
 * Sync notices: the server's answer to a push did not keep (all of) what the person changed on
 * this device — another device's change won a field both changed, a later status won over his,
 * or the server refused the write. The device learns it by comparing the answer with what it
 * pushed (the answer carries only the document, which the user may read). The notices are kept
 * in cb_app until the person dismisses them, so a reload does not hide them; the sync badge and
 * the affected screens show them (src/ui/sync).
 */
import type { PushRow } from '../backend/types';
import type { LocalCollection } from '../domain/collections';
import { overriddenFields } from '../domain/merge';
import { WatchedStore } from './listeners';
import type { AppStore } from './appStore';

export interface SyncNoticeField {
  readonly field: string;
  /** The value this device had pushed. */
  readonly mine: unknown;
  /** The value the server kept. */
  readonly server: unknown;
}

export interface SyncNotice {
  /** Unique per notice (collection, document and time). */
  readonly key: string;
  readonly collection: LocalCollection;
  readonly id: string;
  /** What the person calls the document (an order's or route's code, a name); '' when nothing (never an id). */
  readonly label: string;
  /** The device's changes the server did not keep. */
  readonly fields: readonly SyncNoticeField[];
  /** The server refused the write: its Spanish reason. */
  readonly refused: string | null;
  readonly at: number;
}

/** Notices kept at most (the oldest go first). */
export const MAX_NOTICES = 30;
const KV_KEY = 'syncNotices';

/** What a person calls the document: its code, name or e-mail; '' when it has none (never its id). */
function labelOf(doc: Record<string, unknown>): string {
  for (const k of ['code', 'name', 'email']) {
    const v = doc[k];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return '';
}

/**
 * Fields the server works out itself, whatever a device sends (issue 28): a payment's amount due
 * follows the order's delivered lines. The server setting them is not news to the person who
 * pushed, and he has nothing to do about it: no notice for them.
 */
export const SERVER_WORKED_OUT: Partial<Record<LocalCollection, readonly string[]>> = {
  payments: ['amount_due_cents'],
};

/** The notice for a push's answer, or null when the server kept everything the device changed. */
export function noticeOf(collection: LocalCollection, sent: PushRow, answer: Record<string, unknown>, refused: string | null, at: number): SyncNotice | null {
  const mine = sent.newDocumentState;
  const workedOut = SERVER_WORKED_OUT[collection] ?? [];
  const fields = overriddenFields(sent.assumedMasterState ?? null, mine, answer)
    .filter((field) => !workedOut.includes(field))
    .map((field) => ({ field, mine: mine[field], server: answer[field] }));
  if (fields.length === 0 && refused === null) return null;
  const id = String(mine.id);
  return { key: `${collection}:${id}:${at}`, collection, id, label: labelOf({ ...mine, ...answer }), fields, refused, at };
}

const CHANNEL = 'cb-sync-notices';

/**
 * The notices of this device, kept in cb_app. Every tab of the browser hears when they change
 * (a notice dismissed in one tab leaves them all).
 */
export class NoticeBook extends WatchedStore {
  private readonly channel: BroadcastChannel | null;

  constructor(store: AppStore) {
    super(store);
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (this.channel) this.channel.onmessage = () => this.emit();
  }

  close(): void {
    this.channel?.close();
  }

  async list(): Promise<SyncNotice[]> {
    return (await this.store.kvGet<SyncNotice[]>(KV_KEY)) ?? [];
  }

  /** Read-modify-write of the list, one at a time (pushes of several collections answer at once). */
  private update(change: (list: SyncNotice[]) => SyncNotice[]): Promise<void> {
    const run = this.queue.then(async () => {
      const list = await this.list();
      const next = change(list);
      if (next === list) return;
      await this.store.kvSet(KV_KEY, next);
      this.emit();
      this.channel?.postMessage('changed');
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private queue: Promise<void> = Promise.resolve();

  add(notice: SyncNotice): Promise<void> {
    // One notice per document: the newest says what the document is now.
    return this.update((list) => [...list.filter((n) => !(n.collection === notice.collection && n.id === notice.id)), notice].slice(-MAX_NOTICES));
  }

  /** Removes the notices with these keys (all when `keys` is omitted). */
  dismiss(keys?: readonly string[]): Promise<void> {
    return this.update((list) => {
      const next = keys ? list.filter((n) => !keys.includes(n.key)) : [];
      return next.length === list.length ? list : next;
    });
  }
}
