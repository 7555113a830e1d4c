/**
 * The journal of multi-document actions (issue 27): a planning action writes several routes and
 * orders, and RxDB has no transaction across collections (nor within one: an update in a bulk
 * upsert is a write of its own). So an action's documents are first stored here, in cb_app's
 * key-value store, as one IndexedDB write; then each collection is written; then the entry is
 * removed. An entry that is still here when the app starts (the page was closed, reloaded or
 * crashed half-way) is written again before the replication starts: the action ends whole.
 *
 * Entries hold whole documents (their final states), so writing one twice changes nothing.
 * Stored shape: `{ v: 2, id, at, docs: [collection, document[]][], removes?: [collection, id[]][] }`
 * under `action:<id>`. Version 1 (before removals, issue 30 §3) had no `removes`: still read, as
 * an entry that removes nothing.
 */
import type { LocalCollection } from '../domain/collections';
import { WatchedStore } from './listeners';

export const ACTION_ENTRY_VERSION = 2;
/** The versions `pending` still reads (1: no `removes`). */
const READABLE_VERSIONS: readonly number[] = [1, ACTION_ENTRY_VERSION];
const PREFIX = 'action:';

export interface ActionEntry {
  readonly v: 1 | typeof ACTION_ENTRY_VERSION;
  readonly id: string;
  /** Epoch ms of the action. */
  readonly at: number;
  /** The documents to write, per collection, in the order they are written. */
  readonly docs: readonly (readonly [LocalCollection, readonly Record<string, unknown>[]])[];
  /** The documents to remove (tombstones), per collection, after the documents are written. */
  readonly removes?: readonly (readonly [LocalCollection, readonly string[]])[];
}

export class ActionJournal extends WatchedStore {
  async put(entry: ActionEntry): Promise<void> {
    await this.store.kvSet(PREFIX + entry.id, entry);
    this.emit();
  }

  async remove(id: string): Promise<void> {
    await this.store.kvDelete(PREFIX + id);
    this.emit();
  }

  /** Entries left by actions that did not finish, oldest first (an unknown version is left alone). */
  async pending(): Promise<ActionEntry[]> {
    const db = await this.store.db();
    const keys = await db.getAllKeys('kv', IDBKeyRange.bound(PREFIX, `${PREFIX}\uffff`));
    const entries = await Promise.all(keys.map((k) => db.get('kv', k)));
    return entries
      .filter((e): e is ActionEntry => typeof e === 'object' && e !== null && READABLE_VERSIONS.includes((e as ActionEntry).v))
      .sort((a, b) => a.at - b.at);
  }
}
