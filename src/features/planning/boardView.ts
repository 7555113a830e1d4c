/**
 * What the planning board shows, computed from what it reads (pure, issue 30 §2): the unplanned
 * orders grouped by delivery point, the day's routes in order with their colours, and the map's
 * points and lines (the proposal's routes while one is on screen, the stored routes otherwise).
 */
import type { DeliveryPoint, Order, Route } from '../../domain/entities/operation';
import type { DayPlanResult } from '../../domain/routing/day';
import { isLocatedPoint } from '../../domain/routing/edit';
import type { MapLine, MapPoint } from '../../ui/map/MapView';
import { formatDecimal } from '../../i18n';

/** Colours of the routes on the map, in order. */
export const ROUTE_COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#5c940d', '#3b5bdb', '#a61e4d'];
export const routeColor = (i: number): string => ROUTE_COLORS[i % ROUTE_COLORS.length] as string;
/** Unplanned points: colour of their time window's start. */
export function windowColor(start: string): string {
  if (start < '11:00') return '#1971c2';
  if (start < '14:00') return '#f59f00';
  return '#7048e8';
}
export const NO_LOCATION_COLOR = '#868e96';

export interface UnplannedGroup {
  readonly pointId: string;
  readonly point: DeliveryPoint | undefined;
  readonly orders: readonly Order[];
  readonly start: string;
  readonly end: string;
  readonly located: boolean;
}

/** The day's orders with no route, by delivery point, earliest window first (then by name). */
export function unplannedGroups(orders: readonly Order[], points: ReadonlyMap<string, DeliveryPoint>): UnplannedGroup[] {
  const byPoint = new Map<string, Order[]>();
  for (const o of orders) {
    if (o.route_id !== '' || o.status !== 'pending') continue;
    const list = byPoint.get(o.delivery_point_id);
    if (list) list.push(o);
    else byPoint.set(o.delivery_point_id, [o]);
  }
  return [...byPoint.entries()]
    .map(([pointId, list]) => {
      const point = points.get(pointId);
      const starts = list.map((o) => o.window_start).sort();
      const ends = list.map((o) => o.window_end).sort();
      return { pointId, point, orders: list, start: starts[0] as string, end: ends[ends.length - 1] as string, located: isLocatedPoint(point) };
    })
    .sort((a, b) => a.start.localeCompare(b.start) || (a.point?.name ?? a.pointId).localeCompare(b.point?.name ?? b.pointId, 'es'));
}

/** The day's routes that are not cancelled, by code (R-2, R-10 in number order). */
export function dayRoutesOf(routes: readonly Route[]): Route[] {
  return routes.filter((r) => r.status !== 'cancelled').sort((a, b) => a.code.localeCompare(b.code, 'es', { numeric: true }));
}

/** The orders of a selection of unplanned points. */
export function ordersOfPoints(groups: readonly UnplannedGroup[], selected: ReadonlySet<string>): string[] {
  return groups.filter((g) => selected.has(g.pointId)).flatMap((g) => g.orders.map((o) => o.id));
}

export interface MapLayerInput {
  readonly hub: { readonly lat: number; readonly lng: number } | undefined;
  readonly hubTitle: string;
  readonly unplanned: readonly UnplannedGroup[];
  readonly selected: ReadonlySet<string>;
  readonly proposal: DayPlanResult | null;
  readonly dayRoutes: readonly Route[];
  readonly points: ReadonlyMap<string, DeliveryPoint>;
}

/**
 * The map: the hub, the unplanned points (a tick when chosen, else their number of orders; those
 * already on the proposal hidden) and each route as a line from the hub through its numbered stops.
 */
export function mapLayers({ hub, hubTitle, unplanned, selected, proposal, dayRoutes, points }: MapLayerInput): { points: MapPoint[]; lines: MapLine[] } {
  const pts: MapPoint[] = [];
  const lines: MapLine[] = [];
  if (!hub) return { points: pts, lines };
  pts.push({ id: 'hub', lat: hub.lat, lng: hub.lng, label: 'H', color: '#212529', title: hubTitle });
  const onProposal = new Set(proposal ? proposal.routes.flatMap((r) => r.stops.flatMap((s) => s.order_ids)) : []);
  for (const g of unplanned) {
    if (!g.point || !g.located || g.orders.every((o) => onProposal.has(o.id))) continue;
    pts.push({ id: `u:${g.pointId}`, lat: g.point.lat, lng: g.point.lng, label: selected.has(g.pointId) ? '✓' : String(g.orders.length), color: windowColor(g.start), title: g.point.name, cluster: true, weight: g.orders.length });
  }
  const drawn = proposal ? proposal.routes.map((r, i) => ({ id: r.route_id ?? `new-${i}`, color: routeColor(i), stops: r.stops })) : dayRoutes.map((r, i) => ({ id: r.id, color: routeColor(i), stops: r.stops }));
  for (const r of drawn) {
    const path = [{ lat: hub.lat, lng: hub.lng }];
    r.stops.forEach((s, k) => {
      const p = points.get(s.delivery_point_id);
      if (!p || p.located === false) return;
      path.push({ lat: p.lat, lng: p.lng });
      pts.push({ id: `r:${r.id}:${k + 1}`, lat: p.lat, lng: p.lng, label: String(k + 1), color: r.color, title: p.name });
    });
    path.push({ lat: hub.lat, lng: hub.lng });
    lines.push({ id: r.id, color: r.color, path });
  }
  return { points: pts, lines };
}

/** Kilometres of a distance in metres, one decimal, in the interface's locale. */
export const km = (m: number): string => formatDecimal(m / 1000, 1);

/** A duration in seconds as «1 h 5 min» or «45 min». */
export function duration(s: number): string {
  const m = Math.round(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
}
