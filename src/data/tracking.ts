/**
 * The office's live tracking data (issue 33): riders' latest positions (asked once, then heard
 * on the change stream, and asked again every half minute in case an event was missed), and
 * the documents of the routes in progress, from the local database.
 */
import { useEffect, useMemo, useState } from 'react';
import type { DeliveryEvent } from '../domain/entities/events';
import type { DeliveryPoint, Order, Route, User } from '../domain/entities/operation';
import type { Hub } from '../domain/entities/reference';
import { etaOfRouteDocs, travelSettingsOfHub } from '../domain/tracking/fromEntities';
import type { RoutePosition } from '../domain/tracking/positions';
import { stopEtaLines, type StopEtaLine } from '../domain/tracking/stopEtaLines';
import { useDocsByIds, useLiveQuery } from './hooks';
import { useOwnLastPosition } from './positionSharing';
import { deliveriesOfRoutes, routesOfDay } from './queries';
import { useCatalog } from './reference';
import { sessionBackend } from './session';

const POLL_MS = 30_000;

/** Latest position per route id (live). */
export function useLivePositions(): ReadonlyMap<string, RoutePosition> {
  const [positions, setPositions] = useState<ReadonlyMap<string, RoutePosition>>(new Map());
  useEffect(() => {
    const tracking = sessionBackend().tracking;
    let live = true;
    const merge = (list: readonly RoutePosition[]) => {
      if (!live || list.length === 0) return;
      setPositions((old) => {
        let next: Map<string, RoutePosition> | null = null;
        for (const p of list) {
          const known = (next ?? old).get(p.route_id);
          if (known && known.at >= p.at) continue;
          next ??= new Map(old);
          next.set(p.route_id, p);
        }
        return next ?? old;
      });
    };
    const ask = () => void tracking.latestPositions().then(merge, () => undefined);
    ask();
    const timer = setInterval(ask, POLL_MS);
    const sub = tracking.livePositions().subscribe(merge);
    return () => {
      live = false;
      clearInterval(timer);
      sub.unsubscribe();
    };
  }, []);
  return positions;
}

export interface TrackedDocs {
  readonly routes: readonly Route[];
  readonly orders: ReadonlyMap<string, Order>;
  readonly points: ReadonlyMap<string, DeliveryPoint>;
  readonly events: readonly DeliveryEvent[];
  readonly hubs: readonly Hub[];
  readonly riders: ReadonlyMap<string, User>;
  readonly loading: boolean;
}

/** The documents of the day's routes in progress (or of the one route given). */
export function useTrackedDocs(date: string, onlyRouteId?: string): TrackedDocs {
  const day = useLiveQuery<Route[]>((db) => routesOfDay(db, date), [date], []);
  const routes = useMemo(() => day.data.filter((r) => r.status === 'in_progress' && (onlyRouteId === undefined || r.id === onlyRouteId)), [day.data, onlyRouteId]);
  const routeIds = useMemo(() => routes.map((r) => r.id), [routes]);
  // Made again only when the routes change (hundreds of routes: thousands of ids to sort).
  const orderIds = useMemo(() => routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)), [routes]);
  const pointIds = useMemo(() => routes.flatMap((r) => r.stops.map((s) => s.delivery_point_id)), [routes]);
  const riderIds = useMemo(() => routes.map((r) => r.rider_id), [routes]);
  const orders = useDocsByIds('orders', orderIds);
  const points = useDocsByIds('delivery_points', pointIds);
  const riders = useDocsByIds('users', riderIds);
  const key = routeIds.join(',');
  const events = useLiveQuery<DeliveryEvent[]>((db) => (key ? deliveriesOfRoutes(db, key.split(',')) : null), [key], []);
  const hubs = useCatalog('hub');
  return { routes, orders: orders.data, points: points.data, events: events.data, hubs: hubs.data, riders: riders.data, loading: day.loading };
}

/** A clock for screens that show ages and ETAs: the time now, again every `everyMs`. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The expected arrival at each remaining stop of a route in progress, for the rider's own stop
 * list (issue 33): the same function as the office (etaOfRouteDocs, the hub's offline estimate),
 * from the route, its orders, points, events and this device's last own position for it.
 * Recomputed when any of them changes and every minute. Empty for a route not in progress.
 */
export function useRouteEtas(route: Route | null | undefined, events: readonly DeliveryEvent[], points: ReadonlyMap<string, DeliveryPoint>): ReadonlyMap<number, StopEtaLine> {
  const live = route?.status === 'in_progress' ? route : null;
  const orders = useDocsByIds('orders', live ? live.stops.flatMap((s) => s.order_ids) : []);
  const hubs = useCatalog('hub');
  const position = useOwnLastPosition(live?.id ?? null);
  const now = useNow(60_000);
  return useMemo(() => {
    if (!live) return new Map<number, StopEtaLine>();
    const hub = hubs.data.find((h) => h.number === live.hub) ?? null;
    const etas = etaOfRouteDocs({
      route: live,
      orders: [...orders.data.values()],
      points: [...points.values()],
      hub,
      events,
      position: position ? { lat: position.lat, lng: position.lng, atMs: position.at, accuracy: position.accuracy } : null,
      // The minute's clock, or later when something newer arrived since (an event, a position).
      nowMs: Math.max(now, position?.at ?? 0, ...events.map((e) => e.at)),
      hubSettings: travelSettingsOfHub(hub),
    });
    return stopEtaLines(etas);
  }, [live, orders.data, points, hubs.data, events, position, now]);
}
