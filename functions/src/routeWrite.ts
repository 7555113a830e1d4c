/**
 * What follows a route's write on Firebase, written only by this trusted function (bound in
 * functions/src/index.ts to a Firestore trigger on the routes; the Firebase suite calls it
 * directly where the trigger would run: tests/firebase/functionDeps.ts, `emulatorRouteData`).
 *
 * - **Delivery points' readers** (issue 29, finding 2). A rule cannot find which routes stop at a
 *   point (stops are maps inside the route), so each point carries `rider_ids`: the riders whose
 *   live (not deleted, not cancelled) routes stop there. The rules let a rider read a point only
 *   when his uid is in it, his device pulls his points with `array-contains`, and no device may
 *   write the field (the access table's FUNCTION_FIELDS). The device's own shape has no such
 *   field: the transport strips it on pull and keeps the stored value on push. A point stored
 *   after a route that stops at it (each collection replicates on its own: a desk back online may
 *   push its routes before its new points) gets its readers when it is created
 *   (`followPointCreate`), from the routes written in the last NEW_POINT_ROUTES_WINDOW_MS.
 * - **Orders follow the routes' stops** (issue 27 on Firebase): an order a route lists takes its
 *   id and «En ruta», one it drops goes back to «Pendiente» — the embedded server's
 *   `ordersFollowRoute` (server/rules.ts), the same pure code (src/domain/routing/follow.ts).
 *
 * Free of any Firebase package, like ./paymentDue.ts.
 */
import type { Order, Route } from '../../src/domain/entities/operation';
import { listedOrders, ordersFollowingRoute, pointRiders } from '../../src/domain/routing/follow';

/** The field of a delivery point the function keeps: who may read it. */
export const POINT_RIDERS_FIELD = 'rider_ids';

/** A stored route, deleted ones included (`_deleted`). */
export type StoredRoute = Route & { readonly _deleted?: boolean };

/** The reads and writes of one route's follow-up, inside one transaction. */
export interface RouteTx {
  /** The stored route (deleted included), or null. */
  route(id: string): Promise<StoredRoute | null>;
  /** A live (not deleted) order, or null. */
  order(id: string): Promise<Order | null>;
  /** A stored point's readers (`rider_ids`, [] when it has none), or null when the point is not stored. */
  pointRiders(id: string): Promise<string[] | null>;
  /** Stores the order (stamped with the server time). */
  putOrder(order: Order): void;
  /** Sets a point's readers (and stamps it with the server time, so its riders pull it). */
  putPointRiders(id: string, riderIds: readonly string[]): void;
}

export interface RouteData {
  /** Every stored route of a rider (deleted ones may be left out). */
  riderRoutes(riderId: string): Promise<StoredRoute[]>;
  /** The routes written since `sinceMs` (their server time stamp; deleted ones may be included). */
  routesWrittenSince(sinceMs: number): Promise<StoredRoute[]>;
  transaction<T>(work: (tx: RouteTx) => Promise<T>): Promise<T>;
}

function stopPointIds(route: Pick<Route, 'stops'> | null): string[] {
  return (route?.stops ?? []).map((s) => s.delivery_point_id).filter((p) => typeof p === 'string' && p !== '');
}

function ridersOf(...routes: (Pick<Route, 'rider_id'> | null)[]): string[] {
  return [...new Set(routes.map((r) => r?.rider_id).filter((r): r is string => typeof r === 'string' && r !== ''))];
}

export interface RouteFollowUp {
  /** Orders written (ids). */
  readonly orders: string[];
  /** Points whose readers changed (ids). */
  readonly points: string[];
}

/**
 * Brings the orders and the points of route `routeId` in line with its stored state, given its
 * state before the write (`before`, null when it was created). Idempotent: a second run writes
 * nothing.
 */
export async function followRouteWrite(data: RouteData, before: StoredRoute | null, routeId: string, now: () => number = Date.now): Promise<RouteFollowUp> {
  // Queries cannot run inside a client SDK transaction: the riders' routes are read first, and
  // the route itself again inside (the one that changed).
  const riders = ridersOf(before);
  const others = new Map<string, StoredRoute[]>();
  const routesOf = async (rider: string) => {
    if (!others.has(rider)) others.set(rider, await data.riderRoutes(rider));
    return others.get(rider) ?? [];
  };
  for (const r of riders) await routesOf(r);
  return data.transaction(async (tx) => {
    const stored = await tx.route(routeId);
    const route: StoredRoute | null = stored ?? (before ? { ...before, _deleted: true } : null);
    if (!route) return { orders: [], points: [] };
    const concerned = ridersOf(before, route);
    for (const r of concerned) await routesOf(r);

    // Points: the readers among the riders concerned are recomputed, the others kept.
    const points = [...new Set([...stopPointIds(before), ...stopPointIds(route)])];
    const routes = concerned.flatMap((r) => (others.get(r) ?? []).filter((x) => x.id !== route.id)).concat(route);
    const readers = pointRiders(points, routes);
    const storedReaders = new Map<string, string[] | null>();
    for (const p of points) storedReaders.set(p, await tx.pointRiders(p));

    // Orders: those the route lists now or listed before.
    const orderIds = [...new Set([...listedOrders(before), ...listedOrders(route)])];
    const orders = new Map<string, Order | null>();
    for (const id of orderIds) orders.set(id, await tx.order(id));

    const changedPoints: string[] = [];
    for (const p of points) {
      const was = storedReaders.get(p);
      if (was === null || was === undefined) continue;
      const next = [...new Set([...was.filter((r) => !concerned.includes(r)), ...(readers.get(p) ?? [])])].sort();
      if (JSON.stringify(next) === JSON.stringify([...was].sort())) continue;
      tx.putPointRiders(p, next);
      changedPoints.push(p);
    }
    const written = ordersFollowingRoute(before, route, (id) => orders.get(id) ?? null, (o) => Math.max(Number(o.updated_at) + 1, now()));
    for (const o of written) tx.putOrder(o);
    return { orders: written.map((o) => o.id), points: changedPoints };
  });
}

/** How far back a new point looks for routes already stopping at it (their last write). */
export const NEW_POINT_ROUTES_WINDOW_MS = 14 * 24 * 3_600_000;

/**
 * A delivery point was created: the riders of the live routes written lately that stop at it
 * become its readers (kept with any it has). Idempotent; false when nothing changed.
 */
export async function followPointCreate(data: RouteData, pointId: string, now: () => number = Date.now): Promise<boolean> {
  const routes = (await data.routesWrittenSince(now() - NEW_POINT_ROUTES_WINDOW_MS)).filter((r) => stopPointIds(r).includes(pointId));
  const readers = pointRiders([pointId], routes).get(pointId) ?? [];
  if (readers.length === 0) return false;
  return data.transaction(async (tx) => {
    const was = await tx.pointRiders(pointId);
    if (was === null) return false;
    const next = [...new Set([...was, ...readers])].sort();
    if (JSON.stringify(next) === JSON.stringify([...was].sort())) return false;
    tx.putPointRiders(pointId, next);
    return true;
  });
}

/**
 * Every point's readers from a whole set of routes (seeding a project, or repairing one after
 * the function was first deployed): points named by no live route get [].
 */
export function allPointRiders(pointIds: Iterable<string>, routes: readonly StoredRoute[]): Map<string, string[]> {
  return pointRiders(pointIds, routes);
}
