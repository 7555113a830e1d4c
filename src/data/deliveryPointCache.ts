/**
 * The delivery-point cache of the specification (§4): if the local collection is empty, every
 * delivery point is fetched once and stored; afterwards a live subscription brings only points
 * whose `updated_at` is greater than the newest cached one, merged by id (replacing existing).
 *
 * The source is the backend's: the Firestore implementation queries `updated_at > since`; tests
 * hand in a fake. (With the embedded server, the replication of `delivery_points` keeps the
 * cache current by sequence number and this loop is not needed.)
 */
import type { DeliveryPoint } from '../domain/entities/operation';
import type { CbDatabase } from './database';

export interface DeliveryPointSource {
  fetchAll(): Promise<DeliveryPoint[]>;
  /** Calls `onPoints` with every batch of points whose updated_at > `since`; returns unsubscribe. */
  subscribeUpdatedAfter(since: number, onPoints: (points: DeliveryPoint[]) => void): () => void;
}

/** The newest `updated_at` in the local cache (0 when empty), read through the updated_at index. */
export async function newestCachedUpdate(db: CbDatabase): Promise<number> {
  const newest = await db.delivery_points.findOne({ selector: { updated_at: { $gte: 0 } }, sort: [{ updated_at: 'desc' }] }).exec();
  return newest?.updated_at ?? 0;
}

export interface CacheHandle {
  /** Resolves when the first load (or the check that the cache is filled) is done. */
  readonly ready: Promise<void>;
  stop(): void;
}

export function startDeliveryPointCache(db: CbDatabase, source: DeliveryPointSource): CacheHandle {
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  let queue = Promise.resolve();

  const merge = (points: DeliveryPoint[]) => {
    // Writes are queued so batches apply in arrival order; an older copy never replaces a newer one.
    queue = queue.then(async () => {
      if (stopped || points.length === 0) return;
      const existing = await db.delivery_points.findByIds(points.map((p) => p.id)).exec();
      const fresh = points.filter((p) => (existing.get(p.id)?.updated_at ?? -1) <= p.updated_at);
      if (fresh.length > 0) await db.delivery_points.bulkUpsert(fresh);
    });
  };

  const ready = (async () => {
    const count = await db.delivery_points.count().exec();
    if (count === 0) {
      const all = await source.fetchAll();
      if (all.length > 0) await db.delivery_points.bulkUpsert(all);
    }
    if (stopped) return;
    const since = await newestCachedUpdate(db);
    unsubscribe = source.subscribeUpdatedAfter(since, merge);
  })();

  return {
    ready,
    stop() {
      stopped = true;
      unsubscribe?.();
    },
  };
}
