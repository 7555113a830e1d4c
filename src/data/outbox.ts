/**
 * The outbox: which local documents have changes the server has not acknowledged yet. Every
 * local write through src/data marks its document; the replication settles it when the server
 * answers the push (accepted, merged or refused: either way the device then holds the server's
 * state). The count feeds the sync indicator and the sign-out guard.
 */
import { WatchedStore } from './listeners';
import type { OutboxItem } from './appStore';

export class Outbox extends WatchedStore {
  async mark(collection: string, id: string, at = Date.now()): Promise<void> {
    const item: OutboxItem = { key: `${collection}:${id}`, collection, id, at };
    await (await this.store.db()).put('outbox', item);
    this.emit();
  }

  /** Marks many documents of one collection in one transaction, with one notification. */
  async markMany(collection: string, ids: readonly string[], at = Date.now()): Promise<void> {
    if (ids.length === 0) return;
    const db = await this.store.db();
    const tx = db.transaction('outbox', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.put({ key: `${collection}:${id}`, collection, id, at } satisfies OutboxItem)), tx.done]);
    this.emit();
  }

  /** Settles pushed documents of one collection unless written again after `pushedAt`: one transaction, one notification. */
  async settleMany(collection: string, ids: readonly string[], pushedAt: number): Promise<void> {
    if (ids.length === 0) return;
    const db = await this.store.db();
    const tx = db.transaction('outbox', 'readwrite');
    const items = await Promise.all(ids.map((id) => tx.store.get(`${collection}:${id}`)));
    await Promise.all([...items.flatMap((item) => (item && item.at <= pushedAt ? [tx.store.delete(item.key)] : [])), tx.done]);
    this.emit();
  }

  /** Settles everything written before `before` (the replication reported it is in sync). */
  async settleBefore(before: number): Promise<void> {
    const db = await this.store.db();
    const tx = db.transaction('outbox', 'readwrite');
    let cursor = await tx.store.index('at').openCursor(IDBKeyRange.upperBound(before));
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
    this.emit();
  }

  async count(): Promise<number> {
    return (await this.store.db()).count('outbox');
  }

  async list(): Promise<OutboxItem[]> {
    return (await this.store.db()).getAll('outbox');
  }
}
