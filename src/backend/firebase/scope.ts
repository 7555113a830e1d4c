/**
 * A rider's scope on Firestore: his routes (by `rider_id`), and from them the route ids his
 * route-scoped queries ask for and the delivery points of their stops. When a route leaves him
 * (reassigned or deleted), the documents this device received for it come back from the next
 * pull as tombstones, so they disappear from the device as they do with the embedded server.
 * Firestore cannot tell a device what left its query while it was not listening, so this
 * bookkeeping is kept for the life of the transport (see docs/firebase.md).
 */
import type { LocalCollection } from '../../domain/collections';
import type { SyncDoc } from '../types';

const DEPENDENTS: readonly LocalCollection[] = ['orders', 'deliveries', 'incidences', 'payments', 'receipts', 'picks'];

/** The points a route stops at; none for a cancelled one (as the points' readers, functions/src/routeWrite.ts). */
function pointsOf(route: SyncDoc | undefined): string[] {
  if (route?.status === 'cancelled') return [];
  const stops = Array.isArray(route?.stops) ? (route.stops as { delivery_point_id?: unknown }[]) : [];
  return stops.map((s) => s.delivery_point_id).filter((p): p is string => typeof p === 'string' && p !== '');
}

export class RiderScope {
  /** The rider's routes as last seen (not deleted), by id. */
  private routes: Map<string, SyncDoc> | null = null;
  /** Documents of route-scoped collections delivered to the device, by collection and id. */
  private readonly delivered = new Map<LocalCollection, Map<string, SyncDoc>>();
  private readonly tombstones = new Map<LocalCollection, Map<string, SyncDoc>>();

  known(): boolean {
    return this.routes !== null;
  }

  routeIds(): string[] {
    return [...(this.routes?.keys() ?? [])].sort();
  }

  pointIds(): string[] {
    const ids = new Set<string>();
    for (const r of this.routes?.values() ?? []) for (const p of pointsOf(r)) ids.add(p);
    return [...ids].sort();
  }

  /**
   * The rider's current routes (every one, deleted ones excluded). Returns the collections whose
   * scope changed (new or lost routes, other stops), whose devices must pull again.
   */
  setRoutes(docs: readonly SyncDoc[]): Set<LocalCollection> {
    const next = new Map(docs.filter((d) => !d._deleted).map((d) => [d.id, d]));
    const changed = new Set<LocalCollection>();
    const previous = this.routes;
    this.routes = next;
    if (previous === null) return changed;
    const lost = [...previous.keys()].filter((id) => !next.has(id));
    const gained = [...next.keys()].filter((id) => !previous.has(id));
    const pointsBefore = new Set([...previous.values()].flatMap(pointsOf));
    const pointsNow = new Set([...next.values()].flatMap(pointsOf));
    if (lost.length > 0 || gained.length > 0) {
      for (const c of DEPENDENTS) changed.add(c);
      changed.add('routes');
    }
    if ([...pointsNow].some((p) => !pointsBefore.has(p)) || [...pointsBefore].some((p) => !pointsNow.has(p))) changed.add('delivery_points');
    for (const id of lost) {
      const route = previous.get(id);
      // A route deleted on the server comes down by itself; one given to another rider does not.
      if (route && !docs.some((d) => d.id === id)) this.bury('routes', route);
      for (const c of DEPENDENTS) {
        for (const doc of this.delivered.get(c)?.values() ?? []) if (doc.route_id === id) this.bury(c, doc);
      }
    }
    for (const p of pointsBefore) {
      const point = this.delivered.get('delivery_points')?.get(p);
      if (!pointsNow.has(p) && point) this.bury('delivery_points', point);
    }
    return changed;
  }

  /** Remembers what a pull delivered (route-scoped collections and points). */
  remember(collection: LocalCollection, docs: readonly SyncDoc[]): void {
    if (collection !== 'delivery_points' && collection !== 'routes' && !DEPENDENTS.includes(collection)) return;
    let map = this.delivered.get(collection);
    if (!map) this.delivered.set(collection, (map = new Map()));
    for (const d of docs) {
      if (d._deleted) map.delete(d.id);
      else map.set(d.id, d);
    }
  }

  private bury(collection: LocalCollection, doc: SyncDoc): void {
    let map = this.tombstones.get(collection);
    if (!map) this.tombstones.set(collection, (map = new Map()));
    map.set(doc.id, { ...doc, _deleted: true });
    this.delivered.get(collection)?.delete(doc.id);
  }

  /** Tombstones to hand to the device with the next pull of a collection (taken once). */
  takeTombstones(collection: LocalCollection): SyncDoc[] {
    const map = this.tombstones.get(collection);
    if (!map || map.size === 0) return [];
    this.tombstones.delete(collection);
    return [...map.values()];
  }
}
