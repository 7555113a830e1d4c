/**
 * Every delivery point in memory, for the screens that need all of them at once: the list
 * (/delivery-points, smooth with 20,000 rows), the overview by hub and the order form's point
 * selector.
 *
 * A live query over the whole collection would re-read and re-copy every point on each change,
 * in one long main-thread task. Instead, one store per database:
 * - loads the points in pages through the `name` index (a small first page, so the first rows
 *   show at once; the main thread is released between pages);
 * - then follows the collection's change stream, replacing only the points that changed (row
 *   objects that did not change keep their identity, so per-row caches stay valid);
 * - lives as long as the database: a second visit to the list renders from memory.
 */
import { useSyncExternalStore } from 'react';
import type { Subscription } from 'rxjs';
import type { DeliveryPoint } from '../domain/entities/operation';
import { NOT_CONTENT_FIELDS } from '../domain/sync/protocol';
import type { CbDatabase } from './database';
import { useEngine } from './hooks';
import { deliveryPointsPage } from './queries';

export interface PointsSnapshot {
  /** Points in name order (new points are appended until the next load). */
  readonly data: readonly DeliveryPoint[];
  /** True until every page is loaded. */
  readonly loading: boolean;
}

const FIRST_PAGE = 150;
const PAGE = 2000;
const FLUSH_MS = 50;
const META_FIELDS = NOT_CONTENT_FIELDS;

function plainPoint(data: Record<string, unknown>): DeliveryPoint {
  const copy = { ...data };
  for (const k of META_FIELDS) delete copy[k];
  return copy as unknown as DeliveryPoint;
}

type Change = { readonly id: string; readonly doc: DeliveryPoint | null };

class PointsStore {
  private rows: DeliveryPoint[] = [];
  private position = new Map<string, number>();
  private snapshot: PointsSnapshot = { data: [], loading: true };
  private readonly listeners = new Set<() => void>();
  private pending: Change[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private loaded = false;
  private readonly sub: Subscription;

  constructor(private readonly db: CbDatabase) {
    // Changes are collected from the start; they apply once the pages are in.
    this.sub = db.delivery_points.$.subscribe((e) => {
      const doc = e.operation === 'DELETE' || e.documentData._deleted ? null : plainPoint(e.documentData as unknown as Record<string, unknown>);
      this.pending.push({ id: e.documentId, doc });
      if (this.loaded) this.scheduleFlush();
    });
    void this.load();
  }

  get current(): PointsSnapshot {
    return this.snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close(): void {
    this.sub.unsubscribe();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.listeners.clear();
  }

  private publish(loading: boolean): void {
    this.snapshot = { data: this.rows.slice(), loading };
    for (const l of this.listeners) l();
  }

  private async load(): Promise<void> {
    let from: string | null = null;
    let limit = FIRST_PAGE;
    // Ids already read with the name the next page starts from (names are not unique).
    let seenAtFrom = new Set<string>();
    try {
      for (;;) {
        if (this.db.closed) return;
        const page = await deliveryPointsPage(this.db, from, limit).exec();
        const fresh = page.filter((d) => !(d.name === from && seenAtFrom.has(d.id)));
        for (const d of fresh) {
          const p = d.toJSON() as DeliveryPoint;
          if (this.position.has(p.id)) continue;
          this.position.set(p.id, this.rows.length);
          this.rows.push(p);
        }
        if (page.length < limit) break;
        if (fresh.length === 0) {
          limit *= 2; // a page full of one name: read a bigger one
          continue;
        }
        const last = fresh[fresh.length - 1] as { name: string };
        if (last.name !== from) seenAtFrom = new Set();
        for (const d of fresh) if (d.name === last.name) seenAtFrom.add(d.id);
        from = last.name;
        limit = PAGE;
        this.publish(true);
        await new Promise((r) => setTimeout(r, 0));
      }
    } catch (err) {
      if (!this.db.closed) console.error('No se pudieron cargar los puntos de entrega', err);
    }
    this.loaded = true;
    this.applyPending();
    this.publish(false);
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.applyPending();
      this.publish(false);
    }, FLUSH_MS);
  }

  private applyPending(): void {
    if (this.pending.length === 0) return;
    let removed = false;
    for (const { id, doc } of this.pending) {
      const at = this.position.get(id);
      if (doc === null) {
        if (at !== undefined) {
          this.position.delete(id);
          removed = true;
          this.rows[at] = undefined as unknown as DeliveryPoint;
        }
      } else if (at !== undefined) {
        this.rows[at] = doc;
      } else {
        this.position.set(id, this.rows.length);
        this.rows.push(doc);
      }
    }
    this.pending = [];
    if (removed) {
      this.rows = this.rows.filter((r) => r !== undefined);
      this.position = new Map(this.rows.map((r, i) => [r.id, i]));
    }
  }
}

const stores = new WeakMap<CbDatabase, PointsStore>();

/** The store of a database (one per database, made on first use). */
export function deliveryPointsStore(db: CbDatabase): { readonly current: PointsSnapshot; subscribe(listener: () => void): () => void } {
  return storeOf(db);
}

function storeOf(db: CbDatabase): PointsStore {
  let store = stores.get(db);
  if (!store) {
    store = new PointsStore(db);
    stores.set(db, store);
    const s = store;
    db.onClose.push(() => s.close());
  }
  return store;
}

const EMPTY: PointsSnapshot = { data: [], loading: true };
const noop = () => () => undefined;

/** Every delivery point, live, from the in-memory store of the current database. */
export function useAllDeliveryPoints(): PointsSnapshot {
  const engine = useEngine();
  const store = engine ? storeOf(engine.db) : null;
  return useSyncExternalStore(store ? store.subscribe : noop, () => (store ? store.current : EMPTY));
}
